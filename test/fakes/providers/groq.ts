/** Groq: whole calls, usage only under `x_groq`, and `tool_use_failed` as an error event. */
import { dataFrame, eventFrame, type Persona } from './persona.js';
import { usageInXGroq, wholeCalls } from './shapes.js';

/** openai/gpt-oss-120b on `https://api.groq.com/openai/v1`. */
export function groq(): Persona {
  let failed = false;
  return {
    name: 'groq',
    provider: 'Groq (`https://api.groq.com/openai/v1`), openai/gpt-oss-120b',
    sources: [
      'vercel/ai #1651 (usage under x_groq.usage)',
      'BerriAI/litellm #7621, Portkey-AI/gateway #1338 (one chunk per tool call with its id)',
      'groq/groq-typescript #28, anomalyco/opencode #1018 (tool_use_failed as `event: error` in the stream)',
    ],
    basePath: '/openai/v1',
    inputs: (origin) => ({ 'base-url': `${origin}/openai/v1`, model: 'openai/gpt-oss-120b' }),
    interrupt: () => {
      if (failed) return undefined;
      failed = true;
      return [
        eventFrame('error', {
          error: {
            message:
              "Failed to call a function. Please adjust your prompt. See 'failed_generation' for more details.",
            type: 'invalid_request_error',
            code: 'tool_use_failed',
            failed_generation: '<function=read_file>{"path": "src/greet.js"</function>',
          },
        }),
      ];
    },
    frames: (chunks, request) => {
      const prompt = Math.ceil(JSON.stringify(request.body?.messages ?? []).length / 4);
      const usage = {
        queue_time: 0.01,
        prompt_tokens: prompt,
        completion_tokens: 25,
        total_tokens: prompt + 25,
      };
      return usageInXGroq(wholeCalls(chunks, { index: 'keep' }), usage).map(dataFrame);
    },
  };
}
