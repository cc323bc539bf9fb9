/**
 * The task of a review run: the action's framing (which pull request, base and head commits, what
 * to deliver) and, as untrusted parts, the pull request's description, the request of the
 * commenter who asked, the diff fitted to a budget, and the review comments already made.
 */
import type { PullRequestForReview } from '../github/pull-request-review-context.js';
import { DIFF_BUDGET_CHARS, MAX_LISTED_FILES } from '../limits.js';
import { fitDiff } from './fit-diff.js';
import type { UntrustedPart } from './task-prompt.js';
import { titledPart } from './task-wording.js';

export interface ReviewTaskOptions {
  repository: string;
  /** Who asked in a comment, and what they added after `review`. */
  request?: { login: string; focus?: string | undefined };
  diffBudget?: number;
  /** Earlier comments listed at most. */
  maxEarlier?: number;
}

/** Builds the task and its untrusted context. */
export function buildPullRequestReviewTask(
  pr: PullRequestForReview,
  options: ReviewTaskOptions,
): { task: string; context: UntrustedPart[] } {
  const budget = options.diffBudget ?? DIFF_BUDGET_CHARS;
  const task = [
    `Review pull request #${pr.number} of ${options.repository}: \`${pr.headRef}\` at ${pr.headSha} into \`${pr.baseRef}\` at ${pr.baseSha}. The head is checked out; the diff below is the change under review.`,
    'Comment on problems with add_review_comment, then finish with the review summary. The review is posted as a comment review; it never approves or requests changes.',
  ].join('\n');
  const context: UntrustedPart[] = [
    titledPart(`pull request #${pr.number} description by @${pr.author}`, pr.title, pr.body),
  ];
  if (options.request?.focus) {
    context.push({
      source: `review request by @${options.request.login} in a comment on pull request #${pr.number}`,
      text: options.request.focus,
    });
  }
  context.push({
    source: `changed files of pull request #${pr.number} (${pr.files.length})`,
    text: fitDiff(pr.files, budget),
    format: 'plain',
    maxChars: budget + 200 * Math.min(pr.files.length, MAX_LISTED_FILES) + 2_000,
  });
  const max = options.maxEarlier ?? 50;
  const earlier = pr.earlier.slice(-max);
  if (earlier.length > 0) {
    const lines = earlier.map(
      (c) =>
        `- ${c.path}:${c.line ?? 'outdated'} by @${c.author}: ${c.body.replace(/\s+/g, ' ').slice(0, 400)}`,
    );
    context.push({
      source: `review comments already made on pull request #${pr.number} (do not repeat them)`,
      text: lines.join('\n'),
      format: 'plain',
    });
  }
  return { task, context };
}
