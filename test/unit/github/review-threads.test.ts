/**
 * Review threads through GraphQL against the fake GitHub, whose documents are validated against
 * GitHub's public schema: threads with their comments in order, who resolved them (bots told
 * apart by type), pagination, and `resolveReviewThread`.
 */
import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { fetchReviewThreads, resolveReviewThread } from '../../../src/github/review-threads.js';
import { useFakeGitHub } from '../../helpers/fake-github.js';

const { server, octokit, repo } = await useFakeGitHub({ files: { 'a.ts': 'one\n' } });
afterEach(() => server.assertNoViolations());

function pullWithThreads(count: number) {
  server.state.addUser('alice', { permission: 'write' });
  const pr = server.state.addPullRequest({ title: 'T', headRef: 'x', baseRef: 'main', user: 'alice' });
  const roots = Array.from({ length: count }, (_, i) =>
    server.state.addReviewComment({
      pullNumber: pr.number,
      body: `finding ${i}`,
      user: server.state.tokenUser,
      path: 'a.ts',
      line: 1,
      diffHunk: '@@ -1 +1 @@\n+one',
      commitId: 'c'.repeat(40),
    }),
  );
  return { pr, roots };
}

describe('fetchReviewThreads', () => {
  it('reads each thread with its comments in order, its resolver, and bots by type', async () => {
    const { pr, roots } = pullWithThreads(2);
    const [first, second] = roots;
    server.state.addReviewComment({
      pullNumber: pr.number,
      body: "Won't fix: by design.",
      user: 'alice',
      path: 'a.ts',
      line: 1,
      diffHunk: first!.diffHunk,
      commitId: first!.commitId,
      inReplyToId: first!.id,
    });
    server.state.resolveThread(second!.id, 'alice');
    const threads = await fetchReviewThreads(octokit, repo, pr.number);
    assert.equal(threads.length, 2);
    assert.deepEqual(threads[0]!.comments, [
      {
        databaseId: first!.id,
        body: 'finding 0',
        author: 'github-actions',
        authorIsBot: true,
        association: 'NONE',
      },
      {
        databaseId: threads[0]!.comments[1]!.databaseId,
        body: "Won't fix: by design.",
        author: 'alice',
        authorIsBot: false,
        association: 'COLLABORATOR',
      },
    ]);
    assert.equal(threads[0]!.isResolved, false);
    assert.deepEqual(
      { isResolved: threads[1]!.isResolved, resolvedBy: threads[1]!.resolvedBy },
      { isResolved: true, resolvedBy: { login: 'alice', isBot: false } },
    );
  });

  it('follows the pages and resolves a thread as the token user', async () => {
    const { pr, roots } = pullWithThreads(60);
    const threads = await fetchReviewThreads(octokit, repo, pr.number);
    assert.equal(threads.length, 60, 'two pages of 50');
    await resolveReviewThread(octokit, threads[59]!.id);
    assert.equal(server.state.resolvedThreads.get(roots[59]!.id), server.state.tokenUser);
    const again = await fetchReviewThreads(octokit, repo, pr.number);
    assert.equal(again[59]!.isResolved, true);
    assert.equal(again[59]!.resolvedBy, undefined, 'resolvedBy is a User: none for an app');
  });

  it('fails clearly on a thread that does not exist, and the fake records a malformed document', async () => {
    await assert.rejects(
      resolveReviewThread(octokit, Buffer.from('PullRequestReviewThread:1').toString('base64')),
      /Could not resolve to a PullRequestReviewThread/,
    );
    await assert.rejects(
      octokit.graphql(
        'query { repository(owner: "a", name: "b") { pullRequest(number: 1) { reviewThreads(first: 1) { nodes { isSolved } } } } }',
      ),
    );
    assert.match(server.violations.at(-1)?.errors.join('\n') ?? '', /Cannot query field "isSolved"/);
    server.violations.length = 0;
  });
});
