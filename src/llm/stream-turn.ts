/**
 * One streamed Chat Completions turn: sends the conversation, reads the SSE chunks, and returns
 * the assistant's text, its tool calls and the token usage. While the stream runs it reports text
 * and each tool call the moment its arguments are complete (see `tool-call-assembler.ts`).
 *
 * One attempt only: errors are thrown as they are, and a stream that stops early becomes a
 * {@link StreamBrokenError}. Retrying is the caller's decision.
 */
import type {
  ChatCompletionChunk,
  ChatCompletionCreateParamsStreaming,
  ChatCompletionMessageParam,
  ChatCompletionTool,
} from 'openai/resources/chat/completions';
import type { ToolCall } from '../tools/tool.js';
import type { LlmClient } from './client.js';
import { StreamBrokenError } from './retry.js';
import { ToolCallAssembler } from './tool-call-assembler.js';

export interface TokenUsage {
  prompt: number;
  completion: number;
  total: number;
}

/** Reported while the turn streams. */
export type TurnStreamEvent = { type: 'text'; text: string } | { type: 'call'; call: ToolCall };

export interface StreamedTurn {
  content: string;
  toolCalls: ToolCall[];
  finishReason: string;
  /** Undefined when the endpoint ignores `stream_options.include_usage`. */
  usage: TokenUsage | undefined;
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
  signal?: AbortSignal;
  onEvent?: (event: TurnStreamEvent) => void;
}

/** Runs one streamed turn against `llm`. */
export async function streamTurn(llm: LlmClient, request: StreamTurnRequest): Promise<StreamedTurn> {
  const idle = new IdleWatch(llm.idleTimeoutMs);
  const signal = request.signal ? AbortSignal.any([request.signal, idle.signal]) : idle.signal;
  const params: ChatCompletionCreateParamsStreaming = {
    model: llm.model,
    messages: request.messages,
    stream: true,
    stream_options: { include_usage: true },
    ...(request.tools.length > 0 ? { tools: request.tools, parallel_tool_calls: true } : {}),
  };
  const assembler = new ToolCallAssembler();
  const state = { content: '', finishReason: '', usage: undefined as TokenUsage | undefined };
  const emit = (calls: ToolCall[]) => {
    for (const call of calls) request.onEvent?.({ type: 'call', call });
  };
  try {
    const stream = await llm.openai.chat.completions
      .create(params, { signal, timeout: llm.idleTimeoutMs })
      .catch((error: unknown) => {
        throw idle.fired ? idle.error() : error;
      });
    const chunks = stream[Symbol.asyncIterator]();
    for (;;) {
      let next: IteratorResult<ChatCompletionChunk>;
      try {
        next = await chunks.next();
      } catch (error) {
        throw request.signal?.aborted
          ? error
          : new StreamBrokenError(`stream broke: ${describe(error)}`, { cause: error });
      }
      // The SDK ends iteration quietly when the request is aborted; say why it ended.
      if (request.signal?.aborted) throw request.signal.reason;
      if (idle.fired) throw idle.error();
      if (next.done) break;
      idle.touch();
      readChunk(next.value, state, assembler, request.onEvent, emit);
    }
  } finally {
    idle.stop();
  }
  if (!state.finishReason) throw new StreamBrokenError('stream closed before the turn finished');
  emit(assembler.finish());
  return {
    content: state.content,
    toolCalls: assembler.all(),
    finishReason: state.finishReason,
    usage: state.usage,
  };
}

function readChunk(
  chunk: ChatCompletionChunk,
  state: { content: string; finishReason: string; usage: TokenUsage | undefined },
  assembler: ToolCallAssembler,
  onEvent: StreamTurnRequest['onEvent'],
  emit: (calls: ToolCall[]) => void,
): void {
  if (chunk.usage) {
    const { prompt_tokens: prompt, completion_tokens: completion } = chunk.usage;
    state.usage = { prompt, completion, total: chunk.usage.total_tokens ?? prompt + completion };
  }
  const choice = chunk.choices?.[0];
  if (!choice) return;
  const text = choice.delta?.content;
  if (text) {
    state.content += text;
    onEvent?.({ type: 'text', text });
  }
  for (const delta of choice.delta?.tool_calls ?? []) emit(assembler.add(delta));
  if (choice.finish_reason) {
    state.finishReason = choice.finish_reason;
    // The choice is over: the last call is complete now, not after the usage chunk and [DONE].
    emit(assembler.finish());
  }
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
  return `${error.message}${cause}`;
}

/** Aborts the request when neither headers nor chunks arrive for `ms`: a hung endpoint. */
class IdleWatch {
  private readonly controller = new AbortController();
  private timer: NodeJS.Timeout;
  fired = false;

  constructor(private readonly ms: number) {
    this.timer = this.arm();
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  touch(): void {
    clearTimeout(this.timer);
    this.timer = this.arm();
  }

  stop(): void {
    clearTimeout(this.timer);
  }

  error(): StreamBrokenError {
    return new StreamBrokenError(`no data from the endpoint for ${Math.round(this.ms / 1000)} s`);
  }

  private arm(): NodeJS.Timeout {
    return setTimeout(() => {
      this.fired = true;
      this.controller.abort();
    }, this.ms);
  }
}
