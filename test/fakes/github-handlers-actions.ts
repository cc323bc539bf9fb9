/**
 * GitHub Actions of the fake server: workflows, dispatches that create scripted runs, runs that
 * advance as the API observes them, jobs, log downloads (302 to a plain-text URL) and check runs.
 */

import { repoApiUrl, repoHtmlUrl } from './github-json.js';
import { checkRunJson, checkRunsFor, jobJson, runJson, workflowJson } from './github-json-actions.js';
import { type Handler, type HandlerInput, notFound, ok, paginate, unprocessable } from './github-reply.js';
import type { RunRecord } from './github-state.js';

/** Where the job-log download endpoint redirects (served by the same server, without auth). */
export const JOB_LOGS_PATH = '/_fake/job-logs/';

const CONCLUSIONS = [
  'success',
  'failure',
  'cancelled',
  'skipped',
  'timed_out',
  'neutral',
  'action_required',
  'stale',
];

/** GitHub's `created` filter: `>=2024-01-01T00:00:00Z`, `<…`, `a..b` or an exact date prefix. */
function matchesCreated(filter: string | undefined, createdAt: string): boolean {
  if (!filter) return true;
  const range = /^(.+)\.\.(.+)$/.exec(filter);
  if (range) return createdAt >= range[1]! && createdAt <= range[2]!;
  const compare = /^(>=|<=|>|<)(.+)$/.exec(filter);
  if (!compare) return createdAt.startsWith(filter);
  const [, op, value] = compare as unknown as [string, string, string];
  const a = Date.parse(createdAt);
  const b = Date.parse(value);
  return op === '>=' ? a >= b : op === '<=' ? a <= b : op === '>' ? a > b : a < b;
}

async function listRuns(input: HandlerInput, runs: RunRecord[]) {
  const { branch, event, status, head_sha: headSha, actor, created } = input.query;
  const candidates = runs
    .filter((r) => (!branch || r.headBranch === branch) && (!event || r.event === event))
    .filter((r) => (!headSha || r.headSha === headSha) && (!actor || r.actor === actor))
    .filter((r) => matchesCreated(created, r.createdAt));
  for (const run of candidates) input.state.observeRun(run);
  const matches = candidates
    .filter((r) => !status || (CONCLUSIONS.includes(status) ? r.conclusion === status : r.status === status))
    .sort((a, b) => b.id - a.id);
  const { page, headers } = paginate(input, matches);
  const workflowRuns = await Promise.all(page.map((r) => runJson(input, r)));
  return { status: 200, body: { total_count: matches.length, workflow_runs: workflowRuns }, headers };
}

function runOf(input: HandlerInput): RunRecord | undefined {
  return input.state.runs.get(input.params['run_id']);
}

export const actionHandlers: Record<string, Handler> = {
  'actions/get-workflow': (input) => {
    const workflow = input.state.workflow(input.params['workflow_id']);
    return workflow ? ok(workflowJson(input, workflow)) : notFound();
  },
  'actions/create-workflow-dispatch': async (input) => {
    const { state, git } = input;
    const workflow = state.workflow(input.params['workflow_id']);
    if (!workflow) return notFound();
    if (!workflow.dispatchable) return unprocessable("Workflow does not have 'workflow_dispatch' trigger");
    const ref = String(input.body.ref).replace(/^refs\/(heads|tags)\//, '');
    const headSha = (await git.resolve(`refs/heads/${ref}`)) ?? (await git.resolve(`refs/tags/${ref}`));
    if (!headSha) return unprocessable(`No ref found for: ${input.body.ref}`);
    const script = state.runScripts.get(workflow.id)?.shift();
    const run = state.addRun({
      workflowId: workflow.id,
      headBranch: ref,
      headSha,
      event: 'workflow_dispatch',
      actor: state.tokenUser,
      ...(script ? { script } : {}),
    });
    if (!input.body.return_run_details) return { status: 204 };
    return ok({
      workflow_run_id: run.id,
      run_url: `${repoApiUrl(input)}/actions/runs/${run.id}`,
      html_url: `${repoHtmlUrl(input)}/actions/runs/${run.id}`,
    });
  },
  'actions/list-workflow-runs': (input) => {
    const workflow = input.state.workflow(input.params['workflow_id']);
    if (!workflow) return notFound();
    return listRuns(
      input,
      [...input.state.runs.values()].filter((r) => r.workflowId === workflow.id),
    );
  },
  'actions/list-workflow-runs-for-repo': (input) => listRuns(input, [...input.state.runs.values()]),
  'actions/get-workflow-run': async (input) => {
    const run = runOf(input);
    if (!run) return notFound();
    input.state.observeRun(run);
    return ok(await runJson(input, run));
  },
  'actions/list-jobs-for-workflow-run': (input) => {
    const run = runOf(input);
    if (!run) return notFound();
    input.state.observeRun(run);
    const { page, headers } = paginate(input, run.jobs);
    const jobs = page.map((job) => jobJson(input, job, run));
    return { status: 200, body: { total_count: run.jobs.length, jobs }, headers };
  },
  'actions/get-job-for-workflow-run': (input) => {
    const job = input.state.job(input.params['job_id']);
    return job ? ok(jobJson(input, job, input.state.runs.get(job.runId)!)) : notFound();
  },
  'actions/download-job-logs-for-workflow-run': (input) => {
    const job = input.state.job(input.params['job_id']);
    if (!job) return notFound();
    return { status: 302, headers: { location: `${input.urls.serverUrl}${JOB_LOGS_PATH}${job.id}` } };
  },
  'checks/list-for-ref': async (input) => {
    const ref = input.params['ref'] as string;
    const sha = /^[0-9a-f]{40}$/.test(ref) ? ref : await input.git.resolve(ref);
    if (!sha) return unprocessable(`No commit found for SHA: ${ref}`);
    const { check_name: name, status } = input.query;
    const checks = checkRunsFor(input, sha).filter(
      (c) => (!name || c.name === name) && (!status || c.status === status),
    );
    const { page, headers } = paginate(input, checks);
    const checkRuns = page.map((c) => checkRunJson(input, c));
    return { status: 200, body: { total_count: checks.length, check_runs: checkRuns }, headers };
  },
};
