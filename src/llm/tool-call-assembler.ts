/**
 * Rebuilds tool calls from streamed `tool_calls` deltas and says, as early as it safely can, when
 * each call's arguments are complete, so a read-only call can start while the model is still
 * writing the next one.
 *
 * The real API sends `index`, `id`, `type` and `function.name` in a call's first delta, then the
 * `arguments` string in many pieces. A call is complete once a delta for a later call has arrived
 * and its arguments parse as a JSON object (the second check keeps endpoints that interleave the
 * pieces of several calls correct), or when the stream ends. Calls complete in order.
 *
 * Other shapes seen in the wild: whole calls without `index` (Gemini, Groq), `index: 0` reused
 * for every call (Ollama, proxies), a header without `arguments`, arguments sent as an object,
 * and argument pieces that arrive after `finish_reason` (so `finish_reason` completes only calls
 * whose arguments already parse; the stream's end completes the rest). Provider fields on a call
 * (Gemini's `extra_content` thought signature) are kept opaque, to be sent back as received.
 */
import { randomBytes } from 'node:crypto';
import type { ToolCall } from './tool-call.js';

/** One `choices[0].delta.tool_calls[]` entry as endpoints send it (every field optional but index). */
export interface ToolCallDelta {
  index?: number;
  id?: string;
  type?: string;
  function?: { name?: string; arguments?: string | Record<string, unknown> };
  /** Gemini: `{ google: { thought_signature } }`, required back on the call in the history. */
  extra_content?: unknown;
}

interface Slot {
  id: string;
  name: string;
  arguments: string;
  providerFields?: Record<string, unknown>;
}

export class ToolCallAssembler {
  private readonly slots: Slot[] = [];
  /** Provider `index` → position in `slots`. */
  private readonly slotOf = new Map<number, number>();
  private emitted = 0;
  // Ids for calls the provider sent without one; unique per turn, since the history spans many turns.
  private readonly fallbackPrefix = `call_${randomBytes(4).toString('hex')}_`;

  /** Adds one delta; returns the calls that became complete because of it, in order. */
  add(delta: ToolCallDelta): ToolCall[] {
    const piece = argumentText(delta.function?.arguments);
    const position = this.positionFor(delta, piece);
    const slot = this.slots[position]!;
    if (delta.id && !slot.id) slot.id = delta.id;
    const name = delta.function?.name;
    // Some endpoints repeat the full name in every delta; others never split it. Both end right.
    if (name && name !== slot.name) slot.name += name;
    if (delta.extra_content !== undefined) slot.providerFields = { extra_content: delta.extra_content };
    // A call already handed out is frozen: what runs is what the transcript shows.
    if (position >= this.emitted) slot.arguments += piece;
    return this.drain(position, false);
  }

  /** `finish_reason` arrived: every call whose arguments parse is complete; later pieces may follow. */
  settle(): ToolCall[] {
    return this.drain(this.slots.length, false);
  }

  /** The stream ended: every call not yet handed out is complete now. */
  finish(): ToolCall[] {
    return this.drain(this.slots.length, true);
  }

  /** Calls handed out so far (for a turn whose stream broke). */
  completed(): ToolCall[] {
    return this.slots.slice(0, this.emitted).map((slot, i) => this.toCall(slot, i));
  }

  /** Every call seen, complete or not, in order. */
  all(): ToolCall[] {
    return this.slots.map((slot, i) => this.toCall(slot, i));
  }

  private positionFor(delta: ToolCallDelta, piece: string): number {
    const known = delta.index === undefined ? this.slots.length - 1 : this.slotOf.get(delta.index);
    const existing = known === undefined || known < 0 ? undefined : this.slots[known];
    // A new id at a known index is a new call from an endpoint that reuses or omits indices; so
    // is a named delta with arguments after a call that is already whole (no ids at all).
    const newId = Boolean(delta.id && existing?.id && delta.id !== existing.id);
    const nextWhole = Boolean(
      existing &&
        !delta.id &&
        delta.function?.name &&
        piece &&
        existing.name &&
        isJsonObject(existing.arguments),
    );
    if (existing && !newId && !nextWhole) return known!;
    this.slots.push({ id: '', name: '', arguments: '' });
    const position = this.slots.length - 1;
    this.slotOf.set(delta.index ?? position, position);
    return position;
  }

  private drain(current: number, streamEnded: boolean): ToolCall[] {
    const ready: ToolCall[] = [];
    while (this.emitted < this.slots.length && this.emitted < current) {
      const slot = this.slots[this.emitted]!;
      if (!streamEnded && !isJsonObject(slot.arguments)) break;
      ready.push(this.toCall(slot, this.emitted));
      this.emitted += 1;
    }
    return ready;
  }

  private toCall(slot: Slot, position: number): ToolCall {
    return {
      id: slot.id || `${this.fallbackPrefix}${position}`,
      name: slot.name,
      arguments: slot.arguments,
      ...(slot.providerFields ? { providerFields: slot.providerFields } : {}),
    };
  }
}

/** Some servers send `arguments` as an object rather than a JSON string. */
function argumentText(value: string | Record<string, unknown> | undefined): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function isJsonObject(text: string): boolean {
  if (!text.trimEnd().endsWith('}')) return false;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}
