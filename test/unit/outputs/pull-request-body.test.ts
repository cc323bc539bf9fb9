import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { failingLine, quoteNote, renderPullRequestBody } from '../../../src/outputs/pull-request-body.js';

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

  it('opens with the headline it is given and ends with the footer, after the transcript', () => {
    const body = renderPullRequestBody({
      headline: ':warning: **Draft** — verification failed (`npm test`, exit 1)',
      summary: 's',
      verification,
      transcript: () => '<details>T</details>\n',
      footer: '<sub>footer</sub>',
    });
    assert.match(body, /^:warning: \*\*Draft\*\* — verification failed/);
    assert.match(body, /❌ failed \(exit code 1\) in 2\.3s: `1 failing`/);
    assert.ok(body.endsWith('<details>T</details>\n\n<sub>footer</sub>'), body);
  });

  it('surfaces the failing line of the verification output, once', () => {
    const tail = [
      '> test',
      '> node --test',
      '',
      '✔ adds',
      '✖ subtracts',
      '  AssertionError: -1 !== 3',
      'ℹ fail 1',
    ].join('\n');
    const failed = { ...verification, outputTail: tail };
    assert.equal(failingLine(failed), '✖ subtracts');
    assert.equal(failingLine({ ...failed, outputTail: 'ok\nfail 0\nexit 2' }), 'exit 2');
    assert.equal(failingLine({ ...failed, passed: true }), undefined);
    const body = renderPullRequestBody({ summary: 's', verification: failed, transcript: () => '' });
    assert.equal(body.split('AssertionError').length, 2, 'the output is in the body once');
  });

  it('quotes every line of a multi-line note, so it cannot break out of its quote', () => {
    assert.equal(
      quoteNote('**Blocked hosts**\n- `a.example`\n\nmore'),
      '> **Blocked hosts**\n> - `a.example`\n>\n> more',
    );
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
