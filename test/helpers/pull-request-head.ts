/**
 * A webhook payload's `pull_request.head` pointed at a pull request of the fake GitHub server:
 * its branch, the commit, and the repository it lives in (this one, or a fork's).
 */
import type { IssueRecord } from '../fakes/github-state.js';

/** The example payload's `head` with `pr`'s branch and repository and `headSha` as its commit. */
export function pullRequestHead(head: any, pr: IssueRecord, headSha: string) {
  const headRepo = pr.pull!.headRepo;
  const [owner, name] = headRepo.split('/') as [string, string];
  return {
    ...head,
    ref: pr.pull!.headRef,
    sha: headSha,
    label: `${owner}:${pr.pull!.headRef}`,
    repo: {
      ...head['repo'],
      full_name: headRepo,
      name,
      owner: { ...head['repo']['owner'], login: owner },
    },
  };
}
