/**
 * Commits through GitHub's API so that GitHub signs the commit: the branch ref is created (or moved)
 * with the REST git-refs endpoints, the commit with the GraphQL `createCommitOnBranch` mutation,
 * whose `expectedHeadOid` is the lease: a branch that moved answers STALE_DATA instead of being
 * overwritten. Refusals are results, quoted as GitHub gave them; only bugs throw.
 */
import type { FileChanges } from '../git/change-set.js';
import type { GitHubClient } from './client.js';

type Octokit = Pick<GitHubClient, 'request' | 'graphql'>;

export interface RepoName {
  owner: string;
  repo: string;
}

export type RefResult =
  | { ok: true }
  /** The ref exists already (creating) or is not where it was expected (moving). */
  | { ok: false; moved: boolean; status?: number; message: string };

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

/** GitHub's message of a failed request, with the HTTP status when there was one. */
export function apiError(error: unknown): { status?: number; message: string; type?: string } {
  const e = error as {
    status?: unknown;
    message?: unknown;
    errors?: { type?: string; message?: string }[];
    response?: { data?: { message?: string } };
  };
  if (Array.isArray(e.errors) && e.errors.length > 0) {
    const first = e.errors[0]!;
    return {
      message: e.errors.map((x) => x.message ?? '').join('; '),
      ...(first.type ? { type: first.type } : {}),
    };
  }
  const message = e.response?.data?.message ?? (typeof e.message === 'string' ? e.message : String(error));
  return typeof e.status === 'number' ? { status: e.status, message } : { message };
}

/** Creates `refs/heads/{branch}` at `sha`. */
export async function createBranchRef(
  octokit: Octokit,
  repo: RepoName,
  branch: string,
  sha: string,
): Promise<RefResult> {
  try {
    await octokit.request('POST /repos/{owner}/{repo}/git/refs', {
      ...repo,
      ref: `refs/heads/${branch}`,
      sha,
    });
    return { ok: true };
  } catch (error) {
    const { status, message } = apiError(error);
    return { ok: false, moved: /already exists/i.test(message), ...(status ? { status } : {}), message };
  }
}

/** Points the existing `refs/heads/{branch}` at `sha`, forcing (the caller checked the lease). */
export async function moveBranchRef(
  octokit: Octokit,
  repo: RepoName,
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
    return { ok: true };
  } catch (error) {
    const { status, message } = apiError(error);
    return { ok: false, moved: /does not exist/i.test(message), ...(status ? { status } : {}), message };
  }
}

/** Deletes `refs/heads/{branch}`: the branch this run created for a commit GitHub then refused. */
export async function deleteBranchRef(octokit: Octokit, repo: RepoName, branch: string): Promise<RefResult> {
  try {
    await octokit.request('DELETE /repos/{owner}/{repo}/git/refs/{ref}', { ...repo, ref: `heads/${branch}` });
    return { ok: true };
  } catch (error) {
    const { status, message } = apiError(error);
    return { ok: false, moved: false, ...(status ? { status } : {}), message };
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
  repo: RepoName,
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
