import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { collectCheckRunReport, formatCheckRunReport } from '../../../src/ci/check-run-report.js';

const output = (text: string, annotationsCount = 0) => ({
  title: '2 tests failed',
  summary: '\u001b[31m2 failed\u001b[0m, 10 passed',
  text,
  annotationsCount,
});

function annotations(n: number) {
  return Array.from({ length: n }, (_, i) => ({
    path: `src/f${i}.js`,
    start_line: i + 1,
    end_line: i + 1,
    annotation_level: i % 2 === 0 ? 'warning' : 'failure',
    title: `t${i}`,
    message: `message ${i}`,
    raw_details: i === 1 ? 'expected 3, got -1' : null,
  }));
}

describe('collectCheckRunReport', () => {
  it('reads every annotation through pagination, failures first, and excerpts the text', async () => {
    const calls: unknown[] = [];
    const octokit = {
      paginate: async (route: string, params: unknown) => {
        calls.push([route, params]);
        return annotations(4);
      },
    } as any;
    const longText = [
      ...Array.from({ length: 300 }, (_, i) => `ok ${i} passes`),
      'not ok 301 - sum adds',
      ...Array.from({ length: 300 }, (_, i) => `ok ${i + 302} passes`),
    ].join('\n');
    const report = await collectCheckRunReport(
      octokit,
      { owner: 'o', repo: 'r' },
      {
        checkRunId: 9,
        name: 'ci/circleci: test',
        output: output(longText, 4),
        maxChars: 4_000,
      },
    );
    assert.deepEqual(calls, [
      [
        'GET /repos/{owner}/{repo}/check-runs/{check_run_id}/annotations',
        { owner: 'o', repo: 'r', check_run_id: 9, per_page: 100 },
      ],
    ]);
    assert.deepEqual(
      report.annotations.map((a) => a.level),
      ['failure', 'failure', 'warning', 'warning'],
    );
    assert.match(report.text, /not ok 301 - sum adds/);
    assert.ok(report.text.length <= 2_000);
    assert.doesNotMatch(report.summary, /\u001b/);
    const text = formatCheckRunReport(report);
    assert.match(text, /^Check "ci\/circleci: test" failed\./);
    assert.match(text, /src\/f1\.js:2 \[failure\] t1: message 1\nexpected 3, got -1/);
  });

  it('does not ask for annotations the check says it has none of', async () => {
    const octokit = { paginate: async () => assert.fail('no annotations to read') } as any;
    const report = await collectCheckRunReport(
      octokit,
      { owner: 'o', repo: 'r' },
      {
        checkRunId: 9,
        name: 'lint',
        output: output('line 1'),
      },
    );
    assert.deepEqual(report.annotations, []);
  });

  it('notes, not throws, when annotations cannot be read, naming a missing API', async () => {
    const error = Object.assign(new Error('Not Found'), {
      status: 404,
      request: {
        method: 'GET',
        url: 'https://ghe.example.com/api/v3/repos/o/r/check-runs/9/annotations?per_page=100',
      },
    });
    const octokit = { paginate: async () => Promise.reject(error) } as any;
    const report = await collectCheckRunReport(
      octokit,
      { owner: 'o', repo: 'r' },
      {
        checkRunId: 9,
        name: 'lint',
        output: output('', 3),
      },
    );
    assert.match(report.annotationsNote ?? '', /ghe\.example\.com answered 404 .*check-run annotations/);
    assert.match(formatCheckRunReport(report), /Annotations: https:\/\/ghe\.example\.com answered 404/);
  });

  it('says so when the check gave nothing at all', () => {
    const text = formatCheckRunReport({ name: 'x', title: '', summary: '', text: '', annotations: [] });
    assert.match(text, /gave no title, summary, text or annotations/);
  });

  it('keeps the whole report within the limit', () => {
    const many = annotations(50).map((a) => ({
      ...a,
      startLine: 1,
      endLine: 1,
      level: 'failure',
      title: 't',
      message: 'm'.repeat(500),
      rawDetails: '',
      path: a.path,
    }));
    const text = formatCheckRunReport(
      { name: 'x', title: 't', summary: 's', text: 'x', annotations: many },
      3_000,
    );
    assert.ok(text.length <= 3_000);
  });
});
