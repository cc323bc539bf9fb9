/** Renders workflows, workflow runs, jobs and check runs as GitHub Actions' REST API does. */

import {
  type JsonContext,
  nodeId,
  repoApiUrl,
  repoHtmlUrl,
  repositoryJson,
  userJson,
} from './github-json.js';
import { commitInfo } from './github-json-git.js';
import type { CheckRunRecord, JobRecord, RunRecord, WorkflowRecord } from './github-state.js';

type Json = Record<string, any>;

/** A `workflow`. */
export function workflowJson(ctx: JsonContext, workflow: WorkflowRecord): Json {
  const created = '2024-01-01T00:00:00Z';
  return {
    id: workflow.id,
    node_id: nodeId('Workflow', workflow.id),
    name: workflow.name,
    path: workflow.path,
    state: 'active',
    created_at: created,
    updated_at: created,
    url: `${repoApiUrl(ctx)}/actions/workflows/${workflow.id}`,
    html_url: `${repoHtmlUrl(ctx)}/blob/${ctx.git.defaultBranch}/${workflow.path}`,
    badge_url: `${repoHtmlUrl(ctx)}/workflows/${encodeURIComponent(workflow.name)}/badge.svg`,
  };
}

/** A `workflow-run`. */
export async function runJson(ctx: JsonContext, run: RunRecord): Promise<Json> {
  const api = `${repoApiUrl(ctx)}/actions/runs/${run.id}`;
  const workflow = ctx.state.workflows.get(run.workflowId);
  const commit = await commitInfo(ctx, run.headSha).catch(() => undefined);
  const repository = repositoryJson(ctx);
  const pulls = ctx.state
    .pulls()
    .filter(
      (p) =>
        p.state === 'open' && p.pull!.headRef === run.headBranch && p.pull!.headRepo === ctx.state.fullName,
    );
  const minimalRepo = { id: repository['id'], url: repository['url'], name: repository['name'] };
  return {
    id: run.id,
    name: workflow?.name ?? 'CI',
    node_id: nodeId('WorkflowRun', run.id),
    check_suite_id: run.id + 1,
    check_suite_node_id: nodeId('CheckSuite', run.id + 1),
    head_branch: run.headBranch,
    head_sha: run.headSha,
    path: `${workflow?.path ?? '.github/workflows/ci.yml'}@${run.headBranch}`,
    run_number: run.runNumber,
    event: run.event,
    display_title: commit?.subject ?? run.headBranch,
    status: run.status,
    conclusion: run.conclusion,
    workflow_id: run.workflowId,
    url: api,
    html_url: `${repoHtmlUrl(ctx)}/actions/runs/${run.id}`,
    pull_requests: await Promise.all(
      pulls.map(async (p) => ({
        id: p.id,
        number: p.number,
        url: `${repoApiUrl(ctx)}/pulls/${p.number}`,
        head: { ref: p.pull!.headRef, sha: run.headSha, repo: minimalRepo },
        base: {
          ref: p.pull!.baseRef,
          sha: (await ctx.git.resolve(`refs/heads/${p.pull!.baseRef}`)) ?? run.headSha,
          repo: minimalRepo,
        },
      })),
    ),
    created_at: run.createdAt,
    updated_at: run.updatedAt,
    actor: userJson(ctx, run.actor),
    run_attempt: run.runAttempt,
    referenced_workflows: [],
    run_started_at: run.createdAt,
    triggering_actor: userJson(ctx, run.actor),
    jobs_url: `${api}/jobs`,
    logs_url: `${api}/logs`,
    check_suite_url: `${repoApiUrl(ctx)}/check-suites/${run.id + 1}`,
    artifacts_url: `${api}/artifacts`,
    cancel_url: `${api}/cancel`,
    rerun_url: `${api}/rerun`,
    previous_attempt_url: run.runAttempt > 1 ? `${api}/attempts/${run.runAttempt - 1}` : null,
    workflow_url: `${repoApiUrl(ctx)}/actions/workflows/${run.workflowId}`,
    head_commit: commit
      ? {
          id: commit.sha,
          tree_id: commit.tree,
          message: commit.message,
          timestamp: commit.committer.date,
          author: { name: commit.author.name, email: commit.author.email },
          committer: { name: commit.committer.name, email: commit.committer.email },
        }
      : null,
    repository,
    head_repository: repository,
  };
}

/** A `job`. */
export function jobJson(ctx: JsonContext, job: JobRecord, run: RunRecord): Json {
  const api = repoApiUrl(ctx);
  const workflow = ctx.state.workflows.get(run.workflowId);
  const stepStatus = job.status;
  return {
    id: job.id,
    run_id: run.id,
    run_url: `${api}/actions/runs/${run.id}`,
    run_attempt: run.runAttempt,
    node_id: nodeId('Job', job.id),
    head_sha: run.headSha,
    url: `${api}/actions/jobs/${job.id}`,
    html_url: `${repoHtmlUrl(ctx)}/actions/runs/${run.id}/job/${job.id}`,
    status: job.status,
    conclusion: job.conclusion,
    created_at: run.createdAt,
    started_at: job.startedAt,
    completed_at: job.completedAt,
    name: job.name,
    steps: job.steps.map((step) => ({
      name: step.name,
      status: stepStatus,
      conclusion: job.status === 'completed' ? step.conclusion : null,
      number: step.number,
      started_at: job.startedAt,
      completed_at: job.completedAt,
    })),
    check_run_url: `${api}/check-runs/${job.id}`,
    labels: ['ubuntu-latest'],
    runner_id: 1,
    runner_name: 'GitHub Actions 1',
    runner_group_id: 1,
    runner_group_name: 'GitHub Actions',
    workflow_name: workflow?.name ?? 'CI',
    head_branch: run.headBranch,
  };
}

/** A `check-run`. */
export function checkRunJson(ctx: JsonContext, check: CheckRunRecord): Json {
  const api = `${repoApiUrl(ctx)}/check-runs/${check.id}`;
  const completed = check.status === 'completed';
  return {
    id: check.id,
    head_sha: check.headSha,
    node_id: nodeId('CheckRun', check.id),
    external_id: '',
    url: api,
    html_url: `${repoHtmlUrl(ctx)}/runs/${check.id}`,
    details_url: `${repoHtmlUrl(ctx)}/runs/${check.id}`,
    status: check.status,
    conclusion: check.conclusion,
    started_at: '2024-01-01T00:00:00Z',
    completed_at: completed ? '2024-01-01T00:01:00Z' : null,
    output: {
      title: null,
      summary: null,
      text: null,
      annotations_count: 0,
      annotations_url: `${api}/annotations`,
    },
    name: check.name,
    check_suite: { id: 1 },
    app: null,
    pull_requests: [],
  };
}

/** Check runs on a commit: one per job of the runs on it, plus any added directly. */
export function checkRunsFor(ctx: JsonContext, sha: string): CheckRunRecord[] {
  const fromJobs = [...ctx.state.runs.values()]
    .filter((run) => run.headSha === sha)
    .flatMap((run) =>
      run.jobs.map((job) => ({
        id: job.id,
        name: job.name,
        headSha: sha,
        status: job.status,
        conclusion: job.conclusion,
      })),
    );
  return [...fromJobs, ...ctx.state.checkRuns.filter((c) => c.headSha === sha)];
}
