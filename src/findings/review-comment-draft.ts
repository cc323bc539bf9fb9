/**
 * What a reviewer's `add_review_comment` call records: the draft of one finding, where it points,
 * and whether both its ends are commentable lines of the pull request's diff. Pure.
 */
import type { DiffLines } from '../github/diff-lines.js';
import type { Severity } from './review-severity.js';

/** One `add_review_comment` call, validated. */
export interface ReviewCommentDraft {
  path: string;
  line: number;
  startLine?: number | undefined;
  body: string;
  /** Replacement text for lines `startLine`..`line`. */
  suggestion?: string | undefined;
  severity: Severity;
  /** The code the finding is about, copied from those lines; checked before posting. */
  quote?: string | undefined;
  /** A short name of the rule or problem, the same each time it is raised. */
  title?: string | undefined;
  /** The focus of the reviewer that raised it (`correctness`, `security` …) when several ran. */
  reviewer?: string | undefined;
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
