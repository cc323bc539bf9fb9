/**
 * The wrapper every call goes through: look the tool up, parse and validate the model's argument
 * string, run it, and shape whatever happens (success, failure, exception, timeout, cancellation)
 * into one {@link ToolResult}. Output truncation and the failure hint live here, once.
 */
import { jsonrepair } from 'jsonrepair';
import type { z } from 'zod';
import { TOOL_ABORT_GRACE_MS, TOOL_OUTPUT_MAX_CHARS } from '../limits.js';
import type { ToolCall } from '../llm/tool-call.js';
import type { ToolRegistry } from './registry.js';
import type { ToolOutcome, ToolResult, ToolStatus } from './tool.js';

/**
 * Appended to every failed result, so the model reads a failure as something to act on rather
 * than a reason to stop. A constant: never built from tool output.
 */
export const FAILURE_HINT =
  '[HINT: This call did not succeed. Read the message above and change your approach; do not repeat the same call unchanged.]';

export type ParsedArguments<T> =
  | { kind: 'parsed'; value: T; repaired: boolean }
  | { kind: 'invalid'; message: string };

/** Null at the top level means "not given": models send `"offset": null` for optional fields. */
function dropNulls(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null));
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => `- ${issue.path.length > 0 ? issue.path.join('.') : '(arguments)'}: ${issue.message}`)
    .join('\n');
}

/**
 * Parses the model's argument string. A repair by `jsonrepair` is accepted only if it parses and
 * validates, and never when it merely completes cut-off text (that would write a truncated file);
 * otherwise the original parse error goes back to the model.
 */
export function parseToolArguments<T>(raw: string, schema: z.ZodType<T>): ParsedArguments<T> {
  const text = raw.trim() === '' ? '{}' : raw;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    const parseError = `Arguments are not valid JSON: ${(error as Error).message}. Send one JSON object.`;
    let repaired: string;
    try {
      repaired = jsonrepair(text);
    } catch {
      return { kind: 'invalid', message: parseError };
    }
    if (repaired.trim().startsWith(text.trim())) {
      return { kind: 'invalid', message: `${parseError} They look cut off; send the complete arguments.` };
    }
    const result = schema.safeParse(dropNulls(JSON.parse(repaired)));
    if (!result.success) return { kind: 'invalid', message: parseError };
    return { kind: 'parsed', value: result.data, repaired: true };
  }
  const result = schema.safeParse(dropNulls(parsed));
  if (!result.success)
    return { kind: 'invalid', message: `Invalid arguments:\n${describeIssues(result.error)}` };
  return { kind: 'parsed', value: result.data, repaired: false };
}

/** Keeps the head and tail of an over-long output, saying how much of the middle was dropped. */
export function limitOutput(
  output: string,
  max = TOOL_OUTPUT_MAX_CHARS,
): { output: string; omitted: number } {
  if (output.length <= max) return { output, omitted: 0 };
  const head = Math.floor(max * 0.7);
  const tail = max - head;
  const omitted = output.length - head - tail;
  return {
    output: `${output.slice(0, head)}\n[… ${omitted} characters omitted …]\n${output.slice(-tail)}`,
    omitted,
  };
}

/** A tool's outcome, or one the pipeline makes up itself (a skipped call). */
export type ResultOutcome = Omit<ToolOutcome, 'status'> & { status?: ToolStatus };

/** Builds the final result: status, output cap, and the hint on failures. */
export function shapeResult(
  call: ToolCall,
  info: { readOnly: boolean; durationMs: number },
  outcome: ResultOutcome,
): ToolResult {
  const status: ToolStatus = outcome.status ?? (outcome.isError ? 'error' : 'ok');
  const isError = outcome.isError || status !== 'ok';
  const limited = limitOutput(outcome.output);
  const output = isError ? `${limited.output.trimEnd()}\n\n${FAILURE_HINT}` : limited.output;
  return {
    callId: call.id,
    output,
    isError,
    meta: {
      ...outcome.meta,
      ...(limited.omitted > 0 ? { omittedChars: limited.omitted } : {}),
      tool: call.name,
      status,
      readOnly: info.readOnly,
      durationMs: Math.round(info.durationMs),
    },
  };
}

function reasonText(signal: AbortSignal): string {
  const reason: unknown = signal.reason;
  if (reason instanceof Error) return reason.name === 'TimeoutError' ? 'timed out' : reason.message;
  return reason === undefined ? 'aborted' : String(reason);
}

/** Runs `execute`, but stops waiting once `signal` aborts and the tool has had a grace period. */
async function raceAbort(execution: Promise<ToolOutcome>, signal: AbortSignal): Promise<ToolOutcome> {
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  const gaveUp = new Promise<ToolOutcome>((resolve) => {
    onAbort = () => {
      timer = setTimeout(
        () =>
          resolve({ output: `Stopped: ${reasonText(signal)}.`, isError: true, meta: { abandoned: true } }),
        TOOL_ABORT_GRACE_MS,
      );
    };
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([execution, gaveUp]);
  } finally {
    clearTimeout(timer);
    if (onAbort) signal.removeEventListener('abort', onAbort);
  }
}

/** Runs one call. Never throws: every outcome, including a bug in a tool, becomes a result. */
export async function invokeTool(
  registry: ToolRegistry,
  call: ToolCall,
  signal: AbortSignal,
): Promise<ToolResult> {
  const started = performance.now();
  const tool = registry.get(call.name);
  const finish = (readOnly: boolean, outcome: ResultOutcome) =>
    shapeResult(call, { readOnly, durationMs: performance.now() - started }, outcome);

  if (!tool) {
    const notLoaded = registry.notLoaded(call.name);
    if (notLoaded) return finish(true, { output: notLoaded, isError: true });
    const available = registry.names().join(', ');
    const refusal = registry.refusal(call.name);
    return finish(true, {
      output: refusal
        ? `${refusal} Available tools: ${available}.`
        : `Unknown tool "${call.name}". Available tools: ${available}.`,
      isError: true,
      ...(refusal ? { status: 'denied' as const } : {}),
    });
  }
  if (signal.aborted) {
    return finish(tool.readOnly, {
      output: `Cancelled before it started: ${reasonText(signal)}.`,
      isError: true,
      status: 'skipped',
    });
  }
  const args = parseToolArguments(call.arguments, tool.parameters);
  if (args.kind === 'invalid') return finish(tool.readOnly, { output: args.message, isError: true });

  const signals = tool.timeoutMs === undefined ? [signal] : [signal, AbortSignal.timeout(tool.timeoutMs)];
  const toolSignal = AbortSignal.any(signals);
  const execution = Promise.resolve()
    .then(() => tool.execute(args.value, { callId: call.id, signal: toolSignal }))
    .catch(
      (error: unknown): ToolOutcome => ({
        output: `${tool.name} failed unexpectedly: ${error instanceof Error ? error.message : String(error)}`,
        isError: true,
        meta: { exception: true },
      }),
    );
  let outcome = await raceAbort(execution, toolSignal);
  const timedOut = toolSignal.aborted && !signal.aborted;
  if (timedOut && outcome.meta?.['abandoned']) {
    outcome = { ...outcome, output: `${tool.name} timed out after ${(tool.timeoutMs ?? 0) / 1000} s.` };
  }
  const meta = {
    ...outcome.meta,
    ...(args.repaired ? { repairedArguments: true } : {}),
    ...(timedOut ? { timedOut } : {}),
  };
  return finish(tool.readOnly, { ...outcome, meta });
}
