/**
 * The review's comments from the model's `add_review_comment` calls: which become inline comments
 * (their lines are in the diff), which are folded into the body with `path:line`, and which are
 * dropped because an earlier review already made them on the same, unchanged line. Pure.
 */
import type { DiffLines } from './diff-lines.js';

export const SEVERITIES = ['blocking', 'suggestion', 'nit'] as const;
export type Severity = (typeof SEVERITIES)[number];

/** One `add_review_comment` call, validated. */
export interface ReviewCommentDraft {
  path: string;
  line: number;
  startLine?: number | undefined;
  body: string;
  /** Replacement text for lines `startLine`..`line`. */
  suggestion?: string | undefined;
  severity: Severity;
}

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

export interface PlacedComments {
  inline: InlineComment[];
  /** The drafts behind `inline`, same order (folded all together if GitHub refuses them). */
  inlineDrafts: ReviewCommentDraft[];
  /** Not on a line of the diff (or spanning two hunks): shown in the body with `path:line`. */
  folded: ReviewCommentDraft[];
  /** Already made on the same line content by an earlier review. */
  repeated: number;
}

const LABEL: Record<Severity, string> = { blocking: '**Blocking:** ', suggestion: '', nit: '**Nit:** ' };

/** A fence longer than any backtick run in `text`, so the block cannot be closed early. */
function fenceFor(text: string): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  return '`'.repeat(longest + 1);
}

/** The inline comment's markdown: severity, text, and a GitHub suggestion block. */
export function renderCommentBody(draft: ReviewCommentDraft): string {
  const text = `${LABEL[draft.severity]}${draft.body.trim()}`;
  if (draft.suggestion === undefined) return text;
  const fence = fenceFor(draft.suggestion);
  const replacement = draft.suggestion.replace(/\n$/, '');
  return `${text}\n\n${fence}suggestion\n${replacement}\n${fence}`;
}

/** `a.ts:3` or `a.ts:1-3`. */
export function location(draft: Pick<ReviewCommentDraft, 'path' | 'line' | 'startLine'>): string {
  const lines =
    draft.startLine && draft.startLine < draft.line ? `${draft.startLine}-${draft.line}` : draft.line;
  return `${draft.path}:${lines}`;
}

/** True when both ends of the comment are commentable lines of one hunk. */
export function fitsDiff(draft: ReviewCommentDraft, diff: DiffLines): boolean {
  const end = diff.line(draft.path, draft.line);
  if (!end) return false;
  if (draft.startLine === undefined || draft.startLine === draft.line) return true;
  const start = diff.line(draft.path, draft.startLine);
  return start !== undefined && draft.startLine < draft.line && start.hunk === end.hunk;
}

const normalise = (text: string | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

/** Splits the drafts into inline, folded and repeated ones. */
export function placeComments(
  drafts: readonly ReviewCommentDraft[],
  diff: DiffLines,
  earlier: readonly EarlierComment[] = [],
): PlacedComments {
  const inline: InlineComment[] = [];
  const inlineDrafts: ReviewCommentDraft[] = [];
  const folded: ReviewCommentDraft[] = [];
  let repeated = 0;
  const made = new Set(
    earlier.map((c) => JSON.stringify([c.path, normalise(c.lineContent), normalise(c.body)])),
  );
  for (const draft of drafts) {
    if (!fitsDiff(draft, diff)) {
      folded.push(draft);
      continue;
    }
    const body = renderCommentBody(draft);
    const content = diff.line(draft.path, draft.line)?.content;
    const key = JSON.stringify([draft.path, normalise(content), normalise(body)]);
    if (made.has(key)) {
      repeated++;
      continue;
    }
    made.add(key); // the same comment twice in one review is a repeat too
    inlineDrafts.push(draft);
    const multi = draft.startLine !== undefined && draft.startLine < draft.line;
    inline.push({
      path: draft.path,
      line: draft.line,
      side: 'RIGHT',
      ...(multi ? { start_line: draft.startLine!, start_side: 'RIGHT' as const } : {}),
      body,
    });
  }
  return { inline, inlineDrafts, folded, repeated };
}
