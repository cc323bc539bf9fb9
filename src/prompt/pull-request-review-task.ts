/**
 * The task of a review run: the action's framing (which pull request, base and head commits, what
 * is under review and what to deliver) and, as untrusted parts, the pull request's description,
 * the request of the commenter who asked, the diff under review fitted to a budget, the findings
 * already open or dismissed, and the review comments already made on the files under review.
 * A re-review after new pushes gets only what changed since the last reviewed head, the commits
 * in between, and the names of the files it does not need to review again.
 */
import type { PullRequestForReview } from '../github/pull-request-review-context.js';
import { DIFF_BUDGET_CHARS, MAX_LISTED_FILES } from '../limits.js';
import { readFindingMarker } from '../outputs/review-marker.js';
import type { ReviewScope } from '../outputs/review-scope.js';
import { fitDiff } from './fit-diff.js';
import type { UntrustedPart } from './task-prompt.js';
import { titledPart } from './task-wording.js';

/** A finding an earlier review raised: where and under which rule. */
export interface KnownFinding {
  path: string;
  line?: number;
  title: string;
}

export interface ReviewTaskOptions {
  repository: string;
  /** What is reviewed, as the task names it: `pull request #12` unless given (a local branch). */
  subject?: string;
  /** What is under review; the whole pull request when absent. */
  scope?: ReviewScope;
  /** Who asked in a comment, and what they added after `review`. */
  request?: { login: string; focus?: string | undefined };
  /** Findings of earlier reviews still open: not to be raised again. */
  open?: readonly KnownFinding[];
  /** Findings people dismissed: never to be raised again. */
  dismissed?: readonly KnownFinding[];
  diffBudget?: number;
  /** Earlier comments listed at most. */
  maxEarlier?: number;
}

const subjectOf = (pr: PullRequestForReview, options: ReviewTaskOptions) =>
  options.subject ?? `pull request #${pr.number}`;

const oneLine = (text: string, max: number) => text.replace(/\s+/g, ' ').slice(0, max);

function framing(pr: PullRequestForReview, options: ReviewTaskOptions, scope: ReviewScope): string[] {
  const what = `Review ${subjectOf(pr, options)} of ${options.repository}: \`${pr.headRef}\` at ${pr.headSha} into \`${pr.baseRef}\` at ${pr.baseSha}. The head is checked out.`;
  const deliver =
    'Comment on problems with add_review_comment, then finish with the review summary. The review is posted as a comment review; it never approves or requests changes.';
  if (scope.kind === 'full') return [what, 'The diff below is the change under review.', deliver];
  const others = pr.files.filter((f) => !scope.files.some((s) => s.filename === f.filename));
  return [
    what,
    `This is a re-review: the pull request was last reviewed at ${scope.since}. Review only what changed since then: the diff below (from ${scope.since.slice(0, 7)} to ${pr.headSha.slice(0, 7)}, for the pull request's files). Read unchanged code it calls into with read_file and grep when you need it, but do not review code that did not change.`,
    ...(others.length > 0
      ? [
          `Reviewed before and unchanged since (do not review again): ${others
            .slice(0, MAX_LISTED_FILES)
            .map((f) => f.filename)
            .join(', ')}.`,
        ]
      : []),
    deliver,
  ];
}

function findingsPart(source: string, findings: readonly KnownFinding[]): UntrustedPart[] {
  if (findings.length === 0) return [];
  const lines = findings.map((f) => `- ${f.path}${f.line ? `:${f.line}` : ''}: ${oneLine(f.title, 200)}`);
  return [{ source, text: lines.join('\n'), format: 'plain' }];
}

/** Builds the task and its untrusted context. */
export function buildPullRequestReviewTask(
  pr: PullRequestForReview,
  options: ReviewTaskOptions,
): { task: string; context: UntrustedPart[] } {
  const budget = options.diffBudget ?? DIFF_BUDGET_CHARS;
  const scope: ReviewScope = options.scope ?? { kind: 'full', reason: 'first', files: pr.files };
  const context: UntrustedPart[] = [
    titledPart(`${subjectOf(pr, options)} description by @${pr.author}`, pr.title, pr.body),
  ];
  if (options.request?.focus) {
    context.push({
      source: `review request by @${options.request.login} in a comment on ${subjectOf(pr, options)}`,
      text: options.request.focus,
    });
  }
  if (scope.kind === 'incremental' && scope.commits.length > 0) {
    context.push({
      source: `commits pushed since the last review (${scope.commits.length})`,
      text: scope.commits.map((c) => `- ${c.sha.slice(0, 7)} ${oneLine(c.subject, 200)}`).join('\n'),
      format: 'plain',
    });
  }
  const under =
    scope.kind === 'incremental'
      ? 'files changed since the last review'
      : `changed files of ${subjectOf(pr, options)}`;
  context.push({
    source: `${under} (${scope.files.length})`,
    text: fitDiff(scope.files, budget),
    format: 'plain',
    maxChars: budget + 200 * Math.min(scope.files.length, MAX_LISTED_FILES) + 2_000,
  });
  context.push(
    ...findingsPart(
      'findings raised by earlier reviews, still open (do not raise them again)',
      options.open ?? [],
    ),
    ...findingsPart('findings people dismissed (never raise them again)', options.dismissed ?? []),
  );
  const reviewed = new Set(scope.files.map((f) => f.filename));
  const max = options.maxEarlier ?? 50;
  // The action's own findings are listed above already; people's comments on the files under review stay.
  const earlier = pr.earlier
    .filter((c) => reviewed.has(c.path) && !(c.authorIsBot && readFindingMarker(c.body)))
    .slice(-max);
  if (earlier.length > 0) {
    const lines = earlier.map(
      (c) =>
        `- ${c.path}:${c.line ?? 'outdated'} by @${c.author}: ${oneLine(c.body.replace(/<details>[\s\S]*?<\/details>/g, ''), 400)}`,
    );
    context.push({
      source: `review comments already made on ${subjectOf(pr, options)} (do not repeat them)`,
      text: lines.join('\n'),
      format: 'plain',
    });
  }
  return { task: framing(pr, options, scope).join('\n'), context };
}
