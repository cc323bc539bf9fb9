/**
 * The polling cadence of the CI helpers: waits that grow to a cap, and a sleep that ends early
 * when the job is cancelled. GitHub asks API clients to poll no faster than they must.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { CI_POLL_FACTOR } from '../limits.js';

/** Poll delays in ms: `initialMs`, then ×`factor` (default 1.5) per attempt, never above `maxMs`. */
export interface Backoff {
  initialMs: number;
  maxMs: number;
  factor?: number;
}

/** The delay before attempt `attempt` (0-based). */
export function backoffDelay(backoff: Backoff, attempt: number): number {
  const grown = backoff.initialMs * (backoff.factor ?? CI_POLL_FACTOR) ** attempt;
  return Math.min(backoff.maxMs, Math.round(grown));
}

/** Sleeps `ms`; resolves `false` at once (or as soon as) `signal` aborts, `true` otherwise. */
export async function pause(ms: number, signal?: AbortSignal): Promise<boolean> {
  if (signal?.aborted) return false;
  try {
    await sleep(Math.max(0, ms), undefined, signal ? { signal } : {});
    return true;
  } catch {
    return false;
  }
}
