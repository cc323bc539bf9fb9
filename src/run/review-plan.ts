/**
 * When a run reviews instead of changing code, and what that means in git terms: the PR head is
 * checked out read-only on a local branch of ours, nothing is pushed, and the result is one
 * pull-request review. Kept beside plan-work.ts so the trigger table stays readable there.
 */
import type { Mode } from '../inputs.js';
import type { PullRequestContext, WorkPlan } from './plan-work.js';

/** What a review run knows beyond the plan's pull request. */
export interface ReviewRequest {
  /** Asked for by a comment: a draft is reviewed too. */
  explicit: boolean;
  /** The commenter's words after `review`, if any (e.g. "review the error handling"). */
  focus?: string;
}

/** `review`, `review the parser` — the instruction's first word; `reviewer …` is not. */
export function startsWithReview(instruction: string): boolean {
  return /^review(\s|$|[,.:!?])/i.test(instruction.trim());
}

/** True when a PR comment asks for a review: always in `review` mode, by its first word in `auto`. */
export function isReviewRequest(instruction: string, mode: Mode): boolean {
  return mode === 'review' || (mode === 'auto' && startsWithReview(instruction));
}

/** The plan of a review: the head by sha (a fork's through `refs/pull/<n>/head`), published as a review. */
export function reviewWorkPlan(
  pr: PullRequestContext,
  prefix: string,
  request: ReviewRequest,
): Omit<WorkPlan, 'trustedBranch' | 'conversation' | 'reaction'> {
  const name = `${prefix}review-${pr.number}`;
  return {
    branch: name,
    from: [{ sha: pr.headSha, via: `refs/pull/${pr.number}/head` }],
    leaseBranch: name,
    // Never a push: the review is posted by publishPullRequestReview, and even a bug that reached
    // publishWork with this target would only produce a comment.
    publish: { kind: 'comment' },
    pullRequest: pr,
    review: request,
  };
}
