/**
 * The body of a pull-request review, top to bottom: the model's summary; what was reviewed (the
 * whole pull request, or what changed since the last review, and why a re-review was full); a
 * newer push, if one arrived meanwhile; the counts by severity (or "No issues in …"); findings
 * dropped by the checks, by reason; threads resolved since the last review; the findings that are
 * not inline (off the diff's lines, over `max-review-comments`, and, collapsed, those below
 * `review-min-severity`); who reviewed at what cost; and the transcript in `<details>`, fitted
 * under GitHub's body limit. A headline line can go above it and a footer below it. Pure; the
 * caller sends it through the publish filter and appends the marker.
 */
import { location, type ReviewCommentDraft } from '../findings/review-comment-draft.js';
import { DROP_REASONS, type DropReason } from '../findings/review-grounding.js';
import { SEVERITIES, type Severity } from '../findings/review-severity.js';
import { renderCommentBody } from './review-comments.js';

/** A thread the action resolved because the finding no longer holds. */
export interface ResolvedFinding {
  path: string;
  line: number;
  title: string;
  why: string;
}

export interface ReviewBodyInput {
  summary: string;
  /** What this review covered, one sentence. */
  scope: string;
  /** Said when the review found nothing: "No issues in the 3 files changed since the last review." */
  noIssues: string;
  /** The head of the pull request when the review was posted, when it is not the one reviewed. */
  newerHead?: string | undefined;
  /** Every finding in this review (inline and in the body). */
  comments: readonly ReviewCommentDraft[];
  /** Findings shown in the body because they are not on lines of the diff. */
  folded: readonly ReviewCommentDraft[];
  /** Why the folded comments are folded, when it is not "outside the diff" (GitHub refused them). */
  foldedNote?: string;
  /** Over `max-review-comments`, and the limit. */
  overflow?: { findings: readonly ReviewCommentDraft[]; limit: number };
  /** Below `review-min-severity`, and the threshold. */
  below?: { findings: readonly ReviewCommentDraft[]; threshold: Severity };
  /** Findings left out because an earlier review made them and they are still open. */
  repeated: number;
  /** Findings left out because a person dismissed them earlier. */
  dismissed?: number;
  /** Findings dropped by the checks, by reason. */
  dropped?: Partial<Record<DropReason, number>>;
  /** Threads resolved by this run. */
  resolved?: readonly ResolvedFinding[];
  /** One line on the reviewers and what they cost, when several ran. */
  reviewers?: string | undefined;
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

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

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

/** `3 findings dropped: the quoted code was not there.`, or one part per reason. */
export function droppedLine(dropped: Partial<Record<DropReason, number>>): string {
  const entries = Object.entries(dropped).filter(([, n]) => (n ?? 0) > 0) as [DropReason, number][];
  const total = entries.reduce((sum, [, n]) => sum + n, 0);
  if (total === 0) return '';
  const reasons =
    entries.length === 1
      ? DROP_REASONS[entries[0]![0]]
      : entries.map(([reason, n]) => `${DROP_REASONS[reason]} (${n})`).join('; ');
  return `${plural(total, 'finding')} dropped: ${reasons}.`;
}

function list(findings: readonly ReviewCommentDraft[]): string {
  return findings
    .map((c) => `- \`${location(c)}\` ${renderCommentBody(c).replace(/\n/g, '\n  ')}`)
    .join('\n');
}

function section(title: string, findings: readonly ReviewCommentDraft[]): string {
  return findings.length > 0 ? `### ${title}\n\n${list(findings)}` : '';
}

function countsLine(input: ReviewBodyInput): string {
  const left = [
    ...(input.repeated > 0 ? [`${input.repeated} already raised and still open, not repeated`] : []),
    ...((input.dismissed ?? 0) > 0 ? [`${input.dismissed} dismissed earlier, not raised again`] : []),
  ];
  const note = left.length > 0 ? ` (${left.join('; ')})` : '';
  if (input.comments.length === 0) return `${input.noIssues}${note}`;
  return `**Comments:** ${severityCounts(input.comments)}${note}`;
}

function resolvedSection(resolved: readonly ResolvedFinding[]): string {
  if (resolved.length === 0) return '';
  const items = resolved.map((r) => `- \`${r.path}:${r.line}\` ${r.title}: ${r.why}`);
  return `### Resolved since the last review\n\n${items.join('\n')}`;
}

function belowSection(below: ReviewBodyInput['below']): string {
  if (!below || below.findings.length === 0) return '';
  const summary = `${plural(below.findings.length, 'finding')} below \`review-min-severity\` (${below.threshold})`;
  return `<details><summary>${summary}</summary>\n\n${list(below.findings)}\n\n</details>`;
}

/** Renders the review body. */
export function renderReviewBody(input: ReviewBodyInput): string {
  const newer = input.newerHead
    ? ` A newer push (${input.newerHead.slice(0, 7)}) arrived while this review ran; this review is of the commit it read, and the next one will cover the rest.`
    : '';
  const parts = [
    input.headline ?? '',
    input.summary.trim() || '_The reviewer gave no summary._',
    `${input.scope}${newer}`,
    countsLine(input),
    droppedLine(input.dropped ?? {}),
    resolvedSection(input.resolved ?? []),
    section(input.foldedNote ?? 'Comments on lines outside the diff', input.folded),
    section(
      `Over the limit of ${input.overflow?.limit ?? 0} inline comments (\`max-review-comments\`)`,
      input.overflow?.findings ?? [],
    ),
    belowSection(input.below),
    input.reviewers ?? '',
  ].filter(Boolean);
  const text = `${parts.join('\n\n')}\n\n`;
  const footer = input.footer ? `\n\n${input.footer}` : '';
  const room = Math.max(0, input.maxChars - text.length - footer.length - 200);
  return `${text}${input.transcript(room).trimEnd()}${footer}`;
}
