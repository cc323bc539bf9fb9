/**
 * CI in the loop: dispatch the repository's CI on the pushed branch, wait for it, and while it
 * fails hand the failed jobs' logs to the agent for another fix round, up to `ci-rounds` times.
 * Collaborators (the agent round, the head SHA, progress) are parameters, so the driver is tested
 * against the fake GitHub server with a test double for the agent.
 */
import type { GitHubClient } from '../github/client.js';
import type { RepoRef } from '../github/repo-ref.js';
import { wrapUntrusted } from '../safety/untrusted-text.js';
import type { Backoff } from './backoff.js';
import type { CiError } from './ci-errors.js';
import { dispatchWorkflow } from './dispatch-workflow.js';
import { collectFailureLogs, formatFailureReport } from './failure-logs.js';
import { type TimeBudget, waitForRun } from './wait-for-run.js';

type Octokit = Pick<GitHubClient, 'request'>;

/** One dispatched run. `round` 1 is the run on the agent's first push. */
export interface CiRun {
  round: number;
  runId: number;
  htmlUrl: string;
  headSha: string;
  status: string;
  conclusion?: string;
}

export type CiPhase = 'dispatching' | 'waiting' | 'fixing' | 'done';

/** Why the rounds ended. */
export type CiStop =
  | 'success'
  | 'not-waiting'
  | 'rounds-exhausted'
  | 'not-fixable'
  | 'no-fix'
  | 'deadline'
  | 'cancelled'
  | 'error';

/** Where CI stands: passed to `onUpdate` as it changes, and returned at the end (`phase: 'done'`). */
export interface CiReport {
  /** The `ci-workflow` input. */
  workflow: string;
  /** Extra fix rounds allowed (`ci-rounds`). */
  rounds: number;
  phase: CiPhase;
  runs: CiRun[];
  /** Conclusion of the last run, once it completed (the `ci-conclusion` output). */
  conclusion?: string;
  stop?: CiStop;
  /** Set when dispatching or following a run failed; `fix` says what the maintainer should change. */
  error?: CiError;
}

/** What one fix round did: whether it pushed a new commit, and which. */
export interface FixRoundResult {
  pushed: boolean;
  headSha?: string;
}

export interface CiRoundsOptions {
  workflow: string;
  rounds: number;
  branch: string;
  /** The run's time: no waiting or new round starts after its deadline. */
  budget: TimeBudget;
  signal?: AbortSignal;
  /** The commit the branch points at after the push. */
  getHeadSha: () => Promise<string>;
  /** Continues the agent's conversation with `failureText`, commits and pushes; `round` counts fixes from 1. */
  fixRound: (failureText: string, round: number) => Promise<FixRoundResult>;
  onUpdate?: (report: CiReport) => void;
  log?: (message: string) => void;
  /** Polling cadences (defaults suit github.com; tests shorten them). */
  timing?: { find?: Backoff; findTimeoutMs?: number; wait?: Backoff };
  now?: () => number;
}

/** Conclusions a fix round can address; `cancelled`, `skipped`, … end the rounds. */
const FIXABLE = new Set(['failure', 'timed_out', 'startup_failure']);

/** True when a pull request with this CI result should be (or stay) a draft. */
export function ciFailed(report: Pick<CiReport, 'conclusion'>): boolean {
  return FIXABLE.has(report.conclusion ?? '');
}

