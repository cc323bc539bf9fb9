/**
 * What one review covers: the whole pull request (its first review, or a re-review that could not
 * be incremental, with the reason), or only what changed since the head the last review read.
 * The sentences the review body uses for it. Pure.
 */
import type { ChangedFile } from '../github/diff-lines.js';

/** Why a review covered the whole pull request. */
export type FullReason =
  /** No earlier review of the action's on this pull request. */
  | 'first'
  /** The last reviewed head is no longer in the branch's history (a force-push or a rebase). */
  | 'force-push'
  /** Nothing was pushed since the last review: asked again, so everything is looked at again. */
  | 'same-head'
  /** GitHub could not compare the last reviewed head with this one. */
  | 'no-comparison';

export type ReviewScope =
  | { kind: 'full'; reason: FullReason; files: ChangedFile[]; previousHead?: string }
  | {
      kind: 'incremental';
      /** The head the last review read. */
      since: string;
      commits: { sha: string; subject: string }[];
      /** The pull request's files changed since then, with the patches of that change. */
      files: ChangedFile[];
    };

const files = (n: number) => `${n} ${n === 1 ? 'file' : 'files'}`;
const short = (sha: string) => sha.slice(0, 7);

/** One sentence for the review body. */
export function scopeSentence(scope: ReviewScope): string {
  if (scope.kind === 'incremental') {
    const commits = `${scope.commits.length} ${scope.commits.length === 1 ? 'commit' : 'commits'}`;
    return `Reviewed the ${files(scope.files.length)} changed since the last review at ${short(scope.since)} (${commits}); code reviewed before was not reviewed again.`;
  }
  switch (scope.reason) {
    case 'first':
      return `Reviewed the whole pull request (${files(scope.files.length)}).`;
    case 'force-push':
      return `Full review: the head the last review read (${short(scope.previousHead ?? '')}) is no longer in the branch's history (a force-push or rebase), so the whole pull request (${files(scope.files.length)}) was reviewed again.`;
    case 'same-head':
      return `Reviewed the whole pull request again (${files(scope.files.length)}): nothing was pushed since the last review at ${short(scope.previousHead ?? '')}.`;
    case 'no-comparison':
      return `Full review: GitHub could not compare the head the last review read (${short(scope.previousHead ?? '')}) with this one, so the whole pull request (${files(scope.files.length)}) was reviewed again.`;
  }
}

/** The short review's one line when nothing was found. */
export function noIssuesSentence(scope: ReviewScope): string {
  return scope.kind === 'incremental'
    ? `No issues in the ${files(scope.files.length)} changed since the last review.`
    : `No issues in the ${files(scope.files.length)} of this pull request.`;
}
