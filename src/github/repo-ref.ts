/**
 * The repository a GitHub call is about. Every function that talks to GitHub takes it second,
 * right after the client: `(octokit, repo, …)`, and spreads it into the request parameters.
 */
export interface RepoRef {
  owner: string;
  repo: string;
}

/**
 * Whether a pull request's head lives in `repo` rather than in a fork: the one test every fork
 * decision starts from (push or patch, bash or none, whose permission the gate checks). GitHub
 * compares repository names without regard to case; a deleted fork has no name and is a fork.
 */
export function isSameRepository(headFullName: string | null | undefined, repo: RepoRef | string): boolean {
  const name = typeof repo === 'string' ? repo : `${repo.owner}/${repo.repo}`;
  return !!headFullName && headFullName.toLowerCase() === name.toLowerCase();
}
