import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { renderPullRequestBody } from '../../../src/outputs/pull-request-body.js';

const verification = {
  command: 'npm test',
  passed: false,
  exitCode: 1,
  timedOut: false,
  durationMs: 2_300,
  outputTail: '1 failing',
};

describe('renderPullRequestBody', () => {
  it('has the summary, Fixes #n, the verification and the transcript, in that order', () => {
    const body = renderPullRequestBody({
      summary: 'Fixed the date parser.',
      issueNumber: 12,
      verification: { ...verification, passed: true, exitCode: 0 },
      transcript: () => '<details><summary>3 tool calls</summary>rows</details>',
    });
    const order = [
      'Fixed the date parser.',
      'Fixes #12',
      '**Verification** `npm test` ✅ passed in 2.3s',
      '<details><summary>3 tool calls',
    ];
    const positions = order.map((part) => body.indexOf(part));
    assert.ok(
      positions.every((p, i) => p >= 0 && (i === 0 || p > positions[i - 1]!)),
      body,
    );
  });

  it('warns at the top when verification failed', () => {
    const body = renderPullRequestBody({ summary: 's', verification, transcript: () => '' });
    assert.match(body, /^> \[!WARNING\]\n> Verification failed, so this pull request is a draft/);
    assert.match(body, /❌ failed \(exit code 1\)/);
  });

  it('gives the transcript only the room left under the limit', () => {
    let asked = 0;
    const body = renderPullRequestBody({
      summary: 'x'.repeat(80_000),
      transcript: (max) => {
        asked = max;
        return 't'.repeat(max);
      },
    });
    assert.ok(body.length <= 65_536, String(body.length));
    assert.ok(asked > 0);
  });
});