/** Runs the rounds. Never throws for GitHub errors: they end up in `error`, and the PR still publishes. */
export async function runCiRounds(
  octokit: Octokit,
  repo: RepoRef,
  options: CiRoundsOptions,
): Promise<CiReport> {
  const { workflow, rounds, branch, budget, signal } = options;
  const now = options.now ?? Date.now;
  const log = options.log ?? (() => {});
  const report: CiReport = { workflow, rounds, phase: 'dispatching', runs: [] };
  const update = (patch: Partial<CiReport> = {}) => {
    Object.assign(report, patch);
    options.onUpdate?.(snapshot(report));
  };
  const finish = (stop: CiStop, patch: Partial<CiReport> = {}): CiReport => {
    update({ ...patch, phase: 'done', stop });
    if (report.error) log(`CI: ${report.error.message} Fix: ${report.error.fix}`);
    return snapshot(report);
  };

  let headSha = await options.getHeadSha();
  for (let round = 1; ; round++) {
    if (signal?.aborted) return finish('cancelled');
    update({ phase: 'dispatching' });
    const dispatched = await dispatchWorkflow(octokit, repo, {
      workflow,
      branch,
      headSha,
      excludeRunIds: report.runs.map((r) => r.runId),
      deadline: budget.deadline,
      ...(signal ? { signal } : {}),
      ...(options.timing?.find ? { poll: options.timing.find } : {}),
      ...(options.timing?.findTimeoutMs ? { findTimeoutMs: options.timing.findTimeoutMs } : {}),
      now,
      log,
    });
    if (dispatched.kind === 'cancelled') return finish('cancelled');
    if (dispatched.kind === 'failed') return finish('error', { error: dispatched.error });
    const run: CiRun = {
      round,
      runId: dispatched.runId,
      htmlUrl: dispatched.htmlUrl,
      headSha: dispatched.headSha || headSha,
      status: dispatched.status,
    };
    report.runs.push(run);
    log(`CI round ${round}: ${run.htmlUrl} (${run.status})`);
    if (rounds === 0) return finish('not-waiting');
    update({ phase: 'waiting' });

    const waited = await waitForRun(octokit, repo, {
      runId: run.runId,
      budget,
      workflow,
      ...(signal ? { signal } : {}),
      ...(options.timing?.wait ? { poll: options.timing.wait } : {}),
      onStatus: (status) => {
        run.status = status;
        update();
      },
      now,
    });
    if (waited.kind === 'cancelled') return finish('cancelled');
    if (waited.kind === 'deadline') return finish('deadline');
    if (waited.kind === 'failed') return finish('error', { error: waited.error });
    run.status = 'completed';
    run.conclusion = waited.conclusion;
    log(`CI round ${round}: ${waited.conclusion}`);
    update({ conclusion: waited.conclusion });
    if (waited.conclusion === 'success') return finish('success');
    if (!FIXABLE.has(waited.conclusion)) return finish('not-fixable');
    if (round > rounds) return finish('rounds-exhausted');
    if (signal?.aborted) return finish('cancelled');
    if (budget.msLeft(now()) <= 0) return finish('deadline');

    update({ phase: 'fixing' });
    const failureText = await describeFailure(octokit, repo, { workflow, run });
    const fix = await options.fixRound(failureText, round);
    if (!fix.pushed) return finish('no-fix');
    headSha = fix.headSha ?? (await options.getHeadSha());
  }
}

/**
 * The new task turn for the agent: what failed, then the failed jobs' log excerpts (the same
 * extraction as the CI-failure trigger) wrapped as untrusted data, since logs echo repository
 * content and test output anybody could have written.
 */
async function describeFailure(
  octokit: Octokit,
  repo: RepoRef,
  input: { workflow: string; run: CiRun },
): Promise<string> {
  const { run } = input;
  let details: string;
  try {
    const report = await collectFailureLogs(octokit, repo, { runId: run.runId });
    details = formatFailureReport(report);
  } catch (error) {
    details = `The failed jobs' logs could not be read: ${(error as Error).message}`;
  }
  return [
    `CI failed on your change: the workflow \`${input.workflow}\` concluded \`${run.conclusion}\` on commit ${run.headSha.slice(0, 7)} (${run.htmlUrl}).`,
    'The failed jobs and the relevant part of their logs follow. Find the cause and fix it in the code (not by weakening or skipping tests), run the failing check yourself if you can, and finish with a short summary of what you changed.',
    wrapUntrusted(`CI log of ${input.workflow} run ${run.runId}`, details, { format: 'plain' }),
  ].join('\n\n');
}

function snapshot(report: CiReport): CiReport {
  return { ...report, runs: report.runs.map((r) => ({ ...r })) };
}
