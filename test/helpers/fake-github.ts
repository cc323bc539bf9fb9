/**
 * The fake GitHub server with an Octokit pointed at it, for test files that call GitHub functions
 * directly: started once per file, closed after its tests.
 */
import { after } from 'node:test';
import { createGitHubClient, type GitHubClient } from '../../src/github/client.js';
import { type GitHubServer, type GitHubServerOptions, startGitHubServer } from '../fakes/github-server.js';

export interface FakeGitHub {
  server: GitHubServer;
  octokit: GitHubClient;
  /** The fake's repository, `Codertocat/Hello-World` unless the options name another. */
  repo: { owner: string; repo: string };
}

/** Starts the fake (await it at the top of the test file) and closes it after the file's tests. */
export async function useFakeGitHub(options?: GitHubServerOptions): Promise<FakeGitHub> {
  const server = await startGitHubServer(options);
  after(() => server.close());
  return {
    server,
    octokit: createGitHubClient({ token: server.token, baseUrl: server.apiUrl }),
    repo: { owner: server.owner, repo: server.repo },
  };
}
