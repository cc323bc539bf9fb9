/**
 * What a review-comment run needs to know from the API: the pull request (title, description,
 * head branch and whether it lives in this repository) and the review thread the comment is in,
 * so the model sees the conversation that led to the request and the reply lands in that thread.
 */
import type { GitHubClient } from './client.js';
import { isSameRepository, type RepoRef } from './repo-ref.js';

type Octokit = Pick<GitHubClient, 'request' | 'paginate'>;

/** One comment of a review thread. */
export interface ReplyThreadComment {
  id: number;
  author: string;
  /** `Bot` for apps; the model is told who wrote what. */
  authorType: string;
  body: string;
  createdAt: string;
}

/** The comment that asked for the run, where it sits in the diff. */
export interface RequestComment extends ReplyThreadComment {
  path: string;
  /** Last line of the commented range; null when the comment is outdated or on the whole file. */
  line: number | null;
  /** First line of a multi-line range; null for a single line. */
  startLine: number | null;
  /** `RIGHT` is the PR's version of the file, `LEFT` the base's. */
  side: 'LEFT' | 'RIGHT';
  diffHunk: string;
  /** The commit the line numbers refer to. */
  commitId: string;
  htmlUrl: string;
}

export interface ReplyThreadPullRequest {
  number: number;
  title: string;
  body: string;
  author: string;
  baseRef: string;
  headRef: string;
  headSha: string;
  /** `owner/name` of the head repository; empty when the fork was deleted. */
  headRepository: string;
  /** True when the head branch is in this repository, so the action can push to it. */
  sameRepo: boolean;
  htmlUrl: string;
}

export interface ReplyThreadContext {
  pullRequest: ReplyThreadPullRequest;
  comment: RequestComment;
  /** The thread's first comment: replies are posted to it. */
  threadRootId: number;
  /** Comments of the same thread before `comment`, oldest first (at most `maxEarlier`, the latest). */
  earlier: ReplyThreadComment[];
  /** Earlier comments left out by the cap. */
  omitted: number;
}

export interface FetchReplyThreadOptions {
  prNumber: number;
  commentId: number;
  /** Cap on earlier comments kept (the latest ones); default 20. */
  maxEarlier?: number;
}

interface ApiReviewComment {
  id: number;
  body: string;
  path: string;
  line?: number | null;
  start_line?: number | null;
  side?: string;
  diff_hunk: string;
  commit_id: string;
  html_url: string;
  created_at: string;
  in_reply_to_id?: number;
  user: { login: string; type?: string } | null;
}

function threadComment(c: ApiReviewComment): ReplyThreadComment {
  return {
    id: c.id,
    author: c.user?.login ?? 'ghost',
    authorType: c.user?.type ?? 'User',
    body: c.body ?? '',
    createdAt: c.created_at,
  };
}

/** Fetches the pull request and the comment's thread; throws when either is gone (404). */
export async function fetchReplyThread(
  octokit: Octokit,
  repo: RepoRef,
  options: FetchReplyThreadOptions,
): Promise<ReplyThreadContext> {
  const { data: pr } = await octokit.request('GET /repos/{owner}/{repo}/pulls/{pull_number}', {
    ...repo,
    pull_number: options.prNumber,
  });
  const all = (await octokit.paginate('GET /repos/{owner}/{repo}/pulls/{pull_number}/comments', {
    ...repo,
    pull_number: options.prNumber,
    per_page: 100,
  })) as ApiReviewComment[];
  let target = all.find((c) => c.id === options.commentId);
  if (!target) {
    // A comment made while the list was paged may be missing from it; ask for it directly.
    const { data } = await octokit.request('GET /repos/{owner}/{repo}/pulls/comments/{comment_id}', {
      ...repo,
      comment_id: options.commentId,
    });
    target = data as ApiReviewComment;
  }
  const rootId = target.in_reply_to_id ?? target.id;
  // Ids grow with time on GitHub, so they order a thread even when timestamps tie.
  const thread = all
    .filter((c) => (c.id === rootId || c.in_reply_to_id === rootId) && c.id < target.id)
    .sort((a, b) => a.id - b.id);
  const max = Math.max(0, options.maxEarlier ?? 20);
  const kept = max === 0 ? [] : thread.slice(-max);
  const headRepository = pr.head.repo?.full_name ?? '';
  return {
    pullRequest: {
      number: pr.number,
      title: pr.title,
      body: pr.body ?? '',
      author: pr.user?.login ?? 'ghost',
      baseRef: pr.base.ref,
      headRef: pr.head.ref,
      headSha: pr.head.sha,
      headRepository,
      sameRepo: isSameRepository(headRepository, repo),
      htmlUrl: pr.html_url,
    },
    comment: {
      ...threadComment(target),
      path: target.path,
      line: target.line ?? null,
      startLine: target.start_line ?? null,
      side: target.side === 'LEFT' ? 'LEFT' : 'RIGHT',
      diffHunk: target.diff_hunk,
      commitId: target.commit_id,
      htmlUrl: target.html_url,
    },
    threadRootId: rootId,
    earlier: kept.map(threadComment),
    omitted: thread.length - kept.length,
  };
}
