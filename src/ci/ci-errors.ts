/**
 * Why CI in the loop could not dispatch or follow a run, as a value with the fix spelled out: the
 * run still publishes its pull request, and the log and the PR body tell the maintainer what to
 * change in their workflow files.
 */
import { GITHUB_RATE_LIMIT_MIN_WAIT_MS, GITHUB_RATE_LIMIT_WAIT_MS } from '../limits.js';

/** What went wrong, by cause. */
export type CiErrorKind =
  | 'no-dispatch-trigger'
  | 'workflow-not-found'
  | 'forbidden'
  | 'rate-limited'
  | 'rejected'
  | 'run-not-found'
  | 'api-error';

/** A CI problem for the log and the PR body: what happened, and what the maintainer should do. */
export interface CiError {
  kind: CiErrorKind;
  message: string;
  fix: string;
}

interface ApiErrorShape {
  status?: number;
  message?: string;
  response?: { headers?: Record<string, string | number | undefined>; data?: unknown };
}

/** The HTTP status of an Octokit `RequestError`, if `error` is one. */
export function apiStatus(error: unknown): number | undefined {
  const status = (error as ApiErrorShape | undefined)?.status;
  return typeof status === 'number' ? status : undefined;
}

/** GitHub's own `message` from an error response, else the error's message. */
export function apiMessage(error: unknown): string {
  const data = (error as ApiErrorShape | undefined)?.response?.data as { message?: unknown } | undefined;
  if (typeof data?.message === 'string' && data.message !== '') return data.message;
  return error instanceof Error ? error.message : String(error);
}

/**
 * How long GitHub asks us to wait, in ms, when `error` is a rate-limit answer (403/429 with
 * `retry-after`, or with `x-ratelimit-remaining: 0` and a reset time); undefined otherwise.
 */
export function rateLimitWaitMs(error: unknown, now: number): number | undefined {
  const status = apiStatus(error);
  if (status !== 403 && status !== 429) return undefined;
  const headers = (error as ApiErrorShape).response?.headers ?? {};
  const retryAfter = Number(headers['retry-after']);
  if (Number.isFinite(retryAfter) && retryAfter >= 0 && headers['retry-after'] !== undefined)
    return retryAfter * 1000;
  if (String(headers['x-ratelimit-remaining']) === '0') {
    const reset = Number(headers['x-ratelimit-reset']) * 1000;
    return Number.isFinite(reset)
      ? Math.max(GITHUB_RATE_LIMIT_MIN_WAIT_MS, reset - now)
      : GITHUB_RATE_LIMIT_WAIT_MS;
  }
  // Secondary limits sometimes come without headers; GitHub says to wait at least a minute.
  return /rate limit/i.test(apiMessage(error)) ? GITHUB_RATE_LIMIT_WAIT_MS : undefined;
}

const PERMISSIONS_FIX =
  'Give the job `permissions: actions: write` (next to `contents: write` and `pull-requests: write`) so its token may dispatch and read workflow runs.';

/** Turns a failed API call of the dispatch/poll into a {@link CiError} naming the fix. */
export function classifyCiError(error: unknown, context: { workflow: string; branch: string }): CiError {
  const { workflow, branch } = context;
  const status = apiStatus(error);
  const said = apiMessage(error);
  if (rateLimitWaitMs(error, Date.now()) !== undefined) {
    return {
      kind: 'rate-limited',
      message: `GitHub's API rate limit stopped the CI dispatch of \`${workflow}\`: ${said}`,
      fix: 'Run the action again after the limit resets, or spread out the jobs that share this token.',
    };
  }
  if (status === 422 && /workflow_dispatch/i.test(said)) {
    return {
      kind: 'no-dispatch-trigger',
      message: `The workflow \`${workflow}\` cannot be dispatched: it has no \`workflow_dispatch\` trigger (GitHub said: ${said}).`,
      fix: `Add \`workflow_dispatch:\` under \`on:\` in \`.github/workflows/${workflow}\` on the default branch.`,
    };
  }
  if (status === 404) {
    return {
      kind: 'workflow-not-found',
      message: `GitHub knows no workflow \`${workflow}\` in this repository (404).`,
      fix: 'Set `ci-workflow` to the file name of a workflow in `.github/workflows/` of the default branch, such as `ci.yml` (or its numeric id).',
    };
  }
  if (status === 403) {
    return {
      kind: 'forbidden',
      message: `The token may not dispatch or read runs of \`${workflow}\` (403: ${said}).`,
      fix: PERMISSIONS_FIX,
    };
  }
  if (status === 422) {
    return {
      kind: 'rejected',
      message: `GitHub refused to dispatch \`${workflow}\` on \`${branch}\` (422: ${said}).`,
      fix: `Check that the branch \`${branch}\` exists on GitHub and that the workflow's \`workflow_dispatch\` inputs all have defaults.`,
    };
  }
  return {
    kind: 'api-error',
    message: `The GitHub API failed while dispatching \`${workflow}\`${status ? ` (${status})` : ''}: ${said}`,
    fix: 'This is usually temporary; run the action again.',
  };
}
