/**
 * Publishes a review run: places the model's comments (inline, folded into the body, or left out
 * as repeats of an earlier review), renders the body, sends everything through the publish filter
 * and posts one `COMMENT` review on the reviewed head. Never pushes anything.
 */
import type { AgentResult } from '../agent/loop.js';
import type { PriorReviewComment } from '../github/pull-request-review-context.js';
import { REVIEW_BODY_CHARS, REVIEW_COMMENT_CHARS } from '../limits.js';
import type { RunOutcome } from '../outputs/action-outputs.js';
import type { DiffLines } from '../outputs/diff-lines.js';
import { headlineMarkdown } from '../outputs/outcome.js';
import { postPullRequestReview } from '../outputs/pull-request-review.js';
import { renderReviewBody } from '../outputs/review-body.js';
import { placeComments, type ReviewCommentDraft } from '../outputs/review-comments.js';
import type { RunContext } from './context.js';
import type { Publication } from './publish.js';

export interface ReviewPublishInput {
  prNumber: number;
  /** The commit that was checked out and reviewed. */
  commitId: string;
  agent: AgentResult;
  comments: readonly ReviewCommentDraft[];
  diff: DiffLines;
  earlier: readonly PriorReviewComment[];
  transcript: (maxChars: number) => string;
  /** The run's facts so far, for the review's first line. */
  outcome?: RunOutcome;
  /** The footer as of now. */
  footer?: () => string;
}

/** Posts the review; the outcome is `reviewed` with its URL. */
export async function publishPullRequestReview(
  ctx: RunContext,
  input: ReviewPublishInput,
): Promise<Publication> {
  const placed = placeComments(input.comments, input.diff, input.earlier);
  const inReview = [...placed.inlineDrafts, ...placed.folded];
  const blockingFindings = inReview.filter((c) => c.severity === 'blocking').length;
  const headline = headlineMarkdown({ ...input.outcome, conclusion: 'reviewed', blockingFindings }, 'review');
  const posted = await postPullRequestReview(ctx.octokit, ctx.repo, {
    prNumber: input.prNumber,
    commitId: input.commitId,
    comments: placed.inline.map((c) => ({ ...c, body: ctx.publish(c.body, REVIEW_COMMENT_CHARS) })),
    body: (allFolded) =>
      ctx.publish(
        renderReviewBody({
          summary: input.agent.summary,
          comments: inReview,
          folded: allFolded ? inReview : placed.folded,
          repeated: placed.repeated,
          ...(allFolded ? { foldedNote: 'Comments (GitHub did not accept them inline)' } : {}),
          transcript: input.transcript,
          maxChars: REVIEW_BODY_CHARS,
          headline,
          ...(input.footer ? { footer: input.footer() } : {}),
        }),
        REVIEW_BODY_CHARS + 4_000,
      ),
  });
  if (posted.refused)
    ctx.log.warning(`GitHub refused the inline comments (${posted.refused}); they are in the review body.`);
  const folded = inReview.length - posted.inline;
  const repeats = placed.repeated > 0 ? `, ${placed.repeated} not repeated` : '';
  return {
    outcome: {
      conclusion: 'reviewed',
      reviewUrl: posted.url,
      blockingFindings,
    },
    details: `Posted [the review](${posted.url}): ${posted.inline} inline comments, ${folded} in the body${repeats}.`,
  };
}
