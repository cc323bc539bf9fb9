/** DeepSeek in thinking mode: reasoning before the calls, and it must come back with them. */
import { commentFrame, dataFrame, openAiRefusal, type Persona } from './persona.js';
import { callMessageWithout } from './rules.js';
import { before, usageOf } from './shapes.js';

/** deepseek-reasoner on `https://api.deepseek.com` (no `/v1`). */
export function deepSeekThinking(): Persona {
  return {
    name: 'deepseek-thinking',
    provider: 'DeepSeek (`https://api.deepseek.com`), deepseek-reasoner in thinking mode',
    sources: [
      'api-docs.deepseek.com/guides/thinking_mode (reasoning_content must be passed back on tool-call turns); hotovo/aider-desk #529 (the refusal body)',
      'api-docs.deepseek.com/quick_start/rate_limit (": keep-alive" comments while a request waits)',
      'api-docs.deepseek.com (usage with prompt_cache_hit_tokens / prompt_cache_miss_tokens)',
    ],
    basePath: '',
    inputs: (origin) => ({ 'base-url': origin, model: 'deepseek-reasoner' }),
    refuse: (request) => {
      const index = callMessageWithout(
        request,
        (m) => typeof m.reasoning_content === 'string' && m.reasoning_content.length > 0,
      );
      if (index === undefined) return undefined;
      return openAiRefusal(400, {
        message: `Missing \`reasoning_content\` field in the assistant message at message index ${index}. For more information, please refer to https://api-docs.deepseek.com/guides/thinking_mode#tool-calls`,
        type: 'invalid_request_error',
        param: null,
        code: 'invalid_request_error',
      });
    },
    frames: (chunks) => {
      const thinking = before(chunks, [
        { reasoning_content: 'The user wants ' },
        { reasoning_content: 'the typo fixed.' },
      ]);
      const withCache = thinking.map((chunk) => {
        if (typeof chunk === 'string' || !chunk.usage) return chunk;
        const { prompt_tokens_details: _d, completion_tokens_details: _c, ...usage } = usageOf([chunk])!;
        const hit = Math.floor(usage.prompt_tokens / 2);
        return {
          ...chunk,
          usage: {
            ...usage,
            prompt_cache_hit_tokens: hit,
            prompt_cache_miss_tokens: usage.prompt_tokens - hit,
          },
        };
      });
      return [commentFrame('keep-alive'), commentFrame('keep-alive'), ...withCache.map(dataFrame)];
    },
  };
}
