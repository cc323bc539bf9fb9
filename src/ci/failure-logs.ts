/**
 * What failed in a workflow run, as text a model can act on: the failed jobs and steps and an
 * excerpt of each failed job's log. The CI-failure trigger and the CI-in-the-loop rounds both use
 * this one function.
 */
import type { GitHubClient } from '../github/client.js';
import type { RepoRef } from '../github/repo-ref.js';
import { FAILURE_LOG_CHARS, FAILURE_LOG_MAX_JOBS } from '../limits.js';
import { excerptLog } from './log-excerpt.js';

type Octokit = Pick<GitHubClient, 'request'>;

export interface FailedJob {
  id: number;
  name: string;
  /** Names of the steps that failed. */
  failedSteps: string[];
  htmlUrl: string | null;
  /** The explaining part of the job's log (or why it could not be read). */
  excerpt: string;
}

export interface FailureReport {
  runId: number;
  jobs: FailedJob[];
}

export interface FailureLogOptions {
  runId: number;
  /** Characters at most across all jobs' excerpts. */
  maxChars?: number;
  /** Jobs read at most (the first failures usually explain the rest). */
  maxJobs?: number;
}

const FAILED = new Set(['failure', 'timed_out', 'startup_failure']);

/** Lists the run's latest jobs, downloads failed jobs' logs (the API answers with a redirect), excerpts them. */
export async function collectFailureLogs(
  octokit: Octokit,
  repo: RepoRef,
  options: FailureLogOptions,
): Promise<FailureReport> {
  const { runId } = options;
  const { data } = await octokit.request('GET /repos/{owner}/{repo}/actions/runs/{run_id}/jobs', {
    ...repo,
    run_id: runId,
    filter: 'latest',
    per_page: 100,
  });
  const failed = data.jobs
    .filter((job) => FAILED.has(job.conclusion ?? ''))
    .slice(0, options.maxJobs ?? FAILURE_LOG_MAX_JOBS);
  const budget = Math.floor((options.maxChars ?? FAILURE_LOG_CHARS) / Math.max(1, failed.length));
  const jobs: FailedJob[] = [];
  for (const job of failed) {
    let excerpt: string;
    try {
      const log = await octokit.request('GET /repos/{owner}/{repo}/actions/jobs/{job_id}/logs', {
        ...repo,
        job_id: job.id,
      });
      excerpt = excerptLog(typeof log.data === 'string' ? log.data : String(log.data), { maxChars: budget });
    } catch (error) {
      excerpt = `(the log could not be downloaded: ${(error as Error).message})`;
    }
    jobs.push({
      id: Number(job.id),
      name: job.name,
      failedSteps: (job.steps ?? []).filter((s) => FAILED.has(s.conclusion ?? '')).map((s) => s.name),
      htmlUrl: job.html_url ?? null,
      excerpt,
    });
  }
  return { runId, jobs };
}

/** Plain-text rendering of a report, for the task prompt (the caller wraps it as untrusted data). */
export function formatFailureReport(report: FailureReport): string {
  if (report.jobs.length === 0) return `Run ${report.runId} failed, but no failed job was found.`;
  return report.jobs
    .map((job) => {
      const steps = job.failedSteps.length > 0 ? job.failedSteps.join(', ') : '(no failed step recorded)';
      return `Job "${job.name}" failed at step: ${steps}\n${job.excerpt}`;
    })
    .join('\n\n');
}
