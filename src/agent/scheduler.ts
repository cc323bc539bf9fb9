/**
 * Runs one turn's tool calls. Calls are taken in their order as the iterable
 * yields them: consecutive read-only calls form a concurrent batch (bounded by a semaphore); every
 * other call is a serial step that waits for everything before it, and everything after it waits
 * for it. When a serial step fails, later serial steps are skipped ("sibling cancellation"), while
 * finished results are kept and read-only calls still run. Results come back in call order.
 */

import type { ToolCall } from '../llm/tool-call.js';
import { invokeTool, shapeResult } from '../tools/invoke.js';
import type { ToolRegistry } from '../tools/registry.js';
import type { ToolResult } from '../tools/tool.js';
import { createSemaphore } from './semaphore.js';

export interface ScheduleOptions {
  registry: ToolRegistry;
  /** The turn's signal; it reaches every running tool, and calls not yet started are cancelled. */
  signal: AbortSignal;
  /** Most read-only calls running at once. */
  concurrency?: number;
  /** Called when a call actually starts running (not for skipped calls). */
  onStart?: (call: ToolCall, index: number) => void;
  /** Called as each result is ready, in completion order. */
  onResult?: (result: ToolResult, call: ToolCall, index: number) => void;
}

function firstLine(text: string): string {
  const line = text.split('\n', 1)[0] ?? '';
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
}

/**
 * Consumes `calls` incrementally and resolves with one result per call, in call order. Rejects
 * only on bugs (a throwing callback, a failing iterable), after all started calls have settled.
 */
export async function scheduleToolCalls(
  calls: AsyncIterable<ToolCall> | Iterable<ToolCall>,
  options: ScheduleOptions,
): Promise<ToolResult[]> {
  const { registry, signal, onStart, onResult } = options;
  const semaphore = createSemaphore(options.concurrency ?? 8);
  const results: ToolResult[] = [];
  const started: Promise<void>[] = [];
  let batch: Promise<void>[] = [];
  let lastSerial: Promise<unknown> = Promise.resolve();
  let failed: string | undefined;

  const settle = (result: ToolResult, call: ToolCall, index: number) => {
    results[index] = result;
    onResult?.(result, call, index);
    return result;
  };
  const run = async (call: ToolCall, index: number) => {
    onStart?.(call, index);
    return settle(await invokeTool(registry, call, signal), call, index);
  };

  const track = (step: Promise<void>) => {
    step.catch(() => {}); // rejections (bugs) are rethrown below, once the iterable is drained
    started.push(step);
  };

  let index = 0;
  let streamFailure: { error: unknown } | undefined;
  try {
    for await (const call of calls) {
      const i = index++;
      const readOnly = registry.get(call.name)?.readOnly ?? true; // unknown tools fail at once, harmlessly
      if (readOnly) {
        const step = lastSerial.then(() => semaphore.run(() => run(call, i))).then(() => {});
        batch.push(step);
        track(step);
        continue;
      }
      const before = Promise.all([lastSerial, ...batch]);
      batch = [];
      const step = before.then(async () => {
        if (failed !== undefined) {
          const output = `Skipped: ${failed}`;
          settle(
            shapeResult(call, { readOnly, durationMs: 0 }, { output, isError: true, status: 'skipped' }),
            call,
            i,
          );
          return;
        }
        const result = await run(call, i);
        if (result.isError) failed = `${call.name} #${i + 1} failed: ${firstLine(result.output)}`;
      });
      lastSerial = step;
      track(step);
    }
  } catch (error) {
    streamFailure = { error };
  }
  // Started calls always finish (or see the signal) before this returns or rethrows.
  const outcomes = await Promise.allSettled(started);
  if (streamFailure) throw streamFailure.error;
  const bug = outcomes.find((o) => o.status === 'rejected');
  if (bug) throw bug.reason;
  return results;
}
