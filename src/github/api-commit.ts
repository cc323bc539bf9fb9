/**
 * Commits through GitHub's API so that GitHub signs the commit: the branch ref is created (or moved)
 * with the REST git-refs endpoints, the commit with the GraphQL `createCommitOnBranch` mutation,
 * whose `expectedHeadOid` is the lease: a branch that moved answers STALE_DATA instead of being
 * overwritten. Refusals are results, quoted as GitHub gave them; only bugs throw.
 */
import { apiError } from './api-error.js';
import type { GitHubClient } from './client.js';
import type { RepoRef } from './repo-ref.js';

/** A commit's content as `createCommitOnBranch` takes it: files added or changed (base64), files deleted. */
export interface FileChanges {
  additions: { path: string; contents: string }[];
  deletions: { path: string }[];
}

type Octokit = Pick<GitHubClient, 'request' | 'graphql'>;

export type RefResult =
  | { kind: 'done' }
  /** The ref exists already (creating) or is not where it was expected (moving). */
  | { kind: 'moved'; status?: number; message: string }
  | { kind: 'refused'; status?: number; message: string };

export type ApiCommitResult =
  | { kind: 'created'; oid: string }
  /** `expectedHeadOid` was not the branch head: someone pushed meanwhile. */
  | { kind: 'moved'; message: string }
  | { kind: 'refused'; status?: number; message: string };

const MUTATION = `mutation CreateCommitOnBranch($input: CreateCommitOnBranchInput!) {
  createCommitOnBranch(input: $input) {
    commit {
      oid
    }
  }
}`;

/** A failed ref call: `moved` when GitHub's message matches `movedWhen`, else `refused`. */
function refFailure(error: unknown, movedWhen?: RegExp): RefResult {
  const { status, message } = apiError(error);
  const kind = movedWhen?.test(message) ? 'moved' : 'refused';
  return { kind, ...(status ? { status } : {}), message };
}

/** Creates `refs/heads/{branch}` at `sha`. */
export async function createBranchRef(
  octokit: Octokit,
  repo: RepoRef,
  branch: string,
  sha: string,
): Promise<RefResult> {
  try {
    await octokit.request('POST /repos/{owner}/{repo}/git/refs', {
      ...repo,
      ref: `refs/heads/${branch}`,
      sha,
    });
    return { kind: 'done' };
  } catch (error) {
    return refFailure(error, /already exists/i);
  }
}

/** Points the existing `refs/heads/{branch}` at `sha`, forcing (the caller checked the lease). */
export async function moveBranchRef(
  octokit: Octokit,
  repo: RepoRef,
  branch: string,
  sha: string,
): Promise<RefResult> {
  try {
    await octokit.request('PATCH /repos/{owner}/{repo}/git/refs/{ref}', {
      ...repo,
      ref: `heads/${branch}`,
      sha,
      force: true,
    });
    return { kind: 'done' };
  } catch (error) {
    return refFailure(error, /does not exist/i);
  }
}

/** Deletes `refs/heads/{branch}`: the branch this run created for a commit GitHub then refused. */
export async function deleteBranchRef(octokit: Octokit, repo: RepoRef, branch: string): Promise<RefResult> {
  try {
    await octokit.request('DELETE /repos/{owner}/{repo}/git/refs/{ref}', { ...repo, ref: `heads/${branch}` });
    return { kind: 'done' };
  } catch (error) {
    return refFailure(error);
  }
}

export interface ApiCommitInput {
  branch: string;
  /** The branch head the commit goes on top of. */
  expectedHeadOid: string;
  /** The whole commit message: first line the headline, the rest (with trailers) the body. */
  message: string;
  changes: FileChanges;
}

/** Appends one commit to the branch through `createCommitOnBranch`. */
export async function createCommitOnBranch(
  octokit: Octokit,
  repo: RepoRef,
  input: ApiCommitInput,
): Promise<ApiCommitResult> {
  const [headline = '', ...rest] = input.message.replace(/\n+$/, '').split('\n');
  const body = rest.join('\n').replace(/^\n+/, '');
  try {
    const data = await octokit.graphql<{ createCommitOnBranch: { commit: { oid: string } } }>(MUTATION, {
      input: {
        branch: { repositoryNameWithOwner: `${repo.owner}/${repo.repo}`, branchName: input.branch },
        expectedHeadOid: input.expectedHeadOid,
        message: { headline, ...(body ? { body } : {}) },
        fileChanges: input.changes,
      },
    });
    return { kind: 'created', oid: data.createCommitOnBranch.commit.oid };
  } catch (error) {
    const { status, message, type } = apiError(error);
    if (type === 'STALE_DATA' || /Expected branch to point to/i.test(message))
      return { kind: 'moved', message };
    return { kind: 'refused', ...(status ? { status } : {}), message };
  }
}
