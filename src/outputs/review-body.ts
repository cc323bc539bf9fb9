/**
 * The body of a pull-request review: the model's summary, the comment counts by severity, the
 * comments that could not go inline (with `path:line`), and the transcript in `<details>`, fitted
 * under GitHub's body limit. Pure; the caller sends it through the publish filter.
 */
import {
  location,
  type ReviewCommentDraft,
  renderCommentBody,
  SEVERITIES,
  type Severity,
} from './review-comments.js';

export interface ReviewBodyInput {
  summary: string;
  /** Every comment the model made that is in this review (inline and folded). */
  comments: readonly ReviewCommentDraft[];
  /** Comments shown in the body instead of inline. */
  folded: readonly ReviewCommentDraft[];
  /** Comments left out because an earlier review made them on the same line. */
  repeated: number;
  /** Why the folded comments are folded, when it is not "outside the diff" (GitHub refused them). */
  foldedNote?: string;
  /** The transcript block within `maxChars`. */
  transcript: (maxChars: number) => string;
  /** Total size the body must stay under. */
  maxChars: number;
  /** The outcome's first line (`headlineMarkdown(outcome, 'review')`) and the run's footer. */
  headline?: string;
  footer?: string;
}

const NAMES: Record<Severity, [string, string]> = {
  blocking: ['blocking', 'blocking'],
  suggestion: ['suggestion', 'suggestions'],
  nit: ['nit', 'nits'],
};

/** `1 blocking · 2 suggestions`, or `no comments`. */
export function severityCounts(comments: readonly ReviewCommentDraft[]): string {
  const parts = SEVERITIES.flatMap((severity) => {
    const n = comments.filter((c) => c.severity === severity).length;
    if (n === 0) return [];
    const [one, many] = NAMES[severity];
    return [`${n} ${n === 1 ? one : many}`];
  });
  return parts.length > 0 ? parts.join(' · ') : 'no comments';
}

function foldedBlock(folded: readonly ReviewCommentDraft[], note: string): string {
  if (folded.length === 0) return '';
  const items = folded.map((c) => {
    const text = renderCommentBody(c).replace(/\n/g, '\n  ');
    return `- \`${location(c)}\` ${text}`;
  });
  return `\n\n### ${note}\n\n${items.join('\n')}`;
}

/** Renders the review body. */
export function renderReviewBody(input: ReviewBodyInput): string {
  const counts = `**Comments:** ${severityCounts(input.comments)}${input.repeated > 0 ? ` (${input.repeated} already made on unchanged lines not repeated)` : ''}`;
  const folded = foldedBlock(input.folded, input.foldedNote ?? 'Comments on lines outside the diff');
  const headline = input.headline ? `${input.headline}\n\n` : '';
  const text = `${headline}${input.summary.trim() || '_The reviewer gave no summary._'}\n\n${counts}${folded}\n\n`;
  const footer = input.footer ? `\n\n${input.footer}` : '';
  const room = Math.max(0, input.maxChars - text.length - footer.length - 200);
  return `${text}${input.transcript(room).trimEnd()}${footer}`;
}
