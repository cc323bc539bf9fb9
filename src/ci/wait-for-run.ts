/**
 * Follows a workflow run until it completes, within the run's deadline and the job's cancel
 * signal, polling with a growing interval and honouring GitHub's rate-limit answers.
 */
import { apiStatus, rateLimitWaitMs } from '../github/api-error.js';
import type { GitHubClient } from '../github/client.js';
import type { RepoRef } from '../github/repo-ref.js';
import { CI_WAIT_POLL } from '../limits.js';
import { type Backoff, backoffDelay, pause } from './backoff.js';
import { type CiError, classifyCiError } from './ci-errors.js';

type Octokit = Pick<GitHubClient, 'request'>;

/** The part of a run's budget that waiting for CI asks about: time (`RunBudget` is one). */
export interface TimeBudget {
  /** Epoch ms after which nothing new starts. */
  readonly deadline: number;
  /** Milliseconds until the deadline; 0 once it has passed. */
  msLeft(now: number): number;
}

/** A budget of time alone, for code that only waits. */
export function timeBudget(deadline: number): TimeBudget {
  return { deadline, msLeft: (now) => Math.max(0, deadline - now) };
}

export interface WaitForRunOptions {
  runId: number;
  /** The run's time (its deadline keeps the publish reserve); waiting stops when it runs out. */
  budget: TimeBudget;
  signal?: AbortSignal;
  /** Poll cadence (default 5 s growing to 30 s). */
  poll?: Backoff;
  /** Named in error messages. */
  workflow?: string;
  /** Called with each status GitHub reports (`queued`, `in_progress`, …) when it changes. */
  onStatus?: (status: string) => void;
  now?: () => number;
}

/** How waiting ended; only `completed` carries a conclusion. */
export type WaitResult =
  | { kind: 'completed'; conclusion: string; htmlUrl: string }
  | { kind: 'deadline'; status: string }
  | { kind: 'cancelled'; status: string }
  | { kind: 'failed'; status: string; error: CiError };

/** Polls `GET …/actions/runs/{id}` until `status` is `completed`. Never throws for API errors. */
export async function waitForRun(
  octokit: Octokit,
  repo: RepoRef,
  options: WaitForRunOptions,
): Promise<WaitResult> {
  const { runId, budget } = options;
  const now = options.now ?? Date.now;
  const poll = options.poll ?? CI_WAIT_POLL;
  let status = 'queued';
  for (let attempt = 0; ; attempt++) {
    if (options.signal?.aborted) return { kind: 'cancelled', status };
    let delay = backoffDelay(poll, attempt);
    try {
      const { data } = await octokit.request('GET /repos/{owner}/{repo}/actions/runs/{run_id}', {
        ...repo,
        run_id: runId,
      });
      if (data.status && data.status !== status) options.onStatus?.(data.status);
      status = data.status ?? status;
      if (status === 'completed') {
        return { kind: 'completed', conclusion: data.conclusion ?? 'unknown', htmlUrl: data.html_url };
      }
    } catch (error) {
      const code = apiStatus(error);
      const wait = rateLimitWaitMs(error, now());
      if (code === 404) {
        const message = `The run ${runId}${options.workflow ? ` of \`${options.workflow}\`` : ''} could not be found (404) while the action waited for it.`;
        const fix =
          'The run may have been deleted, or the token may not read Actions runs (`permissions: actions: write` covers reading); run the action again.';
        return { kind: 'failed', status, error: { kind: 'run-not-found', message, fix } };
      }
      if (wait === undefined && code !== undefined && code < 500) {
        const context = { workflow: options.workflow ?? `run ${runId}`, branch: '' };
        return { kind: 'failed', status, error: classifyCiError(error, context) };
      }
      // A rate limit or a server hiccup: wait as asked (or as planned) and look again.
      if (wait !== undefined) delay = Math.max(delay, wait);
    }
    const left = budget.msLeft(now());
    if (left <= 0) return { kind: 'deadline', status };
    if (!(await pause(Math.min(delay, left), options.signal))) return { kind: 'cancelled', status };
  }
}
