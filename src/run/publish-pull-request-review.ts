/**
 * Publishes a review run: places the checked findings (inline, or in the body: off the diff's
 * lines, over `max-review-comments`, below `review-min-severity`; each with its collapsed "why
 * flagged · how checked"), renders the body (the outcome's headline first, the blocking findings
 * counted, new and still open from earlier reviews, so such a review is never ✅; the run's footer last, the one place for usage), sends
 * everything through the publish filter, appends the hidden markers (the body's: the head it read,
 * the findings left open, the dismissed ones; each inline comment's: its fingerprint) and posts
 * one `COMMENT` review on the reviewed head. Never pushes anything.
 */

import { normaliseCode } from '../findings/review-fingerprint.js';
import type { DropReason, GroundedFinding } from '../findings/review-grounding.js';
import { SEVERITY_RANK } from '../findings/review-severity.js';
import type { DiffLines } from '../github/diff-lines.js';
import type { PriorReviewComment } from '../github/pull-request-review-context.js';
import {
  REVIEW_BODY_CHARS,
  REVIEW_COMMENT_CHARS,
  REVIEW_MARKER_CODE_CHARS,
  REVIEW_MARKER_FINDINGS,
} from '../limits.js';
import type { RunFacts } from '../outputs/action-outputs.js';
import { headlineMarkdown } from '../outputs/outcome.js';
import { postPullRequestReview } from '../outputs/pull-request-review.js';
import { type ResolvedFinding, renderReviewBody } from '../outputs/review-body.js';
import { layOutReview } from '../outputs/review-layout.js';
import {
  type Dismissal,
  type MarkerFinding,
  renderFindingMarker,
  renderReviewMarker,
} from '../outputs/review-marker.js';
import { noIssuesSentence, type ReviewScope, scopeSentence } from '../outputs/review-scope.js';
import type { OpenFinding } from '../pipeline/review-ledger.js';
import type { RunContext } from './context.js';
import type { Publication } from './publish.js';

export interface ReviewPublishInput {
  prNumber: number;
  /** The commit that was checked out and reviewed. */
  commitId: string;
  /** The reviewers' summary, the review's opening. */
  summary: string;
  scope: ReviewScope;
  /** New findings, checked; and what the checks left out. */
  findings: readonly GroundedFinding[];
  dropped: Partial<Record<DropReason, number>>;
  repeated: number;
  dismissedAgain: number;
  /** Lines GitHub accepts comments on: the pull request's whole diff. */
  prDiff: DiffLines;
  earlier: readonly PriorReviewComment[];
  /** Findings of earlier reviews still open after the re-check. */
  open: readonly OpenFinding[];
  resolved: readonly ResolvedFinding[];
  dismissed: readonly Dismissal[];
  /** The pull request's head now, when a push arrived during the review. */
  newerHead?: string | undefined;
  /** One line on the reviewers when several ran. */
  reviewers?: string | undefined;
  transcript: (maxChars: number) => string;
  /** The run's facts so far, for the review's first line. */
  outcome?: RunFacts;
  /** The footer as of now. */
  footer?: () => string;
}

/** The marker entry of a new finding. */
function markerEntry(finding: GroundedFinding): MarkerFinding {
  const { draft } = finding;
  return {
    fp: finding.fp,
    path: draft.path,
    line: draft.line,
    ...(draft.startLine !== undefined ? { start: draft.startLine } : {}),
    title: finding.title,
    severity: draft.severity,
    code: normaliseCode(finding.code).slice(0, REVIEW_MARKER_CODE_CHARS),
  };
}

/** The open findings the next review inherits: the most severe first, within the marker's cap. */
function carried(open: readonly OpenFinding[], findings: readonly GroundedFinding[]): MarkerFinding[] {
  const all = [...open.map(({ thread: _thread, ...f }) => f), ...findings.map(markerEntry)];
  return all
    .sort((a, b) => SEVERITY_RANK[b.severity] - SEVERITY_RANK[a.severity])
    .slice(0, REVIEW_MARKER_FINDINGS);
}

/** Posts the review; the outcome is `reviewed` with its URL. */
export async function publishPullRequestReview(
  ctx: RunContext,
  input: ReviewPublishInput,
): Promise<Publication> {
  const { review } = ctx.config;
  const layout = layOutReview(input.findings, {
    prDiff: input.prDiff,
    minSeverity: review.minSeverity,
    maxInline: review.maxComments,
    earlier: input.earlier,
  });
  const { placed, inReview } = layout;
  const posted = placed.inlineFindings;
  // The marker is appended after the publish filter, so what the model wrote in it is redacted here.
  const marker = renderReviewMarker({
    v: 1,
    head: input.commitId,
    open: carried(input.open, inReview).map((f) => ({
      ...f,
      title: ctx.redact(f.title),
      code: ctx.redact(f.code),
    })),
    dismissed: input.dismissed.map((d) => ({ ...d, title: ctx.redact(d.title) })),
  });
  const maxChars = REVIEW_BODY_CHARS - marker.length;
  // A blocking finding an earlier review raised and nobody fixed still blocks: this review is not ✅ either.
  const blockingFindings =
    inReview.filter((f) => f.draft.severity === 'blocking').length +
    input.open.filter((f) => f.severity === 'blocking').length;
  const headline = headlineMarkdown({ ...input.outcome, conclusion: 'reviewed', blockingFindings }, 'review');
  const result = await postPullRequestReview(ctx.octokit, ctx.repo, {
    prNumber: input.prNumber,
    commitId: input.commitId,
    comments: placed.inline.map((c, i) => ({
      ...c,
      body: `${ctx.publish(c.body, REVIEW_COMMENT_CHARS)}\n\n${renderFindingMarker(posted[i]!.fp)}`,
    })),
    body: (allFolded) =>
      `${ctx.publish(
        renderReviewBody({
          summary: input.summary,
          scope: scopeSentence(input.scope),
          noIssues: noIssuesSentence(input.scope),
          newerHead: input.newerHead,
          ...layout.sections(allFolded),
          repeated: input.repeated + placed.repeated,
          dismissed: input.dismissedAgain,
          dropped: input.dropped,
          resolved: input.resolved,
          reviewers: input.reviewers,
          transcript: input.transcript,
          maxChars,
          headline,
          ...(input.footer ? { footer: input.footer() } : {}),
        }),
        maxChars + 4_000,
      )}\n\n${marker}`,
  });
  if (result.refused)
    ctx.log.warning(`GitHub refused the inline comments (${result.refused}); they are in the review body.`);
  const inBody = inReview.length - result.inline;
  const left = input.repeated + placed.repeated + input.dismissedAgain;
  const notes = [
    ...(left > 0 ? [`${left} not repeated`] : []),
    ...(input.resolved.length > 0 ? [`${input.resolved.length} resolved`] : []),
  ];
  return {
    outcome: { conclusion: 'reviewed', reviewUrl: result.url, blockingFindings },
    details: `Posted [the review](${result.url}): ${result.inline} inline comments, ${inBody} in the body${notes.map((n) => `, ${n}`).join('')}.`,
  };
}
