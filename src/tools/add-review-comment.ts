/**
 * `add_review_comment`: the reviewer's one way to say something about a line. It changes nothing;
 * each call is checked at once against the reviewed head (the file and lines exist, the quoted code
 * is on them, they lie in or next to the diff under review, a suggestion applies cleanly) and kept
 * for the review the action posts when the model finishes. A call that fails a check is not kept:
 * the model is told why and where the quoted code really is, so it can call again while it still
 * can, and the failure is recorded so the review can count what was dropped. A finding an earlier
 * review raised and left open, or that a person dismissed, is not kept either, and the model is
 * told so.
 */
import { z } from 'zod';
import { fitsDiff, location, type ReviewCommentDraft } from '../findings/review-comment-draft.js';
import { normaliseCode } from '../findings/review-fingerprint.js';
import {
  anchorFinding,
  DROP_REASONS,
  type DropReason,
  fileLines,
  groundFinding,
} from '../findings/review-grounding.js';
import { SEVERITIES } from '../findings/review-severity.js';
import type { DiffLines } from '../github/diff-lines.js';
import { defineTool, type Tool } from './tool.js';

const parameters = z.object({
  path: z.string().min(1).describe('File path relative to the repository root, as in the diff'),
  line: z
    .number()
    .int()
    .min(1)
    .describe("Line number in the pull request's new version (the last line for a range)"),
  body: z.string().min(1).describe('The comment: what is wrong and why, in a few sentences of markdown'),
  start_line: z.number().int().min(1).optional().describe('First line of a multi-line comment'),
  suggestion: z
    .string()
    .optional()
    .describe('Replacement text for lines start_line..line (or just line); shown as a GitHub suggestion'),
  severity: z.enum(SEVERITIES).optional().describe('blocking, suggestion (default) or nit'),
  quote: z
    .string()
    .optional()
    .describe('The code the comment is about, copied exactly from those lines (checked before posting)'),
  title: z
    .string()
    .max(120)
    .optional()
    .describe('A short name for the problem, e.g. "unchecked null", the same each time it is raised'),
});

const description =
  'Comment on a line of the pull request under review. Use one call per distinct problem, on the line ' +
  "it concerns in the PR's new version (added or context lines of the diff under review), with `quote` " +
  'holding the code in question copied exactly from those lines and a short `title`. Give `suggestion` ' +
  'with the exact replacement lines when the fix is small. Every comment is checked against the checked-out ' +
  'head: one whose quote is not on its lines, or whose lines are not in or next to the diff under review, is refused.';

/** A call that was not kept: it failed a check, or repeats a finding still open or dismissed. */
export interface RejectedComment {
  draft: ReviewCommentDraft;
  reason: DropReason | 'open' | 'dismissed';
}

export interface AddReviewCommentDeps {
  /** The lines GitHub accepts comments on (the pull request's diff). */
  diff: DiffLines;
  /** The diff under review: the pull request's, or what changed since the last review. */
  reviewed: DiffLines;
  /** The reviewed head commit. */
  head: string;
  /** A file's text at the reviewed head, undefined when it is not there. */
  readFile: (path: string) => Promise<string | undefined>;
  /** Receives each accepted comment, in call order. */
  comments: ReviewCommentDraft[];
  /** Receives each refused one. */
  rejected: RejectedComment[];
  /** The reviewer's focus, recorded on its comments when several reviewers run. */
  reviewer?: string;
  /** Whether a finding repeats one an earlier review raised and left open, or a person dismissed. */
  known?: (finding: { fp: string; path: string; title: string }) => 'open' | 'dismissed' | undefined;
}

/** Lines of `text` that contain `quote` (whitespace aside), for "it is at line N". */
function linesWith(text: string, quote: string): number[] {
  const wanted = normaliseCode(quote);
  const lines = fileLines(text);
  const firstLine = normaliseCode(quote.split('\n')[0] ?? '');
  return lines.flatMap((line, i) => {
    const window = normaliseCode(lines.slice(i, i + quote.split('\n').length).join('\n'));
    return window.includes(wanted) || (firstLine && normaliseCode(line) === firstLine) ? [i + 1] : [];
  });
}

