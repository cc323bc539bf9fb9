/** Comments and reactions: the action's voice on issues and pull requests. */
import type { GitHubClient } from '../github/client.js';
import type { RepoRef } from '../github/repo-ref.js';

type Octokit = Pick<GitHubClient, 'request'>;

export interface PostedComment {
  id: number;
  url: string;
  /** Who GitHub says posted it: the account the action writes as. */
  author?: string;
}

/** What the 👀 reaction goes on: the issue itself, an issue/PR comment, or a review comment. */
export type ReactionTarget =
  | { kind: 'issue'; number: number }
  | { kind: 'comment'; id: number }
  | { kind: 'review-comment'; id: number };

/** Posts a comment on an issue or pull request. `body` must already be prepared for publishing. */
export async function postComment(
  octokit: Octokit,
  repo: RepoRef,
  issueNumber: number,
  body: string,
): Promise<PostedComment> {
  const { data } = await octokit.request('POST /repos/{owner}/{repo}/issues/{issue_number}/comments', {
    ...repo,
    issue_number: issueNumber,
    body,
  });
  return { id: Number(data.id), url: data.html_url, ...(data.user ? { author: data.user.login } : {}) };
}

/** Replaces the body of an issue/PR comment. */
export async function editComment(
  octokit: Octokit,
  repo: RepoRef,
  commentId: number,
  body: string,
): Promise<void> {
  await octokit.request('PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}', {
    ...repo,
    comment_id: commentId,
    body,
  });
}

/** Replies in a review-comment thread; the reply lands under `commentId`'s thread. */
export async function replyToReviewComment(
  octokit: Octokit,
  repo: RepoRef,
  prNumber: number,
  commentId: number,
  body: string,
): Promise<PostedComment> {
  const { data } = await octokit.request(
    'POST /repos/{owner}/{repo}/pulls/{pull_number}/comments/{comment_id}/replies',
    {
      ...repo,
      pull_number: prNumber,
      comment_id: commentId,
      body,
    },
  );
  return { id: Number(data.id), url: data.html_url };
}

/** Adds 👀; a failure here is cosmetic, so it is reported to `warn` and swallowed. */
export async function addEyesReaction(
  octokit: Octokit,
  repo: RepoRef,
  target: ReactionTarget,
  warn: (message: string) => void,
): Promise<void> {
  try {
    switch (target.kind) {
      case 'issue':
        await octokit.request('POST /repos/{owner}/{repo}/issues/{issue_number}/reactions', {
          ...repo,
          issue_number: target.number,
          content: 'eyes',
        });
        return;
      case 'comment':
        await octokit.request('POST /repos/{owner}/{repo}/issues/comments/{comment_id}/reactions', {
          ...repo,
          comment_id: target.id,
          content: 'eyes',
        });
        return;
      case 'review-comment':
        await octokit.request('POST /repos/{owner}/{repo}/pulls/comments/{comment_id}/reactions', {
          ...repo,
          comment_id: target.id,
          content: 'eyes',
        });
        return;
    }
  } catch (error) {
    warn(`Could not add the 👀 reaction: ${(error as Error).message}`);
  }
}
