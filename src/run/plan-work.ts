/**
 * What a trigger means in git and GitHub terms: which commit to start from, which branch to
 * work on, where the result goes (a PR, a push to the PR branch, or a comment), and where the
 * reaction and tracking comment go. The one place the README's "Triggers and their workflows" table lives in code.
 */
import type { StartPoint } from '../git/checkout.js';
import { isNotFound } from '../github/api-error.js';
import type { GitHubClient } from '../github/client.js';
import { fetchReplyThread, type ReplyThreadContext } from '../github/reply-thread.js';
import { isSameRepository, type RepoRef } from '../github/repo-ref.js';
import type { Mode } from '../inputs.js';
import type { ReactionTarget } from '../outputs/comment.js';
import type { Trigger } from '../triggers/trigger.js';
import { isReviewRequest, type ReviewRequest, reviewWorkPlan, startsWithReview } from './review-plan.js';

type Octokit = Pick<GitHubClient, 'request' | 'paginate'>;

/** Where the work lands. */
export type PublishTarget =
  | { kind: 'pull-request'; branch: string; base: string }
  | { kind: 'push'; branch: string }
  | { kind: 'comment' };

/** The pull request a comment run is about. */
export interface PullRequestContext {
  number: number;
  headRef: string;
  headSha: string;
  baseRef: string;
  /** True when the head branch lives in this repository (so the action can push to it). */
  sameRepo: boolean;
}

export interface WorkPlan {
  /** Local branch name the agent works on. */
  branch: string;
  from: StartPoint[];
  /** Remote branch the push leases against. */
  leaseBranch: string;
  publish: PublishTarget;
  /** Issue or PR whose conversation gets the tracking comment, if the run started from one. */
  conversation?: number;
  reaction?: ReactionTarget;
  /** Issue the PR closes (`Fixes #n`). */
  fixesIssue?: number;
  pullRequest?: PullRequestContext;
  /** Lines for the PR body, e.g. the failing run this fixes. */
  prNotes?: string[];
  /** Set when a review comment is answered in its thread: a push to the PR branch, or a fork's patch. */
  replyThread?: ReplyThreadContext;
  /** Set when the run reviews the pull request: read-only, published as one pull-request review. */
  review?: ReviewRequest;
  /** Set when the run only plans (`/agent plan`, `plan-first`): read-only, published as a plan comment. */
  planning?: true;
  /** The maintainers' branch (`base-branch` or the default): trusted repository instructions come from it. */
  trustedBranch: string;
}

export interface PlanOptions {
  mode: Mode;
  branchPrefix: string;
  /** `base-branch` input, or the repository's default branch. */
  baseBranch: string;
}

async function pullRequestContext(
  octokit: Octokit,
  repo: RepoRef,
  number: number,
): Promise<PullRequestContext> {
  const { data } = await octokit.request('GET /repos/{owner}/{repo}/pulls/{pull_number}', {
    ...repo,
    pull_number: number,
  });
  return {
    number,
    headRef: data.head.ref,
    headSha: data.head.sha,
    baseRef: data.base.ref,
    sameRepo: isSameRepository(data.head.repo?.full_name, repo),
  };
}

