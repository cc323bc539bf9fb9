/**
 * What started this run, parsed once from the event into a discriminated union. Everything
 * downstream switches over `kind`; nothing else looks at the raw payload.
 */
import type { Actor } from '../github/actor.js';

/** The `mode` input: how a run publishes (`review` reviews instead of changing). */
export const MODES = ['auto', 'pr', 'comment', 'review'] as const;
export type Mode = (typeof MODES)[number];

export interface IssueTrigger {
  kind: 'issue';
  issueNumber: number;
  title: string;
  body: string;
  actor: Actor;
  /** The label whose addition started the run. */
  label: string;
}

export interface IssueCommentTrigger {
  kind: 'issue-comment';
  issueNumber: number;
  title: string;
  body: string;
  commentId: number;
  /** Text after the trigger phrase: extra instruction from the commenter. */
  instruction: string;
  actor: Actor;
}

export interface PullRequestCommentTrigger {
  kind: 'pr-comment';
  prNumber: number;
  title: string;
  body: string;
  commentId: number;
  instruction: string;
  actor: Actor;
}

export interface ReviewCommentTrigger {
  kind: 'review-comment';
  prNumber: number;
  title: string;
  body: string;
  commentId: number;
  /** The thread's first comment; replies go to it. */
  threadRootId: number;
  instruction: string;
  path: string;
  startLine: number | null;
  line: number | null;
  diffHunk: string;
  headRef: string;
  headSha: string;
  /** `owner/name` of the repository the PR head lives in. */
  headRepository: string;
  actor: Actor;
}

export interface CiFailureTrigger {
  kind: 'ci-failure';
  runId: number;
  runAttempt: number;
  workflowName: string;
  headSha: string;
  headBranch: string;
  /** Commit message of the failing head; used by the loop guard. */
  headCommitMessage: string;
  htmlUrl: string;
  actor: Actor;
}

export interface CheckRunTrigger {
  kind: 'check-run';
  checkRunId: number;
  /** The check's name, e.g. `ci/circleci: test`. */
  name: string;
  conclusion: string;
  /** Slug of the app that made the check (`circleci-checks`, `buildkite`, …). */
  appSlug: string;
  headSha: string;
  /** The branch the check ran for (`check_suite.head_branch`); confirmed to have `headSha` as its head. */
  headBranch: string;
  /** Commit message of the head; filled in when the head is confirmed, used by the loop guard. */
  headCommitMessage: string;
  htmlUrl: string;
  /** The CI system's own page for the check, if it gave one. */
  detailsUrl: string | null;
  output: { title: string; summary: string; text: string; annotationsCount: number };
  actor: Actor;
}

export interface DispatchTrigger {
  kind: 'dispatch';
  prompt: string;
  runId: number;
  actor: Actor;
  /** The cron expression when a `schedule` event started the run (otherwise a `workflow_dispatch`). */
  schedule?: string;
}

/** `pull_request` / `pull_request_target` with `mode: review`: review the PR's head. */
export interface PullRequestTrigger {
  kind: 'pull-request';
  event: 'pull_request' | 'pull_request_target';
  /** `opened`, `synchronize`, `ready_for_review` or `reopened`. */
  action: string;
  prNumber: number;
  title: string;
  body: string;
  headSha: string;
  headRef: string;
  /** `owner/name` of the repository the PR head lives in. */
  headRepository: string;
  /** True when the head branch lives in this repository (not a fork). */
  sameRepo: boolean;
  /** Who opened the pull request: for a fork, the one whose permission the gate checks. */
  author: Actor;
  /** Who caused the event (opened it, pushed to it). */
  actor: Actor;
}

/**
 * `/agent plan …` on an issue, or the trigger label with `plan-first: true`: a read-only run that
 * posts a plan and changes nothing.
 */
export interface PlanTrigger {
  kind: 'plan';
  issueNumber: number;
  title: string;
  body: string;
  /** The comment that asked for the plan; absent when the label started it. */
  commentId?: number;
  /** Text after `plan`: what the requester wants planned beyond the issue. */
  instruction: string;
  actor: Actor;
}

/** `/agent approve …` on an issue: carry out the latest plan, if it still holds. */
export interface ApproveTrigger {
  kind: 'approve';
  issueNumber: number;
  title: string;
  body: string;
  commentId: number;
  /** Text after `approve`: an extra instruction added to the plan. */
  instruction: string;
  actor: Actor;
}

export interface SkipTrigger {
  kind: 'skip';
  reason: string;
}

export type Trigger =
  | IssueTrigger
  | IssueCommentTrigger
  | PullRequestCommentTrigger
  | ReviewCommentTrigger
  | CiFailureTrigger
  | CheckRunTrigger
  | DispatchTrigger
  | PullRequestTrigger
  | PlanTrigger
  | ApproveTrigger
  | SkipTrigger;

/** One line for the log: what the run is about. */
export function describeTrigger(trigger: Trigger): string {
  switch (trigger.kind) {
    case 'issue':
      return `issue #${trigger.issueNumber} labelled "${trigger.label}" by @${trigger.actor.login}`;
    case 'issue-comment':
      return `comment ${trigger.commentId} on issue #${trigger.issueNumber} by @${trigger.actor.login}`;
    case 'pr-comment':
      return `comment ${trigger.commentId} on pull request #${trigger.prNumber} by @${trigger.actor.login}`;
    case 'review-comment':
      return `review comment ${trigger.commentId} on ${trigger.path} in pull request #${trigger.prNumber} by @${trigger.actor.login}`;
    case 'ci-failure':
      return `failed run ${trigger.runId} of "${trigger.workflowName}" on ${trigger.headBranch}@${trigger.headSha.slice(0, 7)}`;
    case 'check-run':
      return `failed check "${trigger.name}" (${trigger.appSlug}, check run ${trigger.checkRunId}) on ${trigger.headBranch}@${trigger.headSha.slice(0, 7)}`;
    case 'dispatch':
      return trigger.schedule !== undefined
        ? `scheduled prompt (cron "${trigger.schedule}") as @${trigger.actor.login} (run ${trigger.runId})`
        : `dispatched prompt by @${trigger.actor.login} (run ${trigger.runId})`;
    case 'pull-request':
      return `pull request #${trigger.prNumber} ${trigger.action} (${trigger.event}) by @${trigger.actor.login}, head ${trigger.headRepository}@${trigger.headSha.slice(0, 7)}`;
    case 'plan':
      return `plan for issue #${trigger.issueNumber} asked by @${trigger.actor.login}${trigger.commentId === undefined ? ' (plan-first label)' : ` in comment ${trigger.commentId}`}`;
    case 'approve':
      return `approval of the plan for issue #${trigger.issueNumber} by @${trigger.actor.login} in comment ${trigger.commentId}`;
    case 'skip':
      return `nothing to do: ${trigger.reason}`;
  }
}
