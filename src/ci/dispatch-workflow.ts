/**
 * Starts the repository's CI on a branch the action pushed. GitHub does not start workflows for
 * pushes made with `GITHUB_TOKEN`, but it does for a `workflow_dispatch` sent with it; this
 * dispatches the workflow and finds the run that dispatch created.
 */
import { apiMessage, apiStatus, rateLimitWaitMs } from '../github/api-error.js';
import type { GitHubClient } from '../github/client.js';
import type { RepoRef } from '../github/repo-ref.js';
import { CI_CREATED_SLACK_MS, CI_DISPATCH_FALLBACK_MS, CI_FIND_POLL, CI_FIND_TIMEOUT_MS } from '../limits.js';
import { type Backoff, backoffDelay, pause } from './backoff.js';
import { type CiError, classifyCiError } from './ci-errors.js';

type Octokit = Pick<GitHubClient, 'request'>;

export interface DispatchWorkflowOptions {
  /** Workflow file name (`ci.yml`) or numeric id. */
  workflow: string;
  /** The branch to run on (the one the action pushed). */
  branch: string;
  /** The pushed commit; a listed run for another commit is not ours. */
  headSha?: string;
  /** Runs that must not be taken for the new one (earlier rounds' runs). */
  excludeRunIds?: readonly number[];
  /** Epoch ms after which looking for the run stops, whatever `findTimeoutMs` says. */
  deadline?: number;
  signal?: AbortSignal;
  /** How long to look for the run once GitHub accepted the dispatch (default 2 minutes). */
  findTimeoutMs?: number;
  /** Cadence of the run look-up (default 1 s growing to 10 s). */
  poll?: Backoff;
  /**
   * Ask for the run id in the dispatch answer (default true). A server that does not know the
   * option (older GitHub Enterprise) is asked again without it, and the run is looked up.
   */
  returnRunDetails?: boolean;
  now?: () => number;
  log?: (message: string) => void;
}

/** The run a dispatch created. */
export interface DispatchedRun {
  runId: number;
  htmlUrl: string;
  /** `queued`, `in_progress`, `completed`, … as GitHub reported it when found. */
  status: string;
  conclusion: string | null;
  headSha: string;
}

/** Errors are values: a failed dispatch must not stop the run from publishing its pull request. */
export type DispatchResult =
  | ({ kind: 'dispatched' } & DispatchedRun)
  | { kind: 'failed'; error: CiError }
  | { kind: 'cancelled' };

interface RunJson {
  id: number | bigint;
  html_url: string;
  status: string | null;
  conclusion: string | null;
  head_sha: string;
}

const toRun = (run: RunJson): DispatchedRun => ({
  runId: Number(run.id),
  htmlUrl: run.html_url,
  status: run.status ?? 'queued',
  conclusion: run.conclusion,
  headSha: run.head_sha,
});

/** Dispatches `workflow` on `branch` and returns the run it created. Never throws for API errors. */
export async function dispatchWorkflow(
  octokit: Octokit,
  repo: RepoRef,
  options: DispatchWorkflowOptions,
): Promise<DispatchResult> {
  const { workflow, branch } = options;
  const now = options.now ?? Date.now;
  const workflowId = /^\d+$/.test(workflow) ? Number(workflow) : workflow;
  const fail = (error: unknown): DispatchResult => ({
    kind: 'failed',
    error: classifyCiError(error, options),
  });
  const dispatch = (details: boolean) =>
    octokit.request('POST /repos/{owner}/{repo}/actions/workflows/{workflow_id}/dispatches', {
      ...repo,
      workflow_id: workflowId,
      ref: branch,
      ...(details ? { return_run_details: true } : {}),
    });

  const started = now();
  let response: Awaited<ReturnType<typeof dispatch>>;
  try {
    const details = options.returnRunDetails ?? true;
    response = await dispatch(details).catch((error: unknown) => {
      const unknownOption = apiStatus(error) === 422 && /return_run_details/i.test(apiMessage(error));
      if (details && unknownOption) return dispatch(false);
      throw error;
    });
  } catch (error) {
    return fail(error);
  }
  options.log?.(`Dispatched ${workflow} on ${branch}.`);

  const details = response.status === 200 ? response.data : undefined;
  const runId = details?.workflow_run_id === undefined ? undefined : Number(details.workflow_run_id);
  if (runId !== undefined) {
    try {
      const { data } = await octokit.request('GET /repos/{owner}/{repo}/actions/runs/{run_id}', {
        ...repo,
        run_id: runId,
      });
      return { kind: 'dispatched', ...toRun(data) };
    } catch {
      // The run exists (GitHub just named it); its status can wait for the next poll.
      const htmlUrl = details?.html_url ?? '';
      return {
        kind: 'dispatched',
        runId,
        htmlUrl,
        status: 'queued',
        conclusion: null,
        headSha: options.headSha ?? '',
      };
    }
  }

  // The server's clock (the Date header) decides what "after the dispatch" means, not ours.
  const serverNow = Date.parse(String(response.headers.date ?? ''));
  const sentAt = Number.isFinite(serverNow)
    ? serverNow - (now() - started)
    : started - CI_DISPATCH_FALLBACK_MS;
  return findDispatchedRun(octokit, repo, {
    ...options,
    workflowId,
    since: sentAt - CI_CREATED_SLACK_MS,
    now,
  });
}

