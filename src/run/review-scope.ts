/**
 * What a review covers. The first review of a pull request covers all of it. A later one covers
 * what changed since the head the last review read, when the new head still contains that one:
 * the pull request's files changed between the two, with the patches of that change (files the
 * new commits touched only by merging the base branch in are not the pull request's, and stay
 * out). A force-push or rebase that dropped the old head, or a head that did not move, means a
 * full review again, and the review says why.
 */
import { compareCommits } from '../github/compare-commits.js';
import type { ChangedFile } from '../github/diff-lines.js';
import type { FullReason, ReviewScope } from '../outputs/review-scope.js';
import type { RunContext } from './context.js';

/** Decides the scope of reviewing `head` after a review of `lastHead` (undefined: none yet). */
export async function decideReviewScope(
  ctx: Pick<RunContext, 'octokit' | 'repo' | 'log'>,
  lastHead: string | undefined,
  head: string,
  prFiles: ChangedFile[],
): Promise<ReviewScope> {
  if (!lastHead) return { kind: 'full', reason: 'first', files: prFiles };
  const full = (reason: FullReason): ReviewScope => ({
    kind: 'full',
    reason,
    files: prFiles,
    previousHead: lastHead,
  });
  if (lastHead === head) return full('same-head');
  let comparison: Awaited<ReturnType<typeof compareCommits>>;
  try {
    comparison = await compareCommits(ctx.octokit, ctx.repo, lastHead, head);
  } catch (error) {
    ctx.log.warning(
      `Could not compare ${lastHead.slice(0, 7)} with ${head.slice(0, 7)}: ${(error as Error).message}`,
    );
    return full('no-comparison');
  }
  switch (comparison.kind) {
    case 'identical':
      return full('same-head');
    case 'dropped':
      ctx.log.info(
        `The last reviewed head ${lastHead.slice(0, 7)} is not in the history of ${head.slice(0, 7)} (${comparison.why}): reviewing the whole pull request.`,
      );
      return full('force-push');
    case 'ahead': {
      const ours = new Set(prFiles.map((f) => f.filename));
      const files = comparison.files.filter((f) => ours.has(f.filename));
      return { kind: 'incremental', since: lastHead, commits: comparison.commits, files };
    }
  }
}
