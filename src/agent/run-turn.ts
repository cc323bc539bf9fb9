/**
 * One turn with retries. Transient failures (429, 5xx, a dropped connection, a broken or hung
 * stream) are retried with backoff. A retry never runs a tool call twice: if a broken attempt had
 * already started calls (only read-only ones can have, see `streaming-dispatch.ts`), the turn ends
 * there as `partial`, keeping those calls and results, and the loop asks the model to continue.
 */

import {
  classifyLlmError,
  LlmFatalError,
  RequestTooLargeError,
  retryDelayMs,
  sleepUnlessAborted,
} from '../llm/retry.js';
import type { TokenUsage } from '../llm/token-usage.js';
import type { ToolCall } from '../llm/tool-call.js';
import type { ToolResult } from '../tools/tool.js';
import { type DispatchOptions, streamAndDispatch } from './streaming-dispatch.js';

export interface RetryInfo {
  attempt: number;
  delayMs: number;
  reason: string;
}

export interface TurnOptions extends DispatchOptions {
  onRetry?: (info: RetryInfo) => void;
  /** Jitter source; tests pass a constant. */
  random?: () => number;
}

export interface TurnOutcome {
  /** `partial`: the stream broke after some calls had run; the model did not finish its turn. */
  kind: 'complete' | 'partial';
  content: string;
  calls: ToolCall[];
  results: ToolResult[];
  /** Undefined when the endpoint sent none (or the stream broke). */
  usage: TokenUsage | undefined;
  /** The provider's `finish_reason` (or the Responses equivalent); absent for a partial turn. */
  finishReason?: string;
  /** Provider-specific fields for the assistant message (see `StreamedTurn.assistantFields`). */
  assistantFields?: Record<string, unknown>;
  attempts: number;
  /** Why a partial turn ended early. */
  brokenReason?: string;
}

/**
 * Runs a turn to completion or to a partial end. Throws {@link LlmFatalError} when the endpoint
 * refuses or keeps failing, {@link RequestTooLargeError} when the conversation must shrink first,
 * the abort reason when the run is cancelled, and anything else (bugs) as it is.
 */
export async function runTurn(options: TurnOptions): Promise<TurnOutcome> {
  const { llm, signal } = options;
  let quietEnds = 0;
  for (let attempt = 1; ; attempt++) {
    const outcome = await streamAndDispatch(options);
    if (outcome.kind === 'complete') {
      const { turn, results } = outcome;
      return {
        kind: 'complete',
        content: turn.content,
        calls: turn.toolCalls,
        results,
        usage: turn.usage,
        finishReason: turn.finishReason,
        ...(turn.assistantFields ? { assistantFields: turn.assistantFields } : {}),
        attempts: attempt,
      };
    }
    const { error, content, calls, results } = outcome;
    if (calls.length > 0) {
      const brokenReason = error instanceof Error ? error.message : String(error);
      return {
        kind: 'partial',
        content,
        calls,
        results,
        usage: undefined,
        attempts: attempt,
        brokenReason,
      };
    }
    if (signal.aborted) throw signal.reason;
    const verdict = classifyLlmError(error, llm);
    if (!verdict) throw error;
    if (verdict.kind === 'fatal') throw verdict.error;
    if (verdict.kind === 'too-large') throw new RequestTooLargeError(verdict.reason, verdict.limitTokens);
    if (verdict.kind === 'adjust') {
      // A learned rule, not a failure: the same request without the refused parameters, at once.
      llm.rules.drop(verdict.drop, verdict.reason);
      attempt -= 1;
      continue;
    }
    if (verdict.once && ++quietEnds > 1) {
      throw new LlmFatalError(
        `The LLM endpoint ${llm.baseUrl} twice ended its answer without finishing it (${verdict.reason}). Check the \`model\` and \`base-url\` inputs; a server behind a proxy may be cutting streams.`,
        undefined,
        undefined,
      );
    }
    if (attempt >= llm.retry.maxAttempts) {
      throw new LlmFatalError(
        `The LLM endpoint ${llm.baseUrl} kept failing (${verdict.reason}); gave up after ${attempt} attempts.`,
        undefined,
        undefined,
      );
    }
    const delayMs = retryDelayMs(attempt, verdict, llm.retry, options.random);
    options.onRetry?.({ attempt, delayMs, reason: verdict.reason });
    await sleepUnlessAborted(delayMs, signal).catch(() => {
      throw signal.reason;
    });
  }
}
