import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type CollectImagesOptions, collectImages, imageSources } from '../../../src/context/issue-images.js';
import type { Trigger } from '../../../src/triggers/trigger.js';
import { useFakeGitHub } from '../../helpers/fake-github.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const actor = { login: 'alice', type: 'User' };

describe('imageSources', () => {
  it('takes the issue body and the comment for issue runs, the comment alone for pull-request and review comments', () => {
    const issue: Trigger = { kind: 'issue', issueNumber: 4, title: 't', body: 'b', actor, label: 'agent' };
    assert.deepEqual(imageSources(issue), [
      { label: 'the issue #4 body', markdown: 'b', get: { kind: 'issue', number: 4 } },
    ]);
    const comment: Trigger = {
      kind: 'issue-comment',
      issueNumber: 4,
      title: 't',
      body: 'b',
      commentId: 9,
      instruction: 'see ![x](y)',
      actor,
    };
    assert.deepEqual(
      imageSources(comment).map((s) => s.label),
      ['the issue #4 body', 'comment 9'],
    );
    const pr: Trigger = {
      kind: 'pr-comment',
      prNumber: 5,
      title: 't',
      body: 'PR body ![x](y)',
      commentId: 10,
      instruction: 'fix',
      actor,
    };
    assert.deepEqual(imageSources(pr), [
      { label: 'comment 10', markdown: 'fix', get: { kind: 'issue-comment', id: 10 } },
    ]);
    assert.deepEqual(imageSources({ kind: 'dispatch', prompt: 'p', runId: 1, actor }), []);
  });
});

describe('collectImages', async () => {
  const { server, octokit, repo } = await useFakeGitHub();
  const options = (): CollectImagesOptions => ({
    setting: 'auto',
    fetch,
    serverUrl: server.serverUrl,
    token: server.token,
    maxCount: 4,
    maxBytes: 1024 * 1024,
    maxRedirects: 3,
    timeoutMs: 5000,
  });

  it('attaches at most the limit, in order, and lists the rest as over it without downloading them', async () => {
    const uploads = Array.from({ length: 6 }, () => server.state.addUpload(PNG));
    const issue = server.state.addIssue({
      title: 'Six screenshots',
      body: '![one](https://github.com/user-attachments/assets/x) …',
      bodyHtml: uploads
        .map((u, i) => `<p><img src="${server.serverUrl}${u}" alt="shot ${i + 1}"></p>`)
        .join('\n'),
    });
    const before = server.requests.length;
    const { images, report } = await collectImages(
      octokit,
      repo,
      imageSources({
        kind: 'issue',
        issueNumber: issue.number,
        title: '',
        body: issue.body!,
        actor,
        label: 'agent',
      }),
      options(),
    );
    assert.deepEqual(
      images.map((i) => [i.label, i.alt, i.mediaType]),
      [1, 2, 3, 4].map((n) => [`image ${n} of the issue #${issue.number} body`, `shot ${n}`, 'image/png']),
    );
    assert.deepEqual(
      report.entries.slice(4).map((e) => [e.status, e.reason]),
      [
        ['skipped', 'over the limit of 4 images a run'],
        ['skipped', 'over the limit of 4 images a run'],
      ],
    );
    const downloads = server.requests.slice(before).filter((r) => r.url.startsWith('/storage/user/'));
    assert.equal(downloads.length, 4);
    server.assertNoViolations();
  });

  it('does not ask GitHub when the text shows no image, and reports a body it could not read', async () => {
    const before = server.requests.length;
    const plain = await collectImages(
      octokit,
      repo,
      [{ label: 'the issue #1 body', markdown: 'No pictures here.', get: { kind: 'issue', number: 1 } }],
      options(),
    );
    assert.deepEqual(plain.report, { setting: 'auto', entries: [] });
    assert.equal(server.requests.length, before);
    const gone = await collectImages(
      octokit,
      repo,
      [{ label: 'comment 999999', markdown: '![x](y)', get: { kind: 'issue-comment', id: 999_999 } }],
      options(),
    );
    assert.equal(gone.report.problem, 'comment 999999 could not be read as HTML (HTTP 404)');
    assert.deepEqual(gone.images, []);
  });
});
