/** The diff the reviewer reads: whole patches where they fit, small ones first, the rest summarised. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fitDiff } from '../../../src/prompt/fit-diff.js';

const file = (filename: string, lines: number) => ({
  filename,
  status: 'modified',
  additions: lines,
  deletions: 0,
  patch: `@@ -0,0 +1,${lines} @@\n${Array.from({ length: lines }, (_, i) => `+line ${i}`).join('\n')}`,
});

describe('fitDiff', () => {
  it('shows every patch when they fit, in the files API order', () => {
    const text = fitDiff([file('b.ts', 2), file('a.ts', 1)], 10_000);
    assert.ok(text.indexOf('### b.ts') < text.indexOf('### a.ts'));
    assert.match(text, /### a\.ts \(modified, \+1 −0\)\n```diff\n@@ -0,0 \+1,1 @@\n\+line 0\n```/);
  });

  it('summarises a large diff with a pointer to read the file, keeping the small ones whole', () => {
    const text = fitDiff(
      [file('huge.ts', 5_000), file('small.ts', 3), { ...file('img.png', 0), patch: undefined }],
      4_000,
    );
    assert.match(
      text,
      /### huge\.ts \(modified, \+5000 −0\)\nDiff of 5001 lines not shown \(over the budget\); read it with read_file/,
    );
    assert.match(text, /\+line 2\n```/, 'small.ts in full');
    assert.match(text, /### img\.png[^\n]*\nNo patch \(binary, or too large for GitHub to show\)/);
    assert.ok(text.length < 4_000);
  });
});

describe('fitDiff on a very large pull request', () => {
  it('lists at most MAX_LISTED_FILES files and counts the rest', async () => {
    const { MAX_LISTED_FILES } = await import('../../../src/limits.js');
    const files = Array.from({ length: MAX_LISTED_FILES + 5 }, (_, i) => file(`f${i}.ts`, 1));
    const text = fitDiff(files, 40_000);
    assert.equal(text.match(/^### /gm)?.length, MAX_LISTED_FILES);
    assert.match(text, /… and 5 more changed files, not listed/);
  });
});
