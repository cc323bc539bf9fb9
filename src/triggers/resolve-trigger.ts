/**
 * Turns `GITHUB_EVENT_NAME` and the event payload into a {@link Trigger}. Pure: the payload is
 * passed in, and the only checks made here are the ones the payload alone can answer (who may
 * trigger is the gate's job, since it needs the API).
 */
import { z } from 'zod';
import type { Actor } from '../github/actor.js';
import { planCommandOf } from './plan-command.js';
import { resolvePullRequestEvent } from './pull-request-event.js';
import type { Mode, Trigger } from './trigger.js';
import { matchTriggerPhrase } from './trigger-phrase.js';

export interface TriggerOptions {
  triggerPhrase: string;
  label: string;
  /** The `prompt` input, if given. */
  prompt: string | undefined;
  runId: number;
  /** `GITHUB_ACTOR`, used when the payload has no sender. */
  actor: string | undefined;
  /** The `mode` input: pull-request events are acted on in `review` mode only. */
  mode?: Mode;
  /** The `plan-first` input: the trigger label asks for a plan instead of a change. */
  planFirst?: boolean;
}

const user = z.object({ login: z.string(), type: z.string().default('User'), id: z.number().optional() });
const repository = z.object({ full_name: z.string() });

const issuesLabeled = z.object({
  action: z.string(),
  issue: z.object({ number: z.number(), title: z.string(), body: z.string().nullish() }),
  label: z.object({ name: z.string() }).nullish(),
  sender: user,
});

const issueComment = z.object({
  action: z.string(),
  issue: z.object({
    number: z.number(),
    title: z.string(),
    body: z.string().nullish(),
    pull_request: z.object({ url: z.string() }).nullish(),
  }),
  comment: z.object({ id: z.number(), body: z.string().nullish(), user }),
});

const reviewComment = z.object({
  action: z.string(),
  comment: z.object({
    id: z.number(),
    body: z.string().nullish(),
    user,
    path: z.string(),
    diff_hunk: z.string(),
    line: z.number().nullish(),
    start_line: z.number().nullish(),
    in_reply_to_id: z.number().nullish(),
  }),
  pull_request: z.object({
    number: z.number(),
    title: z.string(),
    body: z.string().nullish(),
    head: z.object({ ref: z.string(), sha: z.string(), repo: repository.nullish() }),
  }),
});

const workflowRun = z.object({
  action: z.string(),
  workflow_run: z.object({
    id: z.number(),
    name: z.string().nullish(),
    run_attempt: z.number().default(1),
    conclusion: z.string().nullish(),
    head_sha: z.string(),
    head_branch: z.string().nullish(),
    html_url: z.string(),
    head_commit: z.object({ message: z.string() }).nullish(),
    head_repository: repository.nullish(),
    triggering_actor: user.nullish(),
    actor: user.nullish(),
  }),
  repository,
});

const checkRun = z.object({
  action: z.string(),
  check_run: z.object({
    id: z.number(),
    name: z.string(),
    head_sha: z.string(),
    conclusion: z.string().nullish(),
    html_url: z.string().nullish(),
    details_url: z.string().nullish(),
    output: z
      .object({
        title: z.string().nullish(),
        summary: z.string().nullish(),
        text: z.string().nullish(),
        annotations_count: z.number().default(0),
      })
      .nullish(),
    app: z.object({ slug: z.string().nullish(), name: z.string().nullish() }).nullish(),
    check_suite: z.object({ head_branch: z.string().nullish() }).nullish(),
  }),
  sender: user.nullish(),
});

/** A `schedule` event carries the cron expression; there is no sender (the actor is `GITHUB_ACTOR`). */
const schedule = z.object({ schedule: z.string().nullish() });

/** Check conclusions that mean the code is red; `cancelled`, `neutral`, `action_required` … are not. */
const RED_CHECKS = new Set(['failure', 'timed_out']);

const workflowDispatch = z.object({
  inputs: z.record(z.string(), z.unknown()).nullish(),
  sender: user.nullish(),
});

/** Splits `"/agent fix the test"` into `"fix the test"`; undefined when the phrase is not its first word. */
export function textAfterPhrase(body: string, phrase: string): string | undefined {
  return matchTriggerPhrase(body, phrase);
}

function actorOf(u: { login: string; type: string; id?: number | undefined }): Actor {
  return u.id === undefined ? { login: u.login, type: u.type } : { login: u.login, type: u.type, id: u.id };
}

function skip(reason: string): Trigger {
  return { kind: 'skip', reason };
}

function parse<T>(schema: z.ZodType<T>, payload: unknown, eventName: string): T {
  const result = schema.safeParse(payload);
  if (!result.success) {
    const first = result.error.issues[0];
    throw new Error(
      `The ${eventName} event payload is not what GitHub sends: ${first?.path.join('.') || '(root)'}: ${first?.message}`,
    );
  }
  return result.data;
}

