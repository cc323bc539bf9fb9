/**
 * The task the model gets for each trigger: the action's own framing (trusted) plus the text
 * outsiders wrote (issue, comments, PR description, CI logs) as untrusted parts.
 */
import { collectCheckRunReport, formatCheckRunReport } from '../ci/check-run-report.js';
import { collectFailureLogs, formatFailureReport } from '../ci/failure-logs.js';
import { CI_LOG_CHARS } from '../limits.js';
import type { UntrustedPart } from '../prompt/task-prompt.js';
import { deliverLine, instructionTask, titledPart } from '../prompt/task-wording.js';
import { buildThreadReplyTask } from '../prompt/thread-reply-task.js';
import type { Trigger } from '../triggers/trigger.js';
import type { RunContext } from './context.js';
import type { WorkPlan } from './plan-work.js';

export interface TaskSpec {
  task: string;
  context: UntrustedPart[];
}

function request(trigger: { instruction: string; actor: { login: string } }, where: string): UntrustedPart[] {
  return trigger.instruction
    ? [{ source: `request by @${trigger.actor.login} in a comment on ${where}`, text: trigger.instruction }]
    : [];
}

/** Builds the task; a CI failure reads the failed jobs' logs first. */
export async function buildTask(
  ctx: RunContext,
  trigger: Exclude<Trigger, { kind: 'skip' }>,
  plan: WorkPlan,
  /** For `/agent approve`: the plan as posted, checked by `checkApproval`. */
  approvedPlan?: string,
): Promise<TaskSpec> {
  const { owner, repo } = ctx.repo;
  const answerOnly = plan.publish.kind === 'comment';
  const deliver = deliverLine(answerOnly);
  let spec: TaskSpec;
  switch (trigger.kind) {
    case 'issue':
    case 'issue-comment':
      spec = {
        task: `Resolve issue #${trigger.issueNumber} of ${owner}/${repo}. The issue is below.${trigger.kind === 'issue-comment' && trigger.instruction ? ' A maintainer asked for this run in a comment, also below.' : ''}\n${deliver}`,
        context: [
          titledPart(`issue #${trigger.issueNumber}`, trigger.title, trigger.body),
          ...(trigger.kind === 'issue-comment' ? request(trigger, `issue #${trigger.issueNumber}`) : []),
        ],
      };
      break;
    case 'pr-comment':
    case 'review-comment': {
      if (trigger.kind === 'review-comment' && plan.replyThread) {
        spec = buildThreadReplyTask(plan.replyThread, {
          repository: `${owner}/${repo}`,
          instruction: trigger.instruction,
          canPush: plan.publish.kind === 'push',
        });
        break;
      }
      const pr = plan.pullRequest;
      const branch = pr ? ` (branch ${pr.headRef}, checked out)` : '';
      const parts: UntrustedPart[] = [
        titledPart(`pull request #${trigger.prNumber} description`, trigger.title, trigger.body),
        ...request(trigger, `pull request #${trigger.prNumber}`),
      ];
      if (trigger.kind === 'review-comment') {
        const lines =
          trigger.startLine && trigger.line
            ? `${trigger.startLine}-${trigger.line}`
            : String(trigger.line ?? '?');
        parts.push({
          source: `diff hunk of ${trigger.path} lines ${lines}`,
          text: trigger.diffHunk,
          format: 'plain',
        });
      }
      spec = {
        task: `Work on pull request #${trigger.prNumber} of ${owner}/${repo}${branch}. A reviewer asked for a change in a comment; the request and the pull request are below.\n${deliver}`,
        context: parts,
      };
      break;
    }
    case 'ci-failure': {
      const report = await collectFailureLogs(ctx.octokit, ctx.repo, {
        runId: trigger.runId,
        maxChars: CI_LOG_CHARS,
      });
      spec = {
        task: `The workflow "${trigger.workflowName}" failed on branch ${trigger.headBranch} at commit ${trigger.headSha.slice(0, 12)} (${trigger.htmlUrl}). That commit is checked out. Find the cause in the failed jobs' logs below and fix the code so the workflow passes; do not weaken or skip tests to make it pass.\n${deliver}`,
        context: [
          {
            source: `failed jobs of run ${trigger.runId}`,
            text: formatFailureReport(report),
            format: 'plain',
            maxChars: CI_LOG_CHARS + 2_000,
          },
        ],
      };
      break;
    }
    case 'check-run': {
      const report = await collectCheckRunReport(ctx.octokit, ctx.repo, {
        checkRunId: trigger.checkRunId,
        name: trigger.name,
        output: trigger.output,
        maxChars: CI_LOG_CHARS,
      });
      const link = trigger.detailsUrl ?? trigger.htmlUrl;
      spec = {
        task: `The check "${trigger.name}" reported by ${trigger.appSlug} failed (${trigger.conclusion}) on branch ${trigger.headBranch} at commit ${trigger.headSha.slice(0, 12)} (${link}). That commit is checked out. Find the cause in the check's report and annotations below and fix the code so the check passes; do not weaken or skip tests to make it pass.\n${deliver}`,
        context: [
          {
            source: `report of check run ${trigger.checkRunId}`,
            text: formatCheckRunReport(report, CI_LOG_CHARS),
            format: 'plain',
            maxChars: CI_LOG_CHARS + 2_000,
          },
        ],
      };
      break;
    }
    case 'dispatch':
      spec = { task: instructionTask(trigger.prompt, deliver), context: [] };
      break;
    case 'approve':
      spec = {
        task: `Resolve issue #${trigger.issueNumber} of ${owner}/${repo} by carrying out the plan below, which @${trigger.actor.login} approved. Follow its steps and touch the files it names; if the code shows a step cannot work as planned, do the least change that keeps to the plan's intent and say so in your summary.${trigger.instruction ? ' The approver added an instruction, also below.' : ''}\n${deliver}`,
        context: [
          { source: `the approved plan for issue #${trigger.issueNumber}`, text: approvedPlan ?? '' },
          titledPart(`issue #${trigger.issueNumber}`, trigger.title, trigger.body),
          ...request(trigger, `issue #${trigger.issueNumber}`),
        ],
      };
      break;
    case 'plan':
      // Plan runs never get here: runPlanning builds the planner's task.
      throw new Error('A plan run is carried out by runPlanning, not given a work task.');
    case 'pull-request':
      // Review runs never get here: runReview builds the reviewer's task from the API's view of the PR.
      throw new Error('A pull-request event is reviewed by runReview, not given a work task.');
  }
  const prompt = ctx.config.prompt;
  if (prompt && trigger.kind !== 'dispatch')
    spec = { task: instructionTask(prompt, deliver), context: spec.context };
  return spec;
}
