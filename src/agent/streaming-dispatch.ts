/**
 * Streaming dispatch: tool calls are handed to the scheduler while the model is still streaming.
 * A read-only call starts the moment its arguments are complete; the first call that is not
 * read-only, and everything after it, is held until the stream has ended cleanly, then fed in
 * order, so the scheduler's rules (serial steps, sibling cancellation, results in call order) hold.
 *
 * Holding non-read-only calls also means a stream that breaks mid-turn has only ever started
 * read-only calls: those results are kept (never re-run) and nothing with side effects ran.
 */
import type { ChatCompletionMessageParam, ChatCompletionTool } from 'openai/resources/chat/completions';
import type { LlmClient } from '../llm/client.js';
import { streamModelTurn } from '../llm/model-turn.js';
import type { ResponseSchema } from '../llm/response-format.js';
import type { StreamedTurn } from '../llm/stream-turn.js';
import type { ToolCall } from '../llm/tool-call.js';
import type { ToolRegistry } from '../tools/registry.js';
import type { ToolResult } from '../tools/tool.js';
import { CallQueue } from './call-queue.js';
import { type ScheduleOptions, scheduleToolCalls } from './scheduler.js';

export interface DispatchOptions {
  llm: LlmClient;
  messages: ChatCompletionMessageParam[];
  tools: ChatCompletionTool[];
  registry: ToolRegistry;
  /** The `output-schema` as this turn's response format, when the endpoint takes one. */
  responseSchema?: ResponseSchema;
  /** Hears the streamed turn the moment the stream ended, before held calls run. */
  onStreamed?: (turn: StreamedTurn) => void;
  /** Cancels the stream and the running tools. */
  signal: AbortSignal;
  /** `batch` waits for the whole turn before running anything (the baseline the bench compares). */
  mode?: 'streaming' | 'batch';
  concurrency?: number;
  onText?: (text: string) => void;
  onToolStart?: ScheduleOptions['onStart'];
  onToolResult?: ScheduleOptions['onResult'];
}

/** How one attempt at a turn ended. */
export type DispatchOutcome =
  | { kind: 'complete'; turn: StreamedTurn; results: ToolResult[] }
  /** The stream failed; `calls` (read-only, already run) and their `results` are all that happened. */
  | { kind: 'broken'; error: unknown; content: string; calls: ToolCall[]; results: ToolResult[] };

/** Streams one turn and runs its tool calls, overlapping the two in `streaming` mode. */
export async function streamAndDispatch(options: DispatchOptions): Promise<DispatchOutcome> {
  const { registry, signal } = options;
  const streaming = (options.mode ?? 'streaming') === 'streaming';
  const queue = new CallQueue<ToolCall>();
  const fed: ToolCall[] = [];
  const held: ToolCall[] = [];
  let content = '';
  const feed = (call: ToolCall) => {
    fed.push(call);
    queue.push(call);
  };
  // Unknown tools count as read-only, as in the scheduler: they fail at once and touch nothing.
  const readOnly = (call: ToolCall) => registry.get(call.name)?.readOnly ?? true;

  const scheduled = scheduleToolCalls(queue, {
    registry,
    signal,
    ...(options.concurrency === undefined ? {} : { concurrency: options.concurrency }),
    ...(options.onToolStart ? { onStart: options.onToolStart } : {}),
    ...(options.onToolResult ? { onResult: options.onToolResult } : {}),
  });
  // Observed here so a scheduler bug surfacing mid-stream is not an unhandled rejection; it is
  // rethrown when the promise is awaited below.
  scheduled.catch(() => {});
  let turn: StreamedTurn;
  try {
    turn = await streamModelTurn(options.llm, {
      messages: options.messages,
      tools: options.tools,
      ...(options.responseSchema ? { responseSchema: options.responseSchema } : {}),
      signal,
      onEvent: (event) => {
        if (event.type === 'text') {
          content += event.text;
          options.onText?.(event.text);
        } else if (streaming && held.length === 0 && readOnly(event.call)) feed(event.call);
        else held.push(event.call);
      },
    });
  } catch (error) {
    queue.end();
    const results = await scheduled;
    return { kind: 'broken', error, content, calls: fed, results };
  }
  options.onStreamed?.(turn);
  for (const call of held) feed(call);
  queue.end();
  return { kind: 'complete', turn, results: await scheduled };
}
