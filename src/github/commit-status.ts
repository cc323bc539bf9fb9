/**
 * The `agent-action` commit status on the heads the action pushes: `pending` while CI in the loop
 * runs on it, then `success` or `failure`, with a link to the run, so branch protection can
 * require it. A refusal (a token without `statuses: write`) is a warning, never a failed run.
 */
import { apiError } from './api-error.js';
import type { GitHubClient } from './client.js';
import type { RepoRef } from './repo-ref.js';

/** The status's name, fixed so branch protection can name it as a required check. */
export const COMMIT_STATUS_CONTEXT = 'agent-action';

export type CommitStatusState = 'pending' | 'success' | 'failure';

/** Sets the status on `sha`; returns a warning when GitHub refused it. */
export async function setCommitStatus(
  octokit: Pick<GitHubClient, 'request'>,
  repo: RepoRef,
  sha: string,
  status: { state: CommitStatusState; description: string; targetUrl: string },
): Promise<string | undefined> {
  try {
    await octokit.request('POST /repos/{owner}/{repo}/statuses/{sha}', {
      ...repo,
      sha,
      state: status.state,
      context: COMMIT_STATUS_CONTEXT,
      // GitHub keeps at most 140 characters of a status's description.
      description: status.description.slice(0, 140),
      target_url: status.targetUrl,
    });
    return undefined;
  } catch (error) {
    const { status: http, message } = apiError(error);
    return `Could not set the ${COMMIT_STATUS_CONTEXT} commit status on ${sha.slice(0, 7)} (${http ? `HTTP ${http}: ` : ''}${message}); give the workflow \`permissions: statuses: write\`.`;
  }
}
