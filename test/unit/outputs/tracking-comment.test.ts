import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { addEyesReaction } from '../../../src/outputs/comment.js';
import { startTrackingComment } from '../../../src/outputs/tracking-comment.js';
import { useFakeGitHub } from '../../helpers/fake-github.js';

const { server, octokit, repo } = await useFakeGitHub();

describe('The reaction and the tracking comment against the OpenAPI-checked fake', () => {
  it('reacts with eyes and keeps one tracking comment, finalised last', async () => {
    const issue = server.state.addIssue({ title: 'Bug' });
    await addEyesReaction(octokit, repo, { kind: 'issue', number: issue.number }, assert.fail);
    assert.equal(server.state.reactionsOn({ kind: 'issue', number: issue.number } as any).length, 1);

    const tracking = await startTrackingComment(octokit, repo, issue.number, {
      runUrl: `${server.serverUrl}/Codertocat/Hello-World/actions/runs/1`,
      publish: (md) => md.replaceAll('SECRET', '***'),
      warn: assert.fail,
      minIntervalMs: 10,
    });
    tracking.update({ turns: 1, step: 'Thinking' });
    tracking.activity('c1', { tool: 'read_file', label: '`README.md`', status: 'running' });
    tracking.activity('c1', { tool: 'read_file', label: '`README.md`', status: 'ok' });
    await tracking.finalise('✅ **Opened pull request #2** with SECRET inside');
    tracking.update({ step: 'too late' });
    await new Promise((resolve) => setTimeout(resolve, 50));

    const comments = server.state.commentsOn(issue.number);
    assert.equal(comments.length, 1);
    assert.equal(
      comments[0]!.body,
      '✅ **Opened pull request #2** with *** inside',
      'the body as given, published',
    );
    server.assertNoViolations();
  });
});
