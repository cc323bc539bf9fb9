/**
 * The tool contract. Every tool the model sees is one `defineTool` call in a file of its own;
 * dependencies (workspace, read tracker, command runner) are closed over by the tool's factory,
 * so `execute` only receives the validated arguments and the per-call context.
 */
import type { z } from 'zod';

/** How a call ended, as the transcript and the progress lines show it. */
export type ToolStatus = 'ok' | 'error' | 'skipped' | 'denied';

/** What a tool's `execute` returns: a message for the model, and whether it is a failure. */
export interface ToolOutcome {
  output: string;
  isError: boolean;
  /** `denied` marks a policy refusal (path or bash policy) as distinct from an ordinary failure. */
  status?: Extract<ToolStatus, 'ok' | 'error' | 'denied'>;
  /** Structured facts for the transcript (exit code, full-log path, counts …). */
  meta?: Record<string, unknown>;
}

/** Per-call context handed to `execute`. */
export interface ToolContext {
  callId: string;
  /** Aborted when the turn or the run is cancelled; long work must stop on it. */
  signal: AbortSignal;
}

export interface Tool<TParams = unknown> {
  name: string;
  /** Written for the model: what the tool does and when to use it. */
  description: string;
  parameters: z.ZodType<TParams>;
  /**
   * The JSON Schema the model sees, for a tool whose arguments someone else describes (an MCP
   * server); `parameters` then checks against that schema. Unset: generated from `parameters`.
   */
  jsonSchema?: Record<string, unknown>;
  /** Read-only tools may run concurrently; all others run one at a time, in order. */
  readOnly: boolean;
  /**
   * Wall-clock limit enforced by `invokeTool` (the tool's signal aborts, and the call ends as a
   * timeout result). Unset: no limit from the wrapper (bash enforces its own, per call).
   */
  timeoutMs?: number;
  execute(args: TParams, context: ToolContext): Promise<ToolOutcome>;
}

/** Every outcome of every call, success or not, ends up as one of these. */
export interface ToolResult {
  callId: string;
  output: string;
  isError: boolean;
  meta: ToolResultMeta;
}

export interface ToolResultMeta extends Record<string, unknown> {
  tool: string;
  status: ToolStatus;
  readOnly: boolean;
  durationMs: number;
}

/** Identity function that fixes the parameter type; keeps every tool declared the same way. */
export function defineTool<TParams>(tool: Tool<TParams>): Tool<TParams> {
  return tool;
}
