/**
 * A pull request's review threads, which only GraphQL exposes as threads: whether each is
 * resolved and by whom, and its comments in order (the first one opened it). The action reads
 * them to keep its own findings current, and resolves a thread with `resolveReviewThread` once
 * the code changed and the finding no longer holds. Bots are told apart by their GraphQL type,
 * never by login (GraphQL drops the `[bot]` suffix that REST shows).
 */
import { REVIEW_THREAD_PAGES } from '../limits.js';
import type { GitHubClient } from './client.js';
import type { RepoRef } from './repo-ref.js';

type Octokit = Pick<GitHubClient, 'graphql'>;

/** One comment of a thread. */
export interface ThreadComment {
  databaseId: number;
  body: string;
  author: string;
  authorIsBot: boolean;
  /** `OWNER`, `MEMBER`, `COLLABORATOR`, `CONTRIBUTOR`, `NONE` … */
  association: string;
}

/** One review thread: its node id (for the mutation) and its comments, first comment first. */
export interface ReviewThread {
  id: string;
  isResolved: boolean;
  /** Who resolved it, when a person did (GraphQL types it as a User, so an app shows none). */
  resolvedBy?: { login: string; isBot: boolean } | undefined;
  comments: ThreadComment[];
}

const THREADS = `query($owner: String!, $name: String!, $number: Int!, $cursor: String) {
  repository(owner: $owner, name: $name) {
    pullRequest(number: $number) {
      reviewThreads(first: 50, after: $cursor) {
        pageInfo { hasNextPage endCursor }
        nodes {
          id
          isResolved
          resolvedBy { __typename login }
          comments(first: 50) {
            nodes { databaseId body authorAssociation author { __typename login } }
          }
        }
      }
    }
  }
}`;

const RESOLVE = `mutation($id: ID!) {
  resolveReviewThread(input: { threadId: $id }) { thread { id isResolved } }
}`;

interface Actor {
  __typename: string;
  login: string;
}

interface ThreadsAnswer {
  repository: {
    pullRequest: {
      reviewThreads: {
        pageInfo: { hasNextPage: boolean; endCursor: string | null };
        nodes: {
          id: string;
          isResolved: boolean;
          resolvedBy: Actor | null;
          comments: {
            nodes: {
              databaseId: number | null;
              body: string;
              authorAssociation: string;
              author: Actor | null;
            }[];
          };
        }[];
      };
    } | null;
  } | null;
}

/** Every review thread of the pull request (at most {@link REVIEW_THREAD_PAGES} pages of 50). */
export async function fetchReviewThreads(
  octokit: Octokit,
  repo: RepoRef,
  prNumber: number,
): Promise<ReviewThread[]> {
  const threads: ReviewThread[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < REVIEW_THREAD_PAGES; page++) {
    const answer: ThreadsAnswer = await octokit.graphql<ThreadsAnswer>(THREADS, {
      owner: repo.owner,
      name: repo.repo,
      number: prNumber,
      cursor,
    });
    const connection = answer.repository?.pullRequest?.reviewThreads;
    if (!connection) break;
    for (const node of connection.nodes) {
      threads.push({
        id: node.id,
        isResolved: node.isResolved,
        ...(node.resolvedBy
          ? { resolvedBy: { login: node.resolvedBy.login, isBot: node.resolvedBy.__typename === 'Bot' } }
          : {}),
        comments: node.comments.nodes.map((c) => ({
          databaseId: c.databaseId ?? 0,
          body: c.body,
          author: c.author?.login ?? 'ghost',
          authorIsBot: c.author?.__typename === 'Bot',
          association: c.authorAssociation,
        })),
      });
    }
    if (!connection.pageInfo.hasNextPage) break;
    cursor = connection.pageInfo.endCursor;
  }
  return threads;
}

/** Resolves the thread (the "Resolve conversation" button). */
export async function resolveReviewThread(octokit: Octokit, threadId: string): Promise<void> {
  await octokit.graphql(RESOLVE, { id: threadId });
}
