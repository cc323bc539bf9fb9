/**
 * The review a local `--mode review` run writes instead of posting: the same placement and body as
 * the action's pull-request review (`layOutReview`, `renderReviewBody`: the outcome's first line,
 * the summary, what was reviewed, counts by severity, what went into the body and why), then each
 * inline comment under its `path:line`, then the transcript. Also the JSON of the same and the
 * terminal's summary lines. Nothing is posted.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { StopReason } from '../agent/loop.js';
import { location } from '../findings/review-comment-draft.js';
import type { DropReason, GroundedFinding } from '../findings/review-grounding.js';
import type { Severity } from '../findings/review-severity.js';
import type { DiffLines } from '../github/diff-lines.js';
import { headlineMarkdown } from '../outputs/outcome.js';
import { renderReviewBody, severityCounts } from '../outputs/review-body.js';
import { layOutReview } from '../outputs/review-layout.js';

export interface LocalReviewInput {
  /** `feature` against `main`, for the title. */
  head: string;
  base: string;
  /** The checked findings, before placement. */
  findings: readonly GroundedFinding[];
  /** The commentable lines: the branch's whole diff. */
  diff: DiffLines;
  minSeverity: Severity;
  maxComments: number;
  summary: string;
  /** What was reviewed, one sentence; and what to say when nothing was found. */
  scope: string;
  noIssues: string;
  dropped: Partial<Record<DropReason, number>>;
  reviewers: string | undefined;
  stopReason: StopReason;
  /** The transcript block within `maxChars`. */
  transcript: (maxChars: number) => string;
  /** Redacts and makes Markdown safe to publish, as the action's filter does. */
  publish: (markdown: string) => string;
}

/** One inline comment as the review would post it. */
export interface LocalInlineComment {
  path: string;
  line: number;
  startLine?: number;
  severity: Severity;
  body: string;
}

export interface LocalReview {
  markdown: string;
  inline: LocalInlineComment[];
  /** Findings in the review (inline and in the body), and the blocking ones among them. */
  findings: number;
  blocking: number;
  counts: string;
}

/** Room for the transcript in the written review; a file has no body limit, but a reader does. */
const TRANSCRIPT_CHARS = 200_000;

/** Places the findings and renders the review; pure. */
export function renderLocalReview(input: LocalReviewInput): LocalReview {
  const layout = layOutReview(input.findings, {
    prDiff: input.diff,
    minSeverity: input.minSeverity,
    maxInline: input.maxComments,
  });
  const blocking = layout.inReview.filter((f) => f.draft.severity === 'blocking').length;
  const body = renderReviewBody({
    summary: input.summary,
    scope: input.scope,
    noIssues: input.noIssues,
    ...layout.sections(false),
    repeated: layout.placed.repeated,
    dropped: input.dropped,
    reviewers: input.reviewers,
    transcript: () => '',
    maxChars: Number.MAX_SAFE_INTEGER,
    headline: headlineMarkdown(
      {
        conclusion: 'reviewed',
        blockingFindings: blocking,
        stopReason: input.stopReason,
      },
      'review',
    ),
  });
  const inline = layout.placed.inline.map((c, i) => ({
    path: c.path,
    line: c.line,
    ...(c.start_line !== undefined ? { startLine: c.start_line } : {}),
    severity: layout.placed.inlineFindings[i]!.draft.severity,
    body: input.publish(c.body),
  }));
  const comments = inline.map((c) => `### \`${location(c)}\` (${c.severity})\n\n${c.body.trim()}`);
  const markdown = [
    `# Review of \`${input.head}\` against \`${input.base}\``,
    input.publish(body.trim()),
    `## Inline comments (${inline.length})`,
    ...(comments.length > 0 ? comments : ['_None._']),
    input.publish(input.transcript(TRANSCRIPT_CHARS)),
  ]
    .filter((part) => part.trim() !== '')
    .join('\n\n');
  return {
    markdown: `${markdown}\n`,
    inline,
    findings: layout.inReview.length,
    blocking,
    counts: severityCounts(layout.inReview.map((f) => f.draft)),
  };
}

/** Writes `review.md` and `review.json` into `outDir`; gives their paths. */
export async function writeLocalReview(
  review: LocalReview,
  outDir: string,
): Promise<{ markdown: string; json: string }> {
  const files = { markdown: path.join(outDir, 'review.md'), json: path.join(outDir, 'review.json') };
  await writeFile(files.markdown, review.markdown);
  const json = { findings: review.findings, blocking: review.blocking, comments: review.inline };
  await writeFile(files.json, `${JSON.stringify(json, null, 2)}\n`);
  return files;
}
