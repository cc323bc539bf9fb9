/**
 * `add_review_comment`: the reviewer's one way to say something about a line. It changes nothing;
 * each call is kept for the review the action posts when the model finishes, and the result tells
 * the model at once whether the line is in the diff (an inline comment) or not (folded into the
 * review body with its file and line), so it can pick a better line while it still can.
 */
import { z } from 'zod';
import type { DiffLines } from '../outputs/diff-lines.js';
import { fitsDiff, location, type ReviewCommentDraft, SEVERITIES } from '../outputs/review-comments.js';
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
});

const description =
  'Comment on a line of the pull request under review. Use one call per distinct problem, on the line ' +
  "it concerns in the PR's new version (added or context lines of the diff). Give `suggestion` with the exact " +
  'replacement lines when the fix is small. Comments on lines outside the diff go into the review body.';

export interface AddReviewCommentDeps {
  diff: DiffLines;
  /** Receives each accepted comment, in call order. */
  comments: ReviewCommentDraft[];
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
      };
      deps.comments.push(draft);
      const where = location(draft);
      const inline = fitsDiff(draft, deps.diff);
      return {
        output: inline
          ? `Recorded comment ${deps.comments.length} on ${where}; it will be posted inline with the review.`
          : `Recorded comment ${deps.comments.length}, but ${where} is not a line of the diff (changed files: ${deps.diff.paths().join(', ') || 'none with a patch'}), so it will be folded into the review body. Comment on an added or context line of the diff to have it inline.`,
        isError: false,
        meta: { path: draft.path, line: draft.line, inline, severity: draft.severity },
      };
    },
  });
}
