/**
 * What a review run needs to know from the API: the pull request as it is now (title, description,
 * base and head commits), its changed files with their patches, the review comments already made
 * on it, so a re-review can leave out what it said before, and the reviews posted on it, whose
 * bodies carry the action's marker of what it last reviewed.
 */
import { PULL_REQUEST_MAX_FILES } from '../limits.js';
import type { GitHubClient } from './client.js';
import type { ChangedFile } from './diff-lines.js';
import { lastHunkLine } from './diff-lines.js';
import type { RepoRef } from './repo-ref.js';

type Octokit = Pick<GitHubClient, 'request' | 'paginate'>;

/** A review comment already on the pull request. */
export interface PriorReviewComment {
  author: string;
  authorIsBot: boolean;
  path: string;
  /** Null when the comment is outdated (its line changed since). */
  line: number | null;
  body: string;
  /** Text of the commented line, from the end of its `diff_hunk`. */
  lineContent: string | undefined;
}

/** A review already posted on the pull request. */
export interface PriorReview {
  id: number;
  author: string;
  /** Posted by an app (`github-actions[bot]` …), which no person can impersonate. */
  authorIsBot: boolean;
  body: string;
  /** The commit it reviewed. */
  commitId: string | null;
}

export interface PullRequestForReview {
  number: number;
  title: string;
  body: string;
  author: string;
  baseRef: string;
  baseSha: string;
  headRef: string;
  headSha: string;
  draft: boolean;
  files: ChangedFile[];
  earlier: PriorReviewComment[];
  /** Reviews posted so far, oldest first. */
  reviews: PriorReview[];
}

/** Fetches the pull request, its files (with patches) and its review comments. */
export async function fetchPullRequestForReview(
  octokit: Octokit,
  repo: RepoRef,
  prNumber: number,
): Promise<PullRequestForReview> {
  const { data: pr } = await octokit.request('GET /repos/{owner}/{repo}/pulls/{pull_number}', {
    ...repo,
    pull_number: prNumber,
  });
  const files = await octokit.paginate('GET /repos/{owner}/{repo}/pulls/{pull_number}/files', {
    ...repo,
    pull_number: prNumber,
    per_page: 100,
  });
  const comments = await octokit.paginate('GET /repos/{owner}/{repo}/pulls/{pull_number}/comments', {
    ...repo,
    pull_number: prNumber,
    per_page: 100,
  });
  const reviews = await octokit.paginate('GET /repos/{owner}/{repo}/pulls/{pull_number}/reviews', {
    ...repo,
    pull_number: prNumber,
    per_page: 100,
  });
  return {
    number: pr.number,
    title: pr.title,
    body: pr.body ?? '',
    author: pr.user?.login ?? 'ghost',
    baseRef: pr.base.ref,
    baseSha: pr.base.sha,
    headRef: pr.head.ref,
    headSha: pr.head.sha,
    draft: pr.draft ?? false,
    files: files.slice(0, PULL_REQUEST_MAX_FILES).map((f) => ({
      filename: f.filename,
      status: f.status,
      additions: f.additions,
      deletions: f.deletions,
      ...(f.patch ? { patch: f.patch } : {}),
    })),
    earlier: comments.map((c) => ({
      author: c.user?.login ?? 'ghost',
      authorIsBot: c.user?.type === 'Bot',
      path: c.path,
      line: c.line ?? null,
      body: c.body ?? '',
      lineContent: lastHunkLine(c.diff_hunk ?? ''),
    })),
    reviews: reviews.map((r) => ({
      id: r.id,
      author: r.user?.login ?? 'ghost',
      authorIsBot: r.user?.type === 'Bot',
      body: r.body ?? '',
      commitId: r.commit_id ?? null,
    })),
  };
}
