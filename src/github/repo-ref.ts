/**
 * The repository a GitHub call is about. Every function that talks to GitHub takes it second,
 * right after the client: `(octokit, repo, …)`, and spreads it into the request parameters.
 */
export interface RepoRef {
  owner: string;
  repo: string;
}
