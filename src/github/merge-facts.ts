/**
 * What GitHub says about a pull request when the action considers arming auto-merge: its head and
 * where it comes from, its review threads still open, the reviewers whose latest review requests
 * changes, and the checks its base branch requires (classic protection, as the branch shows it to
 * a read-only token, and rulesets). Also `enablePullRequestAutoMerge` itself.
 */
import type { GitHubClient } from './client.js';
import { isSameRepository, type RepoRef } from './repo-ref.js';

/** The `merge-method` input. */
export const MERGE_METHODS = ['squash', 'merge', 'rebase'] as const;
export type MergeMethod = (typeof MERGE_METHODS)[number];

type Octokit = Pick<GitHubClient, 'request' | 'paginate' | 'graphql'>;

export interface MergeFacts {
  nodeId: string;
  headSha: string;
  baseRef: string;
  sameRepo: boolean;
  draft: boolean;
  /** Openers of the review threads nobody resolved (one entry per thread). */
  unresolvedThreads: string[];
  /** More threads than one page holds: the count above may be short. */
  threadsTruncated: boolean;
  /** Reviewers whose latest review requests changes. */
  changesRequestedBy: string[];
  /** Checks the base branch requires, from branch protection and rulesets. */
  requiredChecks: string[];
}

const THREADS = `query($owner: String!, $repo: String!, $number: Int!) {
  repository(owner: $owner, name: $repo) {
    pullRequest(number: $number) {
      reviewThreads(first: 100) {
        totalCount
        nodes { isResolved comments(first: 1) { nodes { author { login } } } }
      }
    }
  }
}`;

interface ThreadsAnswer {
  repository: {
    pullRequest: {
      reviewThreads: {
        totalCount: number;
        nodes: { isResolved: boolean; comments: { nodes: { author: { login: string } | null }[] } }[];
      };
    } | null;
  } | null;
}

/** Reads every fact the merge gates need about pull request `number`. */
export async function readMergeFacts(octokit: Octokit, repo: RepoRef, number: number): Promise<MergeFacts> {
  const { data: pull } = await octokit.request('GET /repos/{owner}/{repo}/pulls/{pull_number}', {
    ...repo,
    pull_number: number,
  });
  const threads = await octokit.graphql<ThreadsAnswer>(THREADS, { ...repo, number });
  const list = threads.repository?.pullRequest?.reviewThreads;
  const reviews = await octokit.paginate('GET /repos/{owner}/{repo}/pulls/{pull_number}/reviews', {
    ...repo,
    pull_number: number,
    per_page: 100,
  });
  // A reviewer's latest approving or change-requesting review is their verdict; comments are not.
  const verdicts = new Map<string, string>();
  for (const review of reviews) {
    if (review.user && ['APPROVED', 'CHANGES_REQUESTED', 'DISMISSED'].includes(review.state))
      verdicts.set(review.user.login, review.state);
  }
  return {
    nodeId: pull.node_id,
    headSha: pull.head.sha,
    baseRef: pull.base.ref,
    sameRepo: isSameRepository(pull.head.repo?.full_name, repo),
    draft: pull.draft ?? false,
    unresolvedThreads: (list?.nodes ?? [])
      .filter((t) => !t.isResolved)
      .map((t) => t.comments.nodes[0]?.author?.login ?? 'ghost'),
    threadsTruncated: (list?.totalCount ?? 0) > (list?.nodes.length ?? 0),
    changesRequestedBy: [...verdicts]
      .filter(([, state]) => state === 'CHANGES_REQUESTED')
      .map(([login]) => login),
    requiredChecks: await requiredChecks(octokit, repo, pull.base.ref),
  };
}

/** Required checks on `branch`: the branch's protection summary plus every ruleset's required checks. */
async function requiredChecks(octokit: Octokit, repo: RepoRef, branch: string): Promise<string[]> {
  const { data } = await octokit.request('GET /repos/{owner}/{repo}/branches/{branch}', { ...repo, branch });
  const fromProtection = data.protected ? (data.protection?.required_status_checks?.contexts ?? []) : [];
  const rules = await octokit.paginate('GET /repos/{owner}/{repo}/rules/branches/{branch}', {
    ...repo,
    branch,
    per_page: 100,
  });
  const fromRules = rules.flatMap((rule) =>
    rule.type === 'required_status_checks'
      ? (rule.parameters?.required_status_checks ?? []).map((check) => check.context)
      : [],
  );
  return [...new Set([...fromProtection, ...fromRules])];
}

const ENABLE = `mutation($id: ID!, $head: GitObjectID!, $mergeMethod: PullRequestMergeMethod!) {
  enablePullRequestAutoMerge(input: { pullRequestId: $id, expectedHeadOid: $head, mergeMethod: $mergeMethod }) {
    pullRequest { autoMergeRequest { mergeMethod } }
  }
}`;

/** Arms GitHub's auto-merge for exactly `headSha`: any later push disarms it (GitHub's rule). */
export async function enableAutoMerge(
  octokit: Pick<GitHubClient, 'graphql'>,
  pull: { nodeId: string; headSha: string },
  method: MergeMethod,
): Promise<void> {
  await octokit.graphql(ENABLE, {
    id: pull.nodeId,
    head: pull.headSha,
    // `method` is a name @octokit/graphql keeps for itself.
    mergeMethod: method.toUpperCase(),
  });
}
