/**
 * Where a review's checked findings go, shared by the action's posted review and the local
 * runner's written one: placed (inline, or in the body: off the diff's lines, over
 * `max-review-comments`, below `review-min-severity`), and the body's finding sections, each
 * listed finding with its collapsed "why flagged · how checked". Pure.
 */
import type { ReviewCommentDraft } from '../findings/review-comment-draft.js';
import type { GroundedFinding } from '../findings/review-grounding.js';
import type { ReviewBodyInput } from './review-body.js';
import {
  type PlacedFindings,
  type PlacementOptions,
  placeFindings,
  renderWhyFlagged,
} from './review-comments.js';

export interface ReviewLayout {
  placed: PlacedFindings;
  /** Every finding of this review, inline first, then folded, over the limit and below the severity. */
  inReview: GroundedFinding[];
  /** The body's finding sections; `allFolded` when GitHub refused the inline comments. */
  sections(
    allFolded: boolean,
  ): Pick<ReviewBodyInput, 'comments' | 'folded' | 'foldedNote' | 'overflow' | 'below'>;
}

/** Places the findings and prepares the body's sections. */
export function layOutReview(findings: readonly GroundedFinding[], options: PlacementOptions): ReviewLayout {
  const placed = placeFindings(findings, options);
  const posted = placed.inlineFindings;
  const inReview = [...posted, ...placed.folded, ...placed.overflow, ...placed.below];
  // Findings listed in the body carry their "why flagged · how checked" too.
  const listed = (list: readonly GroundedFinding[]): ReviewCommentDraft[] =>
    list.map((f) => ({ ...f.draft, body: `${f.draft.body.trim()}\n\n${renderWhyFlagged(f)}` }));
  return {
    placed,
    inReview,
    sections: (allFolded) => ({
      comments: inReview.map((f) => f.draft),
      folded: listed(allFolded ? [...posted, ...placed.folded] : placed.folded),
      ...(allFolded ? { foldedNote: 'Comments (GitHub did not accept them inline)' } : {}),
      overflow: { findings: listed(placed.overflow), limit: options.maxInline },
      below: { findings: listed(placed.below), threshold: options.minSeverity },
    }),
  };
}
