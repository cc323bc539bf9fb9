import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { capMiddle, cleanLog, excerptLog } from '../../../src/ci/log-excerpt.js';

const ts = (i: number) => `2024-05-01T10:00:${String(i % 60).padStart(2, '0')}.1234567Z `;

describe('excerptLog', () => {
  it('strips timestamps and ANSI codes', () => {
    assert.deepEqual(cleanLog(`${ts(1)}\u001b[1;31mred\u001b[0m\r\n${ts(2)}plain`), ['red', 'plain']);
  });

  it('keeps the failing step: its header, error lines with context and its tail, not the passing steps', () => {
    const lines = [
      '##[group]Run npm ci',
      ...Array.from({ length: 50 }, (_, i) => `installed package ${i}`),
      '##[endgroup]',
      '##[group]Run npm test',
      'npm test',
      '##[endgroup]',
      ...Array.from({ length: 200 }, (_, i) => `ok ${i} - passing test ${i}`),
      'not ok 201 - parses dates',
      '  expected: 2024',
      '  actual: 1970',
      ...Array.from({ length: 100 }, (_, i) => `ok ${i + 202} - later test`),
      '# fail 1',
      '##[error]Process completed with exit code 1.',
    ];
    const excerpt = excerptLog(lines.map((l, i) => ts(i) + l).join('\n'), { maxChars: 5_000, tailLines: 5 });
    assert.match(excerpt, /^Run npm test/);
    assert.match(excerpt, /not ok 201 - parses dates\n {2}expected: 2024\n {2}actual: 1970/);
    assert.match(excerpt, /# fail 1\n##\[error\]Process completed with exit code 1\./);
    assert.match(excerpt, /lines omitted/);
    assert.doesNotMatch(excerpt, /installed package|passing test 100/);
  });

  it('stays within the cap, keeping the end where the verdict is', () => {
    const log = Array.from({ length: 5_000 }, (_, i) => `error line ${i}`).join('\n');
    const excerpt = excerptLog(log, { maxChars: 2_000 });
    assert.ok(excerpt.length <= 2_000);
    assert.match(excerpt, /error line 4999$/);
    assert.equal(capMiddle('short', 10), 'short');
  });
});