function refusal(
  draft: ReviewCommentDraft,
  reason: DropReason,
  file: string | undefined,
  deps: AddReviewCommentDeps,
): string {
  const where = location(draft);
  const lead = `Not recorded: ${DROP_REASONS[reason]} (${where}).`;
  switch (reason) {
    case 'quote-not-there': {
      const found = file && draft.quote ? linesWith(file, draft.quote).slice(0, 5) : [];
      return found.length > 0
        ? `${lead} That code is at line ${found.join(', ')} of ${draft.path}; call again with the line it is on.`
        : `${lead} It is nowhere in ${draft.path} at ${deps.head.slice(0, 7)}; quote the code exactly as the file has it.`;
    }
    case 'off-diff':
      return `${lead} Comment only on code in or next to the diff under review (files: ${deps.reviewed.paths().join(', ') || 'none with a patch'}); mention wider concerns in your summary.`;
    case 'no-file':
      return `${lead} Check the path with glob.`;
    case 'no-line':
      return `${lead} Read the file to find the line.`;
    case 'suggestion-does-not-apply':
    case 'suggestion-fails-verify':
      return `${lead} A suggestion replaces exactly lines start_line..line: give the new text of those lines only, changed, without repeating the lines around them.`;
  }
}

/** Creates the tool over the diff of the pull request under review. */
export function createAddReviewCommentTool(deps: AddReviewCommentDeps): Tool<z.infer<typeof parameters>> {
  return defineTool({
    name: 'add_review_comment',
    description,
    parameters,
    readOnly: true,
    async execute(args) {
      if (args.start_line !== undefined && args.start_line > args.line) {
        return {
          output: `start_line (${args.start_line}) is after line (${args.line}); give the range first line to last.`,
          isError: true,
        };
      }
      const draft: ReviewCommentDraft = {
        path: args.path.replace(/^\.\//, ''),
        line: args.line,
        ...(args.start_line !== undefined && args.start_line < args.line
          ? { startLine: args.start_line }
          : {}),
        body: args.body,
        ...(args.suggestion !== undefined ? { suggestion: args.suggestion } : {}),
        severity: args.severity ?? 'suggestion',
        ...(args.quote !== undefined ? { quote: args.quote } : {}),
        ...(args.title !== undefined ? { title: args.title } : {}),
        ...(deps.reviewer ? { reviewer: deps.reviewer } : {}),
      };
      const file = await deps.readFile(draft.path);
      const anchored = anchorFinding(draft, file, deps.head);
      const known =
        anchored.kind === 'anchored'
          ? deps.known?.({ fp: anchored.anchor.fp, path: draft.path, title: anchored.anchor.title })
          : undefined;
      if (known) {
        deps.rejected.push({ draft, reason: known });
        return {
          output:
            known === 'open'
              ? `Not recorded: an earlier review raised this finding and it is still open (${location(draft)}); it is not repeated.`
              : `Not recorded: a person dismissed this finding earlier (${location(draft)}); it is never raised again on this pull request.`,
          isError: false,
          meta: { path: draft.path, line: draft.line, known },
        };
      }
      const checked = groundFinding(draft, file, deps.reviewed, deps.head);
      if (checked.kind === 'dropped') {
        deps.rejected.push({ draft, reason: checked.reason });
        return {
          output: refusal(draft, checked.reason, file, deps),
          isError: true,
          meta: { path: draft.path, line: draft.line, dropped: checked.reason },
        };
      }
      deps.comments.push(draft);
      const where = location(draft);
      const inline = fitsDiff(draft, deps.diff);
      return {
        output: inline
          ? `Recorded comment ${deps.comments.length} on ${where}; it will be posted inline with the review.`
          : `Recorded comment ${deps.comments.length}, but ${where} is not a line of the pull request's diff, so it will be listed in the review body. Comment on an added or context line of the diff to have it inline.`,
        isError: false,
        meta: { path: draft.path, line: draft.line, inline, severity: draft.severity },
      };
    },
  });
}
