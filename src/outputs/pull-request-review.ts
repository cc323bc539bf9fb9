/**
 * Posts the review: one `POST /pulls/{n}/reviews` with event `COMMENT` on the reviewed head. Lines
 * are checked against the diff beforehand, but if GitHub still refuses the comments (422: a line
 * it does not consider part of the diff), the review is posted again with every comment folded
 * into the body, so the review itself is never lost.
 */
import { apiStatus } from '../github/api-error.js';
import type { GitHubClient } from '../github/client.js';
import type { RepoRef } from '../github/repo-ref.js';
import type { InlineComment } from './review-comments.js';

type Octokit = Pick<GitHubClient, 'request'>;

export interface ReviewPost {
  prNumber: number;
  /** The head commit the review and its line numbers are about. */
  commitId: string;
  comments: InlineComment[];
  /** The body; `allFolded` is true on the retry without inline comments. */
  body: (allFolded: boolean) => string;
}

export interface PostedReview {
  id: number;
  url: string;
  inline: number;
  /** GitHub's refusal of the inline comments, when the review was posted without them. */
  refused?: string;
}

/** Posts the review, falling back to a body-only review on a 422. */
export async function postPullRequestReview(
  octokit: Octokit,
  repo: RepoRef,
  post: ReviewPost,
): Promise<PostedReview> {
  const send = (body: string, comments: InlineComment[]) =>
    octokit.request('POST /repos/{owner}/{repo}/pulls/{pull_number}/reviews', {
      ...repo,
      pull_number: post.prNumber,
      commit_id: post.commitId,
      event: 'COMMENT',
      body,
      ...(comments.length > 0 ? { comments } : {}),
    });
  try {
    const { data } = await send(post.body(false), post.comments);
    return { id: Number(data.id), url: data.html_url, inline: post.comments.length };
  } catch (error) {
    if (apiStatus(error) !== 422 || post.comments.length === 0) throw error;
    const { data } = await send(post.body(true), []);
    return { id: Number(data.id), url: data.html_url, inline: 0, refused: (error as Error).message };
  }
}
