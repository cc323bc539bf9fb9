/**
 * Opens the run's pull request, or updates the one already open from the same branch: a rerun on
 * the same issue never opens a second PR.
 */
import type { GitHubClient } from '../github/client.js';
import type { RepoRef } from '../github/repo-ref.js';

type Octokit = Pick<GitHubClient, 'request'>;

export interface PullRequestSpec {
  /** Branch in this repository the PR is from. */
  head: string;
  /** Branch it targets. */
  base: string;
  title: string;
  /** Already prepared for publishing and within GitHub's limit. */
  body: string;
  draft: boolean;
}

export interface PullRequestResult {
  number: number;
  url: string;
  /** True when this run opened it; false when it updated an open one. */
  created: boolean;
  draft: boolean;
}

/** The open PR from `head` in this repository, if any. */
export async function findOpenPullRequest(octokit: Octokit, repo: RepoRef, head: string) {
  const { data } = await octokit.request('GET /repos/{owner}/{repo}/pulls', {
    ...repo,
    state: 'open',
    head: `${repo.owner}:${head}`,
    per_page: 10,
  });
  return data.find((pr) => pr.head.ref === head) ?? null;
}

/** Creates the PR or updates the open one from `spec.head` (title, body, base). */
export async function openOrUpdatePullRequest(
  octokit: Octokit,
  repo: RepoRef,
  spec: PullRequestSpec,
): Promise<PullRequestResult> {
  const existing = await findOpenPullRequest(octokit, repo, spec.head);
  if (existing) {
    const { data } = await octokit.request('PATCH /repos/{owner}/{repo}/pulls/{pull_number}', {
      ...repo,
      pull_number: existing.number,
      title: spec.title,
      body: spec.body,
    });
    return { number: data.number, url: data.html_url, created: false, draft: data.draft ?? false };
  }
  const { data } = await octokit.request('POST /repos/{owner}/{repo}/pulls', {
    ...repo,
    head: spec.head,
    base: spec.base,
    title: spec.title,
    body: spec.body,
    draft: spec.draft,
    maintainer_can_modify: true,
  });
  return { number: data.number, url: data.html_url, created: true, draft: data.draft ?? spec.draft };
}
