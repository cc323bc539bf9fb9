import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { openOrUpdatePullRequest } from '../../../src/outputs/pull-request.js';
import { useFakeGitHub } from '../../helpers/fake-github.js';

const { server, octokit, repo } = await useFakeGitHub();

describe('openOrUpdatePullRequest against the OpenAPI-checked fake', () => {
  it('opens a pull request once and updates it on the next run', async () => {
    const main = await server.git.resolve('main');
    await server.git.commit('agent/issue-9', { 'fix.txt': 'x\n' }, 'fix', main);
    const first = await openOrUpdatePullRequest(octokit, repo, {
      head: 'agent/issue-9',
      base: 'main',
      title: 'Fix',
      body: 'one',
      draft: false,
    });
    const second = await openOrUpdatePullRequest(octokit, repo, {
      head: 'agent/issue-9',
      base: 'main',
      title: 'Fix again',
      body: 'two',
      draft: true,
    });
    assert.equal(first.created, true);
    assert.equal(second.created, false);
    assert.equal(second.number, first.number);
    const pulls = server.state.pulls().filter((p) => p.pull?.headRef === 'agent/issue-9');
    assert.equal(pulls.length, 1);
    assert.equal(pulls[0]!.title, 'Fix again');
    assert.equal(pulls[0]!.body, 'two');
    server.assertNoViolations();
  });
});
