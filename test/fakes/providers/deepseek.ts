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

/**
 * deepseek-chat, a text-only model: any `image_url` part is refused while the body is parsed,
 * before the model sees it (serde's "unknown variant" for the content part's tag).
 */
export function deepSeekTextOnly(): Persona {
  return {
    name: 'deepseek-text-only',
    provider: 'DeepSeek (`https://api.deepseek.com`), deepseek-chat, which takes no image input',
    sources: [
      'ZMGID/kivio #3 (the whole 400 body: "Failed to deserialize the JSON body into the target type: messages[0]: unknown variant `image_url`, expected `text` at line 1 column …")',
      'nesquena/hermes-webui #2297, jxxghp/MoviePilot #5863, rikkahub/rikkahub #1433 (the same refusal from deepseek-chat and deepseek-v4)',
    ],
    basePath: '',
    inputs: (origin) => ({ 'base-url': origin, model: 'deepseek-chat' }),
    refuse: (request) => {
      const messages: Array<{ content?: unknown }> = Array.isArray(request.body?.messages)
        ? request.body.messages
        : [];
      const index = messages.findIndex(
        (m) =>
          Array.isArray(m.content) &&
          m.content.some((part: { type?: unknown }) => part?.type === 'image_url'),
      );
      if (index < 0) return undefined;
      const column = JSON.stringify(request.body).indexOf('"type":"image_url"') + 8;
      return openAiRefusal(400, {
        message: `Failed to deserialize the JSON body into the target type: messages[${index}]: unknown variant \`image_url\`, expected \`text\` at line 1 column ${column}`,
        type: 'invalid_request_error',
        param: null,
        code: 'invalid_request_error',
      });
    },
  };
}