export function resolveTrigger(eventName: string, payload: unknown, options: TriggerOptions): Trigger {
  switch (eventName) {
    case 'issues': {
      const event = parse(issuesLabeled, payload, eventName);
      if (event.action !== 'labeled') return skip(`issues event "${event.action}" is not "labeled"`);
      if (event.label?.name !== options.label) {
        return skip(`label "${event.label?.name ?? ''}" is not the trigger label "${options.label}"`);
      }
      if (options.planFirst) {
        return {
          kind: 'plan',
          issueNumber: event.issue.number,
          title: event.issue.title,
          body: event.issue.body ?? '',
          instruction: '',
          actor: actorOf(event.sender),
        };
      }
      return {
        kind: 'issue',
        issueNumber: event.issue.number,
        title: event.issue.title,
        body: event.issue.body ?? '',
        actor: actorOf(event.sender),
        label: event.label.name,
      };
    }
    case 'issue_comment': {
      const event = parse(issueComment, payload, eventName);
      if (event.action !== 'created') return skip(`comment was ${event.action}, not created`);
      const instruction = textAfterPhrase(event.comment.body ?? '', options.triggerPhrase);
      if (instruction === undefined) return skip(`comment does not start with "${options.triggerPhrase}"`);
      const common = {
        title: event.issue.title,
        body: event.issue.body ?? '',
        commentId: event.comment.id,
        instruction,
        actor: actorOf(event.comment.user),
      };
      if (event.issue.pull_request) return { kind: 'pr-comment', prNumber: event.issue.number, ...common };
      const command = planCommandOf(instruction);
      if (command)
        return { kind: command.kind, issueNumber: event.issue.number, ...common, instruction: command.rest };
      return { kind: 'issue-comment', issueNumber: event.issue.number, ...common };
    }
    case 'pull_request_review_comment': {
      const event = parse(reviewComment, payload, eventName);
      if (event.action !== 'created') return skip(`review comment was ${event.action}, not created`);
      const instruction = textAfterPhrase(event.comment.body ?? '', options.triggerPhrase);
      if (instruction === undefined) {
        return skip(`review comment does not start with "${options.triggerPhrase}"`);
      }
      const pr = event.pull_request;
      return {
        kind: 'review-comment',
        prNumber: pr.number,
        title: pr.title,
        body: pr.body ?? '',
        commentId: event.comment.id,
        threadRootId: event.comment.in_reply_to_id ?? event.comment.id,
        instruction,
        path: event.comment.path,
        startLine: event.comment.start_line ?? null,
        line: event.comment.line ?? null,
        diffHunk: event.comment.diff_hunk,
        headRef: pr.head.ref,
        headSha: pr.head.sha,
        headRepository: pr.head.repo?.full_name ?? '',
        actor: actorOf(event.comment.user),
      };
    }
    case 'workflow_run': {
      const event = parse(workflowRun, payload, eventName);
      const run = event.workflow_run;
      if (event.action !== 'completed') return skip(`workflow run is ${event.action}, not completed`);
      if (run.conclusion !== 'failure')
        return skip(`workflow run concluded ${run.conclusion ?? 'without a conclusion'}`);
      if (run.head_repository?.full_name !== event.repository.full_name) {
        return skip(
          `workflow run is for ${run.head_repository?.full_name ?? 'an unknown repository'} (a fork); fork runs are skipped`,
        );
      }
      if (!run.head_branch) return skip('workflow run has no head branch');
      const actor = run.triggering_actor ?? run.actor;
      return {
        kind: 'ci-failure',
        runId: run.id,
        runAttempt: run.run_attempt,
        workflowName: run.name ?? 'workflow',
        headSha: run.head_sha,
        headBranch: run.head_branch,
        headCommitMessage: run.head_commit?.message ?? '',
        htmlUrl: run.html_url,
        actor: actor ? actorOf(actor) : { login: options.actor ?? 'unknown', type: 'User' },
      };
    }
    case 'workflow_dispatch': {
      const event = parse(workflowDispatch, payload, eventName);
      const fromEvent = event.inputs?.['prompt'];
      const prompt =
        options.prompt ?? (typeof fromEvent === 'string' && fromEvent.trim() ? fromEvent : undefined);
      if (!prompt) return skip('workflow_dispatch without a prompt (set the prompt input)');
      const sender = event.sender ?? { login: options.actor ?? 'unknown', type: 'User' };
      return { kind: 'dispatch', prompt, runId: options.runId, actor: actorOf(sender) };
    }
    case 'check_run': {
      const event = parse(checkRun, payload, eventName);
      const check = event.check_run;
      if (event.action !== 'completed') return skip(`check run is ${event.action}, not completed`);
      if (!RED_CHECKS.has(check.conclusion ?? '')) {
        return skip(`check "${check.name}" concluded ${check.conclusion ?? 'without a conclusion'}`);
      }
      const slug = check.app?.slug ?? '';
      // GitHub Actions reports every job as a check run too; those failures come as workflow_run.
      if (slug === 'github-actions') {
        return skip(
          `check "${check.name}" was made by GitHub Actions; its failure is handled as workflow_run`,
        );
      }
      const branch = check.check_suite?.head_branch;
      if (!branch) return skip(`check "${check.name}" names no head branch (a fork or a detached commit)`);
      const sender = event.sender ?? { login: options.actor ?? 'unknown', type: 'User' };
      return {
        kind: 'check-run',
        checkRunId: check.id,
        name: check.name,
        conclusion: check.conclusion ?? '',
        appSlug: slug || (check.app?.name ?? 'unknown app'),
        headSha: check.head_sha,
        headBranch: branch,
        headCommitMessage: '',
        htmlUrl: check.html_url ?? '',
        detailsUrl: check.details_url ?? null,
        output: {
          title: check.output?.title ?? '',
          summary: check.output?.summary ?? '',
          text: check.output?.text ?? '',
          annotationsCount: check.output?.annotations_count ?? 0,
        },
        actor: actorOf(sender),
      };
    }
    case 'schedule': {
      const event = parse(schedule, payload, eventName);
      if (!options.prompt) return skip('schedule without a prompt (set the prompt input)');
      return {
        kind: 'dispatch',
        prompt: options.prompt,
        runId: options.runId,
        actor: { login: options.actor ?? 'unknown', type: 'User' },
        schedule: event.schedule ?? '',
      };
    }
    case 'pull_request':
    case 'pull_request_target':
      return resolvePullRequestEvent(eventName, payload, options.mode ?? 'auto');
    default:
      return skip(`event "${eventName}" is not one agent-action acts on`);
  }
}