/**
 * Polls the workflow's runs until the one the dispatch created shows up: same branch, event
 * `workflow_dispatch`, the pushed commit, created after the dispatch. The age is checked here
 * rather than with the `created` query: its search syntax (`>=…`) is not the plain date-time
 * GitHub's OpenAPI description declares for it.
 */
async function findDispatchedRun(
  octokit: Octokit,
  repo: RepoRef,
  options: DispatchWorkflowOptions & { workflowId: string | number; since: number; now: () => number },
): Promise<DispatchResult> {
  const { branch, headSha, now } = options;
  const exclude = new Set(options.excludeRunIds ?? []);
  const poll = options.poll ?? CI_FIND_POLL;
  const findTimeoutMs = options.findTimeoutMs ?? CI_FIND_TIMEOUT_MS;
  const lookStart = now();
  const until = Math.min(options.deadline ?? Number.POSITIVE_INFINITY, lookStart + findTimeoutMs);
  let lastError: unknown;
  for (let attempt = 0; ; attempt++) {
    let delay = backoffDelay(poll, attempt);
    try {
      const { data } = await octokit.request(
        'GET /repos/{owner}/{repo}/actions/workflows/{workflow_id}/runs',
        {
          ...repo,
          workflow_id: options.workflowId,
          branch,
          event: 'workflow_dispatch',
          ...(headSha ? { head_sha: headSha } : {}),
          per_page: 20,
        },
      );
      const ours = data.workflow_runs
        .filter((run) => !exclude.has(Number(run.id)) && Date.parse(run.created_at) >= options.since)
        .filter((run) => !headSha || run.head_sha === headSha)
        .sort((a, b) => Number(a.id) - Number(b.id))[0];
      if (ours) return { kind: 'dispatched', ...toRun(ours) };
    } catch (error) {
      const status = apiStatus(error);
      const wait = rateLimitWaitMs(error, now());
      const transient = status === undefined || status >= 500;
      if (wait === undefined && !transient) return { kind: 'failed', error: classifyCiError(error, options) };
      lastError = error;
      if (wait !== undefined) delay = Math.max(delay, wait);
    }
    if (now() >= until) break;
    if (!(await pause(Math.min(delay, until - now()), options.signal))) return { kind: 'cancelled' };
  }
  if (lastError !== undefined && rateLimitWaitMs(lastError, now()) !== undefined) {
    return { kind: 'failed', error: classifyCiError(lastError, options) };
  }
  const seconds = Math.max(0, Math.round((until - lookStart) / 1000));
  const commit = headSha ? ` for ${headSha.slice(0, 7)}` : '';
  return {
    kind: 'failed',
    error: {
      kind: 'run-not-found',
      message: `GitHub accepted the dispatch of \`${options.workflow}\` on \`${branch}\`, but no run${commit} appeared within ${seconds} s.`,
      fix: "Look for the run in the repository's Actions tab. If none started, check that Actions are enabled and that the workflow's jobs are not skipped by `if:` conditions; if it started late, run the action again.",
    },
  };
}