/** A review comment's thread; undefined when the comment is gone (404), so the run answers on the PR. */
async function reviewThreadOf(
  octokit: Octokit,
  repo: RepoRef,
  trigger: { prNumber: number; commentId: number },
): Promise<ReplyThreadContext | undefined> {
  try {
    return await fetchReplyThread(octokit, repo, trigger);
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
}

function pullRequestOf({ pullRequest: pr }: ReplyThreadContext): PullRequestContext {
  return {
    number: pr.number,
    headRef: pr.headRef,
    headSha: pr.headSha,
    baseRef: pr.baseRef,
    sameRepo: pr.sameRepo,
  };
}

/**
 * A fix for a red run or check: a branch of ours from the failing commit (fetched by the branch
 * it ran on), proposed back to that branch, with the note saying what it fixes.
 */
function fixOfFailure(
  name: string,
  failed: { headSha: string; headBranch: string },
  note: string,
  mode: Mode,
): Omit<WorkPlan, 'conversation' | 'trustedBranch'> {
  const start = { sha: failed.headSha, via: `refs/heads/${failed.headBranch}` };
  const plan = ownBranch(name, start, { kind: 'pull-request', branch: name, base: failed.headBranch }, mode);
  return { ...plan, prNotes: [note] };
}

/** A fresh branch of ours: continue it if a previous run left it, else start from `start`. */
function ownBranch(
  name: string,
  start: StartPoint,
  publish: PublishTarget,
  mode: Mode,
): Omit<WorkPlan, 'conversation' | 'trustedBranch'> {
  return {
    branch: name,
    from: [{ branch: name }, start],
    leaseBranch: name,
    publish: answersOnly(mode) ? { kind: 'comment' } : publish,
  };
}

/** `comment` and `review` never push: outside a pull request, review mode answers in a comment. */
function answersOnly(mode: Mode): boolean {
  return mode === 'comment' || mode === 'review';
}

/** Builds the plan; PR comment runs ask the API for the PR's head. */
export async function planWork(
  octokit: Octokit,
  repo: RepoRef,
  trigger: Exclude<Trigger, { kind: 'skip' }>,
  options: PlanOptions,
): Promise<WorkPlan> {
  return { ...(await planForTrigger(octokit, repo, trigger, options)), trustedBranch: options.baseBranch };
}

async function planForTrigger(
  octokit: Octokit,
  repo: RepoRef,
  trigger: Exclude<Trigger, { kind: 'skip' }>,
  options: PlanOptions,
): Promise<Omit<WorkPlan, 'trustedBranch'>> {
  const { branchPrefix: prefix, baseBranch: base, mode } = options;
  switch (trigger.kind) {
    case 'plan': {
      // Read only: the base by name on a local branch of ours that is never pushed.
      const name = `${prefix}plan-${trigger.issueNumber}`;
      const reaction: ReactionTarget =
        trigger.commentId === undefined
          ? { kind: 'issue', number: trigger.issueNumber }
          : { kind: 'comment', id: trigger.commentId };
      return {
        branch: name,
        from: [{ branch: base }],
        leaseBranch: name,
        publish: { kind: 'comment' },
        conversation: trigger.issueNumber,
        reaction,
        planning: true,
      };
    }
    case 'issue':
    case 'issue-comment':
    case 'approve': {
      const name = `${prefix}issue-${trigger.issueNumber}`;
      const plan = ownBranch(name, { branch: base }, { kind: 'pull-request', branch: name, base }, mode);
      const reaction: ReactionTarget =
        trigger.kind === 'issue'
          ? { kind: 'issue', number: trigger.issueNumber }
          : { kind: 'comment', id: trigger.commentId };
      return { ...plan, conversation: trigger.issueNumber, reaction, fixesIssue: trigger.issueNumber };
    }
    case 'pull-request': {
      const pr = await pullRequestContext(octokit, repo, trigger.prNumber);
      return reviewWorkPlan(pr, prefix, { explicit: false });
    }
    case 'pr-comment':
    case 'review-comment': {
      if (trigger.kind === 'pr-comment' && isReviewRequest(trigger.instruction, mode)) {
        const pr = await pullRequestContext(octokit, repo, trigger.prNumber);
        const focus = startsWithReview(trigger.instruction)
          ? trigger.instruction.trim().replace(/^review[\s,.:!?]*/i, '')
          : trigger.instruction;
        return {
          ...reviewWorkPlan(pr, prefix, { explicit: true, ...(focus ? { focus } : {}) }),
          conversation: pr.number,
          reaction: { kind: 'comment', id: trigger.commentId },
        };
      }
      const thread =
        trigger.kind === 'review-comment' ? await reviewThreadOf(octokit, repo, trigger) : undefined;
      const pr = thread ? pullRequestOf(thread) : await pullRequestContext(octokit, repo, trigger.prNumber);
      const reaction: ReactionTarget =
        trigger.kind === 'pr-comment'
          ? { kind: 'comment', id: trigger.commentId }
          : { kind: 'review-comment', id: trigger.commentId };
      // The thread gets the answer when the result is a push (auto mode) or a fork's patch.
      const inThread = thread && (!pr.sameRepo || mode === 'auto') ? { replyThread: thread } : {};
      const common = { conversation: pr.number, reaction, pullRequest: pr, ...inThread };
      if (!pr.sameRepo) {
        // A fork's branch cannot be pushed to with this token: answer with the patch instead.
        return {
          ...common,
          branch: `${prefix}pr-${pr.number}`,
          from: [{ sha: pr.headSha, via: `refs/pull/${pr.number}/head` }],
          leaseBranch: `${prefix}pr-${pr.number}`,
          publish: { kind: 'comment' },
        };
      }
      if (mode === 'pr') {
        const name = `${prefix}pr-${pr.number}`;
        return {
          ...common,
          ...ownBranch(
            name,
            { branch: pr.headRef },
            { kind: 'pull-request', branch: name, base: pr.headRef },
            mode,
          ),
        };
      }
      return {
        ...common,
        branch: pr.headRef,
        from: [{ branch: pr.headRef }],
        leaseBranch: pr.headRef,
        publish: answersOnly(mode) ? { kind: 'comment' } : { kind: 'push', branch: pr.headRef },
      };
    }
    case 'ci-failure': {
      const note = `Fixes the failure of ${trigger.workflowName} run ${trigger.htmlUrl} on \`${trigger.headBranch}\` at ${trigger.headSha.slice(0, 7)}.`;
      return fixOfFailure(`${prefix}ci-${trigger.runId}`, trigger, note, mode);
    }
    case 'check-run': {
      const link = trigger.detailsUrl ?? trigger.htmlUrl;
      const note = `Fixes the failing check "${trigger.name}" (${trigger.appSlug}) ${link} on \`${trigger.headBranch}\` at ${trigger.headSha.slice(0, 7)}.`;
      return fixOfFailure(`${prefix}check-${trigger.checkRunId}`, trigger, note, mode);
    }
    case 'dispatch': {
      const name = `${prefix}run-${trigger.runId}`;
      return ownBranch(name, { branch: base }, { kind: 'pull-request', branch: name, base }, mode);
    }
  }
}
