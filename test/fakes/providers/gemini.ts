/** Gemini through Google's OpenAI compatibility layer, and through OpenRouter. */
import type { RecordedRequest } from '../openai-server.js';
import { commentFrame, dataFrame, jsonRefusal, type Persona } from './persona.js';
import { callMessageWithout } from './rules.js';
import { before, onCalls, wholeCalls } from './shapes.js';

const signatureOf = (id: string) => `sig-${id}`;

/** Every earlier call carries the signature Gemini gave it. */
function signed(message: Record<string, any>): boolean {
  return message.tool_calls.every(
    (call: any) => call.extra_content?.google?.thought_signature === signatureOf(call.id),
  );
}

/** gemini-3-pro-preview on `https://generativelanguage.googleapis.com/v1beta/openai`. */
export function geminiDirect(): Persona {
  return {
    name: 'gemini-direct',
    provider: 'Google Gemini OpenAI compatibility (`…/v1beta/openai`), gemini-3-pro-preview',
    sources: [
      'ai.google.dev/gemini-api/docs/thought-signatures (signatures must be passed back during function calling)',
      'THU-MAIC/OpenMAIC #1556 (captured chunk: index-less whole calls with extra_content), googleapis/python-genai #2868 (finish "stop")',
      'jackmpcollins/magentic PR #382 (errors as a JSON array)',
    ],
    basePath: '/v1beta/openai',
    inputs: (origin) => ({ 'base-url': `${origin}/v1beta/openai`, model: 'gemini-3-pro-preview' }),
    notFound: () => ({
      status: 404,
      type: 'application/json',
      body: JSON.stringify([{ error: { code: 404, message: 'Method not found.', status: 'NOT_FOUND' } }]),
    }),
    refuse: (request: RecordedRequest) => {
      const index = callMessageWithout(request, signed);
      if (index === undefined) return undefined;
      return jsonRefusal(400, [
        {
          error: {
            code: 400,
            message: `Function call is missing a thought_signature in functionCall parts. This is required for tools to work correctly, and missing thought_signature may lead to degraded model performance. Additional data, function call \`default_api:read_file\` , position ${index}. Please refer to https://ai.google.dev/gemini-api/docs/thought-signatures for more details.`,
            status: 'INVALID_ARGUMENT',
          },
        },
      ]);
    },
    frames: (chunks) => {
      const whole = wholeCalls(chunks, { index: 'none' });
      const signedCalls = onCalls(whole, (id) => ({
        extra_content: { google: { thought_signature: signatureOf(id) } },
      }));
      // Gemini ends a tool-call turn with "stop".
      return signedCalls
        .map((chunk) =>
          typeof chunk !== 'string' && chunk.choices?.[0]?.finish_reason === 'tool_calls'
            ? { ...chunk, choices: [{ ...chunk.choices[0], finish_reason: 'stop' }] }
            : chunk,
        )
        .map(dataFrame);
    },
  };
}

const detailOf = (n: number) => `enc-${n}`;

/** google/gemini-3-pro-preview on OpenRouter: keep-alive comments, reasoning_details, an error event. */
export function openRouterGemini(): Persona {
  let replies = 0;
  let interrupted = false;
  const keepAlive = [commentFrame('OPENROUTER PROCESSING'), commentFrame('OPENROUTER PROCESSING')];
  return {
    name: 'openrouter-gemini',
    provider: 'OpenRouter (`https://openrouter.ai/api/v1`), google/gemini-3-pro-preview',
    sources: [
      'openrouter.ai/docs/api-reference/streaming (": OPENROUTER PROCESSING" comments)',
      'openrouter.ai/docs/errors (errors during generation as an `error` field in a 200 stream)',
      'openrouter.ai/docs/use-cases/reasoning-tokens#preserving-reasoning-blocks; LibreChat-AI/agents #37, RooCodeInc/Roo-Code #10307 (the refusal without reasoning_details)',
    ],
    basePath: '/api/v1',
    inputs: (origin) => ({ 'base-url': `${origin}/api/v1`, model: 'google/gemini-3-pro-preview' }),
    refuse: (request) => {
      const index = callMessageWithout(
        request,
        (m) =>
          Array.isArray(m.reasoning_details) &&
          m.reasoning_details.some((d: any) => String(d.data ?? '').startsWith('enc-')),
      );
      if (index === undefined) return undefined;
      return jsonRefusal(400, {
        error: {
          message: 'Provider returned error',
          code: 400,
          metadata: {
            raw: 'Gemini models require OpenRouter reasoning details to be preserved in each request. Please refer to our docs: https://openrouter.ai/docs/use-cases/reasoning-tokens#preserving-reasoning-blocks. Upstream error: Function call is missing a thought_signature in functionCall parts.',
            provider_name: 'Google AI Studio',
          },
        },
      });
    },
    // The first generation fails upstream after the stream has started.
    interrupt: () => {
      if (interrupted) return undefined;
      interrupted = true;
      return [
        ...keepAlive,
        dataFrame({
          id: 'gen-fake',
          object: 'chat.completion.chunk',
          created: 0,
          model: 'google/gemini-3-pro-preview',
          error: { code: 'server_error', message: 'Provider disconnected' },
          choices: [{ index: 0, delta: { content: '' }, finish_reason: 'error' }],
        }),
      ];
    },
    frames: (chunks) => {
      replies += 1;
      const hasCalls = chunks.some((c) => typeof c !== 'string' && c.choices?.[0]?.delta?.tool_calls);
      const reasoning = [
        {
          reasoning: 'Looking',
          reasoning_details: [
            { type: 'reasoning.text', text: 'Looking', index: 0, format: 'google-gemini-v1' },
          ],
        },
        {
          reasoning: ' at it.',
          reasoning_details: [
            { type: 'reasoning.text', text: ' at it.', index: 0, format: 'google-gemini-v1' },
          ],
        },
        ...(hasCalls
          ? [
              {
                reasoning_details: [
                  {
                    type: 'reasoning.encrypted',
                    data: detailOf(replies),
                    index: 1,
                    format: 'google-gemini-v1',
                  },
                ],
              },
            ]
          : []),
      ];
      return [...keepAlive, ...before(chunks, reasoning).map(dataFrame)];
    },
  };
}

/** A model OpenRouter routes to no provider that supports tools. */
export function openRouterWithoutTools(): Persona {
  return {
    ...openRouterGemini(),
    name: 'openrouter-no-tools',
    provider: 'OpenRouter with a model no provider serves with tool support',
    sources: [
      'evalstate/fast-agent #122, pydantic/pydantic-ai #2896 (404 "No endpoints found that support tool use")',
    ],
    inputs: (origin) => ({ 'base-url': `${origin}/api/v1`, model: 'some-org/tool-less-model' }),
    interrupt: undefined,
    refuse: () =>
      jsonRefusal(404, {
        error: {
          message:
            'No endpoints found that support tool use. To learn more about provider routing, visit: https://openrouter.ai/docs/provider-routing',
          code: 404,
        },
      }),
  };
}
