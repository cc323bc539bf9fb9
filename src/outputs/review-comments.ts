/**
 * The review's comments from the checked findings: which become inline comments (at or above
 * `review-min-severity`, on lines of the pull request's diff, within `max-review-comments`,
 * blocking ones first), which go into the body (below the severity, off the diff lines, over the
 * limit), and which are left out because an earlier review already made them on the same line.
 * Findings are placed most severe first, then by file and line.
 * Each inline comment carries a collapsed "why flagged · how checked". Pure.
 */

import { fitsDiff, type ReviewCommentDraft } from '../findings/review-comment-draft.js';
import type { GroundedFinding } from '../findings/review-grounding.js';
import { SEVERITY_RANK, type Severity } from '../findings/review-severity.js';
import type { DiffLines } from '../github/diff-lines.js';
import { withoutMarkers } from './review-marker.js';

/** A comment as `POST /pulls/{n}/reviews` takes it. */
export interface InlineComment {
  path: string;
  line: number;
  side: 'RIGHT';
  start_line?: number;
  start_side?: 'RIGHT';
  body: string;
}

/** A comment made before on this pull request, as the review-comments API lists it. */
export interface EarlierComment {
  path: string;
  body: string;
  /** Text of the commented line (the last line of its `diff_hunk`). */
  lineContent: string | undefined;
}

/** What `placeFindings` needs besides the findings. */
export interface PlacementOptions {
  /** The lines GitHub accepts comments on: the pull request's whole diff. */
  prDiff: DiffLines;
  /** Below this, a finding goes into the body's collapsed list. */
  minSeverity: Severity;
  /** Inline comments at most; the rest go into the body. */
  maxInline: number;
  earlier?: readonly EarlierComment[];
}

export interface PlacedFindings {
  inline: InlineComment[];
  /** The findings behind `inline`, same order (folded all together if GitHub refuses them). */
  inlineFindings: GroundedFinding[];
  /** Not on a line of the diff (or spanning two hunks): shown in the body with `path:line`. */
  folded: GroundedFinding[];
  /** Over `max-review-comments`. */
  overflow: GroundedFinding[];
  /** Below `review-min-severity`. */
  below: GroundedFinding[];
  /** Already made on the same line content by an earlier review. */
  repeated: number;
}

const LABEL: Record<Severity, string> = { blocking: '**Blocking:** ', suggestion: '', nit: '**Nit:** ' };

/** A fence longer than any backtick run in `text`, so the block cannot be closed early. */
function fenceFor(text: string): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  return '`'.repeat(longest + 1);
}

/** The comment's markdown: severity, text, and a GitHub suggestion block. */
export function renderCommentBody(draft: ReviewCommentDraft): string {
  const text = `${LABEL[draft.severity]}${withoutMarkers(draft.body).trim()}`;
  if (draft.suggestion === undefined) return text;
  const fence = fenceFor(draft.suggestion);
  const replacement = draft.suggestion.replace(/\n$/, '');
  return `${text}\n\n${fence}suggestion\n${replacement}\n${fence}`;
}

/** The collapsed part of an inline comment: who raised it under which rule, and what was checked. */
export function renderWhyFlagged(finding: GroundedFinding): string {
  const { draft } = finding;
  const who = draft.reviewer
    ? `the ${draft.reviewer} reviewer${draft.reviewer.includes(' and ') ? 's' : ''}`
    : 'the reviewer';
  const rule = finding.title.replace(/[.!?]+$/, '');
  return [
    '<details><summary>Why flagged · how checked</summary>',
    '',
    `**Why flagged:** ${who} raised it as ${draft.severity}, rule “${rule}”.`,
    `**How checked:** ${finding.checks.join('; ')}.`,
    '',
    '</details>',
  ].join('\n');
}

const normalise = (text: string | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

/** An earlier comment's own words: without its collapsed part and markers. */
function commentText(body: string): string {
  return withoutMarkers(body.replace(/<details>[\s\S]*?<\/details>/g, ''));
}

/** Splits the findings into inline, folded, over the limit, below the severity, and repeated. */
export function placeFindings(
  findings: readonly GroundedFinding[],
  options: PlacementOptions,
): PlacedFindings {
  const placed: PlacedFindings = {
    inline: [],
    inlineFindings: [],
    folded: [],
    overflow: [],
    below: [],
    repeated: 0,
  };
  const made = new Set(
    (options.earlier ?? []).map((c) =>
      JSON.stringify([c.path, normalise(c.lineContent), normalise(commentText(c.body))]),
    ),
  );
  // Most severe first, then by place: reviewers' calls finish in any order, the review does not.
  const ordered = [...findings].sort(
    (a, b) =>
      SEVERITY_RANK[b.draft.severity] - SEVERITY_RANK[a.draft.severity] ||
      a.draft.path.localeCompare(b.draft.path) ||
      a.draft.line - b.draft.line,
  );
  for (const finding of ordered) {
    const { draft } = finding;
    if (SEVERITY_RANK[draft.severity] < SEVERITY_RANK[options.minSeverity]) {
      placed.below.push(finding);
      continue;
    }
    if (!fitsDiff(draft, options.prDiff)) {
      placed.folded.push(finding);
      continue;
    }
    const text = renderCommentBody(draft);
    const content = options.prDiff.line(draft.path, draft.line)?.content;
    const key = JSON.stringify([draft.path, normalise(content), normalise(text)]);
    if (made.has(key)) {
      placed.repeated++;
      continue;
    }
    made.add(key); // the same comment twice in one review is a repeat too
    if (placed.inline.length >= options.maxInline) {
      placed.overflow.push(finding);
      continue;
    }
    placed.inlineFindings.push(finding);
    const multi = draft.startLine !== undefined && draft.startLine < draft.line;
    placed.inline.push({
      path: draft.path,
      line: draft.line,
      side: 'RIGHT',
      ...(multi ? { start_line: draft.startLine!, start_side: 'RIGHT' as const } : {}),
      body: `${text}\n\n${renderWhyFlagged(finding)}`,
    });
  }
  return placed;
}
