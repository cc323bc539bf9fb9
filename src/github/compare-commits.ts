/**
 * What changed between two commits of a pull request, from GitHub's compare API: whether the new
 * head still contains the old one (`ahead`) or a force-push dropped it (`diverged`, `behind`, or
 * the old commit is gone: 404), the commits in between, and the files with their patches. The
 * review runs on a shallow checkout, so git alone could not answer the first question.
 */

import { isNotFound } from './api-error.js';
import type { GitHubClient } from './client.js';
import type { ChangedFile } from './diff-lines.js';
import type { RepoRef } from './repo-ref.js';

type Octokit = Pick<GitHubClient, 'request'>;

export type Comparison =
  /** `head` contains `base`: the commits pushed since, and the files they changed. */
  | { kind: 'ahead'; commits: { sha: string; subject: string }[]; files: ChangedFile[] }
  | { kind: 'identical' }
  /**
   * `base` is not in `head`'s history any more (a force-push), or GitHub no longer has it (`gone`).
   * `files` are still the changes from the two commits' merge base to `head`.
   */
  | { kind: 'dropped'; why: 'diverged' | 'behind' | 'gone'; files: ChangedFile[] };

/** Compares `base...head`. */
export async function compareCommits(
  octokit: Octokit,
  repo: RepoRef,
  base: string,
  head: string,
): Promise<Comparison> {
  try {
    const { data } = await octokit.request('GET /repos/{owner}/{repo}/compare/{basehead}', {
      ...repo,
      basehead: `${base}...${head}`,
      per_page: 100,
    });
    const files: ChangedFile[] = (data.files ?? []).map((f) => ({
      filename: f.filename,
      status: f.status,
      additions: f.additions,
      deletions: f.deletions,
      ...(f.patch ? { patch: f.patch } : {}),
    }));
    if (data.status === 'identical') return { kind: 'identical' };
    if (data.status !== 'ahead') return { kind: 'dropped', why: data.status, files };
    return {
      kind: 'ahead',
      commits: data.commits.map((c) => ({ sha: c.sha, subject: c.commit.message.split('\n')[0] ?? '' })),
      files,
    };
  } catch (error) {
    if (isNotFound(error)) return { kind: 'dropped', why: 'gone', files: [] };
    throw error;
  }
}
