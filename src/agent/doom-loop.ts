/**
 * Notices a model that keeps making the same failing call. The same tool with the same arguments
 * failing three times in a row earns a stronger hint; a fourth failure ends the run as `stuck`.
 * "In a row" means without that call succeeding in between and without any successful change to
 * the workspace (a write, an edit, a command) that could make the retry legitimate: running the
 * failing tests again after an edit is progress, not a loop.
 */
import type { ToolCall } from '../llm/tool-call.js';
import type { ToolResult } from '../tools/tool.js';

export type DoomVerdict = 'ok' | 'warn' | 'stuck';

/** Appended to the third identical failure. A constant: never built from tool output. */
export const DOOM_LOOP_HINT =
  '[HINT: This exact call has now failed 3 times in a row with the same arguments. Stop repeating it. ' +
  'Re-read the error, inspect the relevant files, and try a different approach. ' +
  'One more identical failure ends the run.]';

export class DoomLoopGuard {
  private readonly failures = new Map<string, number>();

  constructor(
    private readonly warnAt = 3,
    private readonly stopAt = 4,
  ) {}

  /** Records one finished call and says whether the model is looping. */
  record(call: ToolCall, result: ToolResult): DoomVerdict {
    const { status, readOnly } = result.meta;
    if (status === 'skipped') return 'ok';
    const key = signature(call);
    if (!result.isError) {
      this.failures.delete(key);
      if (!readOnly) this.failures.clear();
      return 'ok';
    }
    const count = (this.failures.get(key) ?? 0) + 1;
    this.failures.set(key, count);
    if (count >= this.stopAt) return 'stuck';
    return count >= this.warnAt ? 'warn' : 'ok';
  }
}

/** Tool name plus arguments with keys sorted, so `{"a":1,"b":2}` and `{"b":2,"a":1}` match. */
export function signature(call: ToolCall): string {
  try {
    return `${call.name} ${JSON.stringify(sortKeys(JSON.parse(call.arguments)))}`;
  } catch {
    return `${call.name} ${call.arguments.trim()}`;
  }
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
  );
}
