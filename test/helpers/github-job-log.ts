/**
 * A real test-failure log for CI tests: runs `node --test` on a tiny project with a bug and wraps
 * its output the way a GitHub Actions job log arrives (timestamp per line, `##[group]` per step,
 * `##[error]` at the end).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/** The buggy and the fixed module, and the test that tells them apart. */
export const PROJECT = {
  buggy: 'export const sum = (a, b) => a - b;\n',
  fixed: 'export const sum = (a, b) => a + b;\n',
  test: [
    "import assert from 'node:assert/strict';",
    "import { test } from 'node:test';",
    "import { sum } from './sum.js';",
    "test('sum adds two numbers', () => assert.equal(sum(1, 2), 3));",
    "test('sum of nothing is zero', () => assert.equal(sum(0, 0), 0));",
    '',
  ].join('\n'),
  packageJson: '{ "name": "demo", "type": "module", "scripts": { "test": "node --test" } }\n',
};

/** Runs the buggy project's tests and returns the job log GitHub would serve for them. */
export async function realFailingJobLog(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'ci-log-'));
  try {
    await writeFile(path.join(dir, 'package.json'), PROJECT.packageJson);
    await writeFile(path.join(dir, 'sum.js'), PROJECT.buggy);
    await writeFile(path.join(dir, 'sum.test.js'), PROJECT.test);
    // Inside a test file node:test marks the environment; the child must be a test run of its own.
    const { NODE_TEST_CONTEXT: _, ...env } = process.env;
    const output = await promisify(execFile)(process.execPath, ['--test', 'sum.test.js'], {
      cwd: dir,
      env: { ...env, FORCE_COLOR: '1' },
    }).then(
      () => {
        throw new Error('the buggy project was expected to fail its tests');
      },
      (error: { stdout: string; stderr: string }) => `${error.stdout}${error.stderr}`,
    );
    let second = 0;
    const stamp = (line: string) =>
      `2025-01-10T12:00:${String(second++ % 60).padStart(2, '0')}.1234567Z ${line}`;
    return [
      '##[group]Run actions/checkout@v4',
      'with:',
      '  repository: Codertocat/Hello-World',
      '##[endgroup]',
      'Syncing repository: Codertocat/Hello-World',
      '##[group]Run npm test',
      '\x1b[36;1mnpm test\x1b[0m',
      'shell: /usr/bin/bash -e {0}',
      '##[endgroup]',
      '',
      '> demo@1.0.0 test',
      '> node --test',
      '',
      ...output.trimEnd().split('\n'),
      '##[error]Process completed with exit code 1.',
    ]
      .map(stamp)
      .join('\n');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
