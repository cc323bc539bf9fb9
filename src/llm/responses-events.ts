/**
 * Reads the Responses API's stream events into one turn. Pure: events in, results out, so every
 * event shape is tested without a server.
 *
 * A function call is announced by `response.output_item.added` (its `call_id` and name), its
 * arguments arrive as `response.function_call_arguments.delta` pieces and are final at
 * `response.function_call_arguments.done` — the moment the call is handed out, so a read-only
 * call starts while the model is still writing the next one. `response.output_item.done` and the
 * final `response.completed` confirm what was seen (and fill in anything an endpoint skipped).
 */
import type {
  ResponseOutputItem,
  ResponseStreamEvent,
  Response as ResponsesResponse,
  ResponseUsage,
} from 'openai/resources/responses/responses';
import type { ToolCall } from './tool-call.js';

/** How the response ended, once it has: the Chat Completions finish reasons the loop already knows. */
export type ResponsesEnd =
  | { kind: 'completed'; finishReason: 'stop' | 'tool_calls'; usage: ResponseUsage | undefined }
  | { kind: 'incomplete'; finishReason: string; usage: ResponseUsage | undefined }
  | { kind: 'failed'; code: string | null; message: string };

/** What one event changed: text to show and calls that just became complete. */
export interface ResponsesStep {
  text?: string;
  calls: ToolCall[];
}

interface CallSlot {
  outputIndex: number;
  callId: string;
  name: string;
  arguments: string;
  /** Handed out already; frozen from then on, so what runs is what the history shows. */
  emitted: boolean;
}

/** Accumulates one response from its events. */
export class ResponsesTurnReader {
  private readonly calls: CallSlot[] = [];
  private readonly items = new Map<number, ResponseOutputItem>();
  private text = '';
  private finalOutput: ResponseOutputItem[] | undefined;
  end: ResponsesEnd | undefined;

  /** Feeds one event. */
  read(event: ResponseStreamEvent): ResponsesStep {
    switch (event.type) {
      case 'response.output_item.added':
        if (event.item.type === 'function_call') this.slot(event.output_index, event.item);
        return { calls: [] };
      case 'response.function_call_arguments.delta': {
        const slot = this.at(event.output_index);
        if (slot && !slot.emitted) slot.arguments += event.delta;
        return { calls: [] };
      }
      case 'response.function_call_arguments.done': {
        const slot = this.at(event.output_index);
        if (!slot) return { calls: [] };
        if (!slot.emitted) slot.arguments = event.arguments;
        return { calls: this.emit(slot) };
      }
      case 'response.output_item.done':
        this.items.set(event.output_index, event.item);
        return {
          calls: event.item.type === 'function_call' ? this.confirm(event.output_index, event.item) : [],
        };
      case 'response.output_text.delta':
        this.text += event.delta;
        return { text: event.delta, calls: [] };
      case 'response.completed':
        return { calls: this.settle(event.response) };
      case 'response.incomplete':
        this.finalOutput = event.response.output;
        this.end = {
          kind: 'incomplete',
          finishReason: incompleteReason(event.response),
          usage: event.response.usage,
        };
        return { calls: [] };
      case 'response.failed':
        this.end = {
          kind: 'failed',
          code: event.response.error?.code ?? null,
          message: event.response.error?.message ?? 'the response failed',
        };
        return { calls: [] };
      case 'error':
        this.end = { kind: 'failed', code: event.code, message: event.message };
        return { calls: [] };
      default:
        return { calls: [] };
    }
  }

  /** The assistant text so far. */
  content(): string {
    return this.text;
  }

  /** Every function call seen, in output order. */
  toolCalls(): ToolCall[] {
    return this.ordered().map(toCall);
  }

  /** Calls handed out so far. */
  emittedCalls(): ToolCall[] {
    return this.ordered()
      .filter((slot) => slot.emitted)
      .map(toCall);
  }

  /**
   * The response's output items, as the next request must send them back: the final list from
   * `response.completed` when there was one, else the items that were finished.
   */
  outputItems(): ResponseOutputItem[] {
    if (this.finalOutput && this.finalOutput.length > 0) return this.finalOutput;
    return [...this.items.entries()].sort(([a], [b]) => a - b).map(([, item]) => item);
  }

  private slot(index: number, item: { call_id: string; name: string; arguments?: string }): CallSlot {
    // By call id first: the final output list need not number its items as the stream did.
    let slot = item.call_id ? this.calls.find((known) => known.callId === item.call_id) : undefined;
    const sameIndex = this.at(index);
    if (!slot && sameIndex && (!item.call_id || !sameIndex.callId)) slot = sameIndex;
    if (!slot) {
      slot = {
        outputIndex: index,
        callId: item.call_id,
        name: item.name,
        arguments: item.arguments ?? '',
        emitted: false,
      };
      this.calls.push(slot);
    }
    return slot;
  }

  private at(index: number): CallSlot | undefined {
    return this.calls.find((slot) => slot.outputIndex === index);
  }

  private ordered(): CallSlot[] {
    return [...this.calls].sort((a, b) => a.outputIndex - b.outputIndex);
  }

  private emit(slot: CallSlot): ToolCall[] {
    if (slot.emitted) return [];
    slot.emitted = true;
    return [toCall(slot)];
  }

  /** A finished call item: the complete record, for an endpoint that skipped the argument events. */
  private confirm(index: number, item: { call_id: string; name: string; arguments: string }): ToolCall[] {
    const slot = this.slot(index, item);
    if (!slot.emitted) {
      slot.callId = item.call_id || slot.callId;
      slot.name = item.name || slot.name;
      slot.arguments = item.arguments;
    }
    return this.emit(slot);
  }

  private settle(response: ResponsesResponse): ToolCall[] {
    this.finalOutput = response.output;
    const ready: ToolCall[] = [];
    response.output.forEach((item, index) => {
      if (item.type === 'function_call') ready.push(...this.confirm(index, item));
    });
    if (!this.text) this.text = textOfOutput(response.output);
    this.end = {
      kind: 'completed',
      finishReason: this.calls.length > 0 ? 'tool_calls' : 'stop',
      usage: response.usage,
    };
    return ready;
  }
}

function toCall(slot: CallSlot): ToolCall {
  return { id: slot.callId, name: slot.name, arguments: slot.arguments };
}

/** `max_output_tokens` reads as Chat's `length`; `content_filter` keeps its name. */
function incompleteReason(response: ResponsesResponse): string {
  const reason = response.incomplete_details?.reason;
  return reason === 'max_output_tokens' || reason === undefined ? 'length' : reason;
}

function textOfOutput(output: ResponseOutputItem[]): string {
  return output
    .flatMap((item) => (item.type === 'message' ? item.content : []))
    .map((part) => (part.type === 'output_text' ? part.text : ''))
    .join('');
}
