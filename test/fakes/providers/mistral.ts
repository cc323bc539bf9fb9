/** Mistral's API: strict about unknown parameters and about message order. */
import { dataFrame, jsonRefusal, type Persona } from './persona.js';
import { userAfterTool } from './rules.js';
import { wholeCalls } from './shapes.js';

/** mistral-large-latest on `https://api.mistral.ai/v1`. */
export function mistral(): Persona {
  return {
    name: 'mistral',
    provider: 'Mistral API (`https://api.mistral.ai/v1`), mistral-large-latest',
    sources: [
      'avante-corp/avante.nvim #2347, LiteLLM litellm/llms/mistral/chat/transformation.py (422 extra_forbidden for stream_options)',
      "datapizza-labs/datapizza-ai #98, BerriAI/litellm #17761 (\"Unexpected role 'user' after role 'tool'\")",
      "vercel/ai PR #14888 (whole tool calls with Mistral's short ids)",
    ],
    basePath: '/v1',
    inputs: (origin) => ({ 'base-url': `${origin}/v1`, model: 'mistral-large-latest' }),
    refuse: (request) => {
      if (request.body?.stream_options !== undefined)
        return jsonRefusal(422, {
          object: 'error',
          message: {
            detail: [
              {
                type: 'extra_forbidden',
                loc: ['body', 'stream_options', 'include_usage'],
                msg: 'Extra inputs are not permitted',
                input: true,
              },
            ],
          },
          type: 'invalid_request_error',
          param: null,
          code: null,
        });
      // Pydantic refuses every field it does not model, OpenAI's `prompt_cache_key` too.
      if (request.body?.prompt_cache_key !== undefined)
        return jsonRefusal(422, {
          object: 'error',
          message: {
            detail: [
              {
                type: 'extra_forbidden',
                loc: ['body', 'prompt_cache_key'],
                msg: 'Extra inputs are not permitted',
                input: request.body.prompt_cache_key,
              },
            ],
          },
          type: 'invalid_request_error',
          param: null,
          code: null,
        });
      if (userAfterTool(request) !== undefined)
        return jsonRefusal(400, {
          object: 'error',
          message: "Unexpected role 'user' after role 'tool'",
          type: 'invalid_request_message_order',
          param: null,
          code: '3230',
        });
      return undefined;
    },
    // Whole calls, and the usage on the finish chunk (Mistral reports it without being asked).
    frames: (chunks, request) => {
      const tokens = Math.ceil(JSON.stringify(request.body?.messages ?? []).length / 4);
      return wholeCalls(chunks, { index: 'keep' }).map((chunk) => {
        if (typeof chunk === 'string' || !chunk.choices?.[0]?.finish_reason) return dataFrame(chunk);
        return dataFrame({
          ...chunk,
          usage: { prompt_tokens: tokens, completion_tokens: 20, total_tokens: tokens + 20 },
        });
      });
    },
  };
}
