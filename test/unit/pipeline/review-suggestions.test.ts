/**
 * `verify-command` against a review's suggestions, in a real workspace with real commands: a
 * suggestion that turns the check red is dropped, one that keeps it green says so, the files are
 * put back either way; nothing runs when the head itself fails the check.
 */
import assert from 'node:assert/strict';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { GroundedFinding } from '../../../src/findings/review-grounding.js';
import { createWriterLedger } from '../../../src/git/work-tree-writers.js';
import { checkSuggestions } from '../../../src/pipeline/review-suggestions.js';
import { unsandboxed } from '../../../src/sandbox/sandbox.js';

async function workspace(files: Record<string, string>) {
  const dir = await mkdtemp(path.join(tmpdir(), 'review-suggestions-'));
  for (const [name, text] of Object.entries(files)) await writeFile(path.join(dir, name), text);
  const lines: string[] = [];
  return {
    dir,
    lines,
    host: {
      workspace: dir,
      tempDir: dir,
      env: { PATH: process.env['PATH'] },
      platform: process.platform,
      log: { info: (m: string) => void lines.push(m), warning: (m: string) => void lines.push(m) },
      redact: (t: string) => t,
      signal: new AbortController().signal,
      writers: createWriterLedger(),
    },
  };
}

const finding = (
  path: string,
  suggested: string,
  severity: 'blocking' | 'suggestion' = 'suggestion',
): GroundedFinding => ({
  draft: { path, line: 1, body: `fix ${path}`, severity, suggestion: suggested },
  fp: '0'.repeat(16),
  title: path,
  code: 'x',
  checks: ['anchored'],
  suggested,
});

// The check fails when any .txt file says "broken".
const COMMAND = 'for f in *.txt; do if grep -q broken "$f"; then exit 1; fi; done';
const settings = { command: COMMAND, sandbox: unsandboxed, env: {} };

describe('checkSuggestions', () => {
  it('drops a suggestion that breaks the check, marks one that keeps it green, and restores the files', async () => {
    const { dir, host } = await workspace({ 'a.txt': 'fine\n', 'b.txt': 'fine\n' });
    const good = finding('a.txt', 'better\n', 'blocking');
    const bad = finding('b.txt', 'broken\n');
    const noSuggestion = { ...finding('a.txt', ''), suggested: undefined } as GroundedFinding;
    const result = await checkSuggestions(host, [good, bad, noSuggestion], settings);
    assert.equal(result.failed, 1);
    assert.deepEqual(
      result.findings.map((f) => [f.draft.path, f.checks.at(-1)]),
      [
        ['a.txt', '`verify-command` passed with the suggestion applied'],
        ['a.txt', 'anchored'],
      ],
    );
    assert.equal(await readFile(path.join(dir, 'a.txt'), 'utf8'), 'fine\n');
    assert.equal(await readFile(path.join(dir, 'b.txt'), 'utf8'), 'fine\n');
  });

  it('runs nothing per suggestion when the head itself fails the check', async () => {
    const { host, lines } = await workspace({ 'a.txt': 'broken\n' });
    const result = await checkSuggestions(host, [finding('a.txt', 'fixed\n')], settings);
    assert.equal(result.failed, 0);
    assert.match(result.skipped ?? '', /fails on the head itself/);
    assert.equal(result.findings[0]?.checks.length, 1);
    assert.match(lines.join('\n'), /Suggestions not checked/);
  });
});
