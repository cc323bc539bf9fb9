/**
 * Turns a pull request into a draft or marks it ready for review. The REST API cannot change
 * `draft` on an existing pull request; GitHub offers it only as the GraphQL mutations
 * `convertPullRequestToDraft` and `markPullRequestReadyForReview`, keyed by the PR's `node_id`.
 */
import type { GitHubClient } from './client.js';
import type { RepoRef } from './repo-ref.js';

type Octokit = Pick<GitHubClient, 'request' | 'graphql'>;

/** What happened; a failure is a value because the run has already published the PR. */
export type DraftResult =
  | { kind: 'unchanged'; draft: boolean }
  | { kind: 'changed'; draft: boolean }
  | { kind: 'failed'; message: string };

const TO_DRAFT = `mutation($id: ID!) {
  convertPullRequestToDraft(input: { pullRequestId: $id }) { pullRequest { isDraft } }
}`;

const TO_READY = `mutation($id: ID!) {
  markPullRequestReadyForReview(input: { pullRequestId: $id }) { pullRequest { isDraft } }
}`;

interface MutationAnswer {
  convertPullRequestToDraft?: { pullRequest: { isDraft: boolean } };
  markPullRequestReadyForReview?: { pullRequest: { isDraft: boolean } };
}

/** Makes pull request `pullNumber` a draft (`draft: true`) or ready for review; no call when it already is. */
export async function setPullRequestDraft(
  octokit: Octokit,
  repo: RepoRef,
  pullNumber: number,
  draft: boolean,
): Promise<DraftResult> {
  try {
    const { data } = await octokit.request('GET /repos/{owner}/{repo}/pulls/{pull_number}', {
      ...repo,
      pull_number: pullNumber,
    });
    if ((data.draft ?? false) === draft) return { kind: 'unchanged', draft };
    const answer = await octokit.graphql<MutationAnswer>(draft ? TO_DRAFT : TO_READY, { id: data.node_id });
    const result = answer.convertPullRequestToDraft ?? answer.markPullRequestReadyForReview;
    return { kind: 'changed', draft: result?.pullRequest.isDraft ?? draft };
  } catch (error) {
    const what = draft ? 'convert the pull request to a draft' : 'mark the pull request ready for review';
    return { kind: 'failed', message: `Could not ${what}: ${(error as Error).message}` };
  }
}
