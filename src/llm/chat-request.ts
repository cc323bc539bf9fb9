/**
 * The one place that decides what a Chat Completions request contains: the optional parameters
 * the endpoint has not refused (see `request-rules.ts`), images unless it refused image input
 * (`image-parts.ts`), `reasoning_effort` when the input sets it, and a message order every
 * provider accepts. Pure and linear in the history, so it costs
 * nothing measurable per turn (see `bench/request-shaping.bench.ts`).
 */
import type {
  ChatCompletionCreateParamsStreaming,
  ChatCompletionMessageParam,
  ChatCompletionTool,
} from 'openai/resources/chat/completions';
import type { ReasoningEffort } from './client.js';
import { withoutImages } from './image-parts.js';
import type { RequestRules } from './request-rules.js';
import { chatResponseFormat, type ResponseSchema, sendsResponseSchema } from './response-format.js';

/** What the request is built from. */
export interface ChatRequestInput {
  model: string;
  messages: readonly ChatCompletionMessageParam[];
  tools: readonly ChatCompletionTool[];
  rules: RequestRules;
  reasoningEffort: ReasoningEffort | undefined;
  /** `prompt_cache_key`, sent until the endpoint refuses it. */
  promptCacheKey?: string | undefined;
  /** The `output-schema` as `response_format`, sent until the endpoint refuses it. */
  responseSchema?: ResponseSchema | undefined;
}

/** Text for an assistant message that said nothing and called nothing (null is refused). */
export const EMPTY_ANSWER = '(no answer)';

/** Builds the streamed request body. */
export function buildChatRequest(input: ChatRequestInput): ChatCompletionCreateParamsStreaming {
  const { rules } = input;
  return {
    model: input.model,
    messages: providerSafeOrder(rules.allows('image-input') ? input.messages : withoutImages(input.messages)),
    stream: true,
    ...(rules.allows('stream_options') ? { stream_options: { include_usage: true } } : {}),
    ...(input.tools.length > 0
      ? {
          tools: [...input.tools],
          ...(rules.allows('parallel_tool_calls') ? { parallel_tool_calls: true } : {}),
        }
      : {}),
    // The SDK's type trails the values providers accept (`none`, `xhigh`); the input validated it.
    ...(input.reasoningEffort
      ? { reasoning_effort: input.reasoningEffort as ChatCompletionCreateParamsStreaming['reasoning_effort'] }
      : {}),
    ...(input.promptCacheKey && rules.allows('prompt_cache_key')
      ? { prompt_cache_key: input.promptCacheKey }
      : {}),
    ...(input.responseSchema && sendsResponseSchema(rules)
      ? { response_format: chatResponseFormat(input.responseSchema, rules) }
      : {}),
  };
}

/**
 * The history in an order every provider takes. Mistral refuses a `user` message right after
 * `tool` messages, so such a note is folded into the last tool result; OpenAI, Ollama and LM Studio
 * refuse an assistant message with `content: null` and no tool calls, so it gets a placeholder.
 * Returns the input itself when nothing needs changing (the common case).
 */
export function providerSafeOrder(
  messages: readonly ChatCompletionMessageParam[],
): ChatCompletionMessageParam[] {
  let out: ChatCompletionMessageParam[] | undefined;
  for (let i = 0; i < messages.length; i++) {
    const message = messages[i]!;
    const previous = i > 0 ? messages[i - 1] : undefined;
    const emptyAnswer =
      message.role === 'assistant' && !message.tool_calls?.length && !hasText(message.content);
    const userAfterTool = message.role === 'user' && previous?.role === 'tool';
    if (!out && !emptyAnswer && !userAfterTool) continue;
    out ??= messages.slice(0, i);
    if (emptyAnswer) out.push({ ...message, content: EMPTY_ANSWER } as ChatCompletionMessageParam);
    else if (userAfterTool) {
      const tool = out.pop() as Extract<ChatCompletionMessageParam, { role: 'tool' }>;
      out.push({ ...tool, content: `${textOf(tool.content)}\n\n${textOf(message.content)}` });
    } else out.push(message);
  }
  return out ?? (messages as ChatCompletionMessageParam[]);
}

function hasText(content: unknown): boolean {
  return typeof content === 'string' ? content.length > 0 : Array.isArray(content) && content.length > 0;
}

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part) => (part && typeof part === 'object' && 'text' in part ? String(part.text) : ''))
    .join('');
}
