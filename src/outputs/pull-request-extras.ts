/**
 * Dresses the action's pull request for the repository's process: the `labels` input, and review
 * requested from the `reviewers` input's users and teams. GitHub may refuse some (an unknown
 * label it may not create, a reviewer who is no collaborator or is the PR's author): each refusal
 * is a warning for the summary, never a failed run — the pull request itself is open.
 */
import { apiError } from '../github/api-error.js';
import type { GitHubClient } from '../github/client.js';
import type { RepoRef } from '../github/repo-ref.js';

type Octokit = Pick<GitHubClient, 'request'>;

export interface PullRequestExtras {
  labels: string[];
  reviewers: { users: string[]; teams: string[] };
}

/** Adds the labels (every time: they are kept on updates) and requests review (when `requestReview`). */
export async function dressPullRequest(
  octokit: Octokit,
  repo: RepoRef,
  prNumber: number,
  extras: PullRequestExtras,
  requestReview: boolean,
): Promise<string[]> {
  const warnings: string[] = [];
  if (extras.labels.length > 0) {
    try {
      await octokit.request('POST /repos/{owner}/{repo}/issues/{issue_number}/labels', {
        ...repo,
        issue_number: prNumber,
        labels: extras.labels,
      });
    } catch (error) {
      const names = extras.labels.map((l) => `\`${l}\``).join(', ');
      warnings.push(`Could not add the labels ${names} (\`labels\`): ${apiError(error).message}`);
    }
  }
  const { users, teams } = extras.reviewers;
  if (requestReview && users.length + teams.length > 0) {
    const request = (reviewers: string[], team_reviewers: string[]) =>
      octokit.request('POST /repos/{owner}/{repo}/pulls/{pull_number}/requested_reviewers', {
        ...repo,
        pull_number: prNumber,
        ...(reviewers.length > 0 ? { reviewers } : {}),
        ...(team_reviewers.length > 0 ? { team_reviewers } : {}),
      });
    try {
      await request(users, teams);
    } catch {
      // GitHub refuses the whole request for one bad name: ask for each alone, so the rest still get it.
      const each = [
        ...users.map((u) => ({ name: `user \`${u}\``, send: () => request([u], []) })),
        ...teams.map((t) => ({ name: `team \`${t}\``, send: () => request([], [t]) })),
      ];
      for (const one of each) {
        await one.send().catch((error: unknown) => {
          warnings.push(
            `Could not request a review from ${one.name} (\`reviewers\`): ${apiError(error).message}`,
          );
        });
      }
    }
  }
  return warnings;
}
