/**
 * One streamed Chat Completions turn: sends the conversation, reads the SSE chunks, and returns
 * the assistant's text, its tool calls and the token usage. While the stream runs it reports text
 * and each tool call the moment its arguments are complete (see `tool-call-assembler.ts`).
 *
 * The SSE body is read here (`sse-reader.ts`), not by the SDK, so keep-alive comments count as
 * life for the idle watchdog and error events in a 200 stream are seen for what they are. What
 * goes into the request is decided in `chat-request.ts`.
 *
 * One attempt only: errors are thrown as they are, and a stream that stops early becomes a
 * {@link StreamBrokenError}. Retrying is the caller's decision.
 */
import type { ChatCompletionMessageParam, ChatCompletionTool } from 'openai/resources/chat/completions';
import { buildChatRequest } from './chat-request.js';
import type { LlmClient } from './client.js';
import { parseErrorBody } from './error-body.js';
import { IdleWatch } from './idle-watch.js';
import type { ResponseSchema } from './response-format.js';
import { StreamBrokenError } from './retry.js';
import { streamedTurnEvents } from './sse-reader.js';
import { type TokenUsage, usageFromProvider } from './token-usage.js';
import type { ToolCall } from './tool-call.js';
import { ToolCallAssembler, type ToolCallDelta } from './tool-call-assembler.js';
import { TurnFields } from './turn-fields.js';

export type { TokenUsage } from './token-usage.js';

/** Reported while the turn streams. */
export type TurnStreamEvent = { type: 'text'; text: string } | { type: 'call'; call: ToolCall };

export interface StreamedTurn {
  content: string;
  toolCalls: ToolCall[];
  /** `stop`, `tool_calls`, `length`, `content_filter`, …; inferred when the stream sent none. */
  finishReason: string;
  /** Undefined when the endpoint reported none. */
  usage: TokenUsage | undefined;
  /** The model that answered, as the endpoint named it (it may differ from the one asked for). */
  model?: string;
  /**
   * Provider-specific fields of the assistant message (DeepSeek's `reasoning_content`,
   * OpenRouter's `reasoning_details`, the Responses API's output items). Opaque: merged into the
   * assistant message of the history exactly as received, so the next request carries them back.
   */
  assistantFields?: Record<string, unknown>;
}

export interface StreamTurnRequest {
  messages: ChatCompletionMessageParam[];
  tools: ChatCompletionTool[];
  /** The `output-schema`, when this turn asks for it as a response format (see `response-format.ts`). */
  responseSchema?: ResponseSchema | undefined;
  signal?: AbortSignal;
  onEvent?: (event: TurnStreamEvent) => void;
}

/** A chunk as any provider sends it; nothing in it is trusted to be there. */
interface RawChunk {
  error?: unknown;
  model?: unknown;
  usage?: unknown;
  x_groq?: { usage?: unknown };
  choices?: Array<{
    delta?: { content?: unknown; tool_calls?: ToolCallDelta[] } & Record<string, unknown>;
    finish_reason?: string | null;
  }>;
}

interface TurnState {
  model?: string;
  content: string;
  finishReason: string;
  usage: TokenUsage | undefined;
  fields: TurnFields;
}

/** Runs one streamed turn against `llm`. */
export async function streamTurn(llm: LlmClient, request: StreamTurnRequest): Promise<StreamedTurn> {
  const idle = new IdleWatch(llm.idleTimeoutMs);
  const signal = request.signal ? AbortSignal.any([request.signal, idle.signal]) : idle.signal;
  const params = buildChatRequest({
    model: llm.model,
    messages: request.messages,
    tools: request.tools,
    rules: llm.rules,
    reasoningEffort: llm.reasoningEffort,
    promptCacheKey: llm.promptCacheKey,
    responseSchema: request.responseSchema,
  });
  const assembler = new ToolCallAssembler();
  const state: TurnState = { content: '', finishReason: '', usage: undefined, fields: new TurnFields() };
  const emit = (calls: ToolCall[]) => {
    for (const call of calls) request.onEvent?.({ type: 'call', call });
  };
  let sawDone = false;
  try {
    const response = await llm.openai.chat.completions
      .create(params, { signal, timeout: llm.idleTimeoutMs })
      .asResponse()
      .catch((error: unknown) => {
        throw idle.fired ? idle.error() : error;
      });
    for await (const { event, data } of streamedTurnEvents(response, idle, request.signal)) {
      if (data.trim() === '[DONE]') {
        sawDone = true;
        break;
      }
      readChunk(event, data, state, assembler, request.onEvent, emit);
    }
  } finally {
    idle.stop();
  }
  if (!state.finishReason) {
    // `[DONE]` ends a complete stream even when no choice said why; a stream with neither did not finish.
    if (!sawDone)
      throw new StreamBrokenError('the stream ended without finish_reason or [DONE]', { once: true });
    state.finishReason = assembler.all().length > 0 ? 'tool_calls' : 'stop';
  }
  emit(assembler.finish());
  const assistantFields = state.fields.assistantFields();
  return {
    content: state.content,
    toolCalls: assembler.all(),
    finishReason: state.finishReason,
    usage: state.usage,
    ...(state.model ? { model: state.model } : {}),
    ...(assistantFields ? { assistantFields } : {}),
  };
}

function readChunk(
  event: string | undefined,
  data: string,
  state: TurnState,
  assembler: ToolCallAssembler,
  onEvent: StreamTurnRequest['onEvent'],
  emit: (calls: ToolCall[]) => void,
): void {
  let chunk: RawChunk;
  try {
    chunk = JSON.parse(data);
  } catch {
    throw new StreamBrokenError(`the endpoint sent data that is not JSON: ${data.slice(0, 200)}`);
  }
  // OpenRouter and vLLM put an `error` object in a 200 stream; Groq sends `event: error`.
  if (event === 'error' || !chunk || typeof chunk !== 'object' || chunk.error) {
    throw new StreamBrokenError(`the endpoint sent an error in the stream: ${parseErrorBody(data).message}`);
  }
  if (typeof chunk.model === 'string' && chunk.model) state.model = chunk.model;
  const usage = usageFromProvider(chunk.usage) ?? usageFromProvider(chunk.x_groq?.usage);
  if (usage) state.usage = usage;
  const choice = Array.isArray(chunk.choices) ? chunk.choices[0] : undefined;
  if (!choice) return;
  const delta = choice.delta ?? {};
  const text = textOf(delta.content);
  if (text) {
    state.content += text;
    onEvent?.({ type: 'text', text });
  }
  state.fields.add(delta);
  for (const call of Array.isArray(delta.tool_calls) ? delta.tool_calls : []) emit(assembler.add(call));
  if (choice.finish_reason) {
    state.finishReason = choice.finish_reason;
    // The choice is over: calls whose arguments parse are complete now, not after the usage
    // chunk and [DONE]. A call still missing pieces waits: some servers send them after this.
    emit(assembler.settle());
  }
}

/** Text of a delta: a string, or (Mistral's reasoning models) an array of text/thinking blocks. */
function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((block) => (block?.type === 'text' && typeof block.text === 'string' ? block.text : ''))
    .join('');
}

function _describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
  return `${error.message}${cause}`;
}
