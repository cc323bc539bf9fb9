/** A finding against the reviewed head: file, lines, quote, nearness to the diff, and a clean suggestion. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ReviewCommentDraft } from '../../../src/findings/review-comment-draft.js';
import { groundFinding } from '../../../src/findings/review-grounding.js';
import { diffLines } from '../../../src/github/diff-lines.js';

const FILE = `${Array.from({ length: 30 }, (_, i) => `line ${i + 1};`).join('\n')}\n`;
// The diff under review changed lines 10-12 of a.ts (with three lines of context, 7-15).
const reviewed = diffLines([
  {
    filename: 'a.ts',
    status: 'modified',
    additions: 3,
    deletions: 0,
    patch: `@@ -7,6 +7,9 @@\n line 7;\n line 8;\n line 9;\n+line 10;\n+line 11;\n+line 12;\n line 13;\n line 14;\n line 15;`,
  },
]);
const HEAD = 'c'.repeat(40);

const draft = (fields: Partial<ReviewCommentDraft>): ReviewCommentDraft => ({
  path: 'a.ts',
  line: 11,
  body: 'Problem here.',
  severity: 'suggestion',
  ...fields,
});

const ground = (fields: Partial<ReviewCommentDraft>, file: string | undefined = FILE) =>
  groundFinding(draft(fields), file, reviewed, HEAD);

describe('groundFinding', () => {
  it('grounds a quoted finding in the diff and records each check', () => {
    const result = ground({ quote: 'line  11', title: 'eleven' });
    assert.equal(result.kind, 'grounded');
    if (result.kind !== 'grounded') return;
    assert.equal(result.finding.title, 'eleven');
    assert.equal(result.finding.code, 'line 11;');
    assert.deepEqual(result.finding.checks, [
      'the quoted code `line 11` is at `a.ts:11` in ccccccc',
      'the lines are in the reviewed diff',
    ]);
  });

  it('drops a missing file, a line past the end, and a quote that is not on the lines', () => {
    assert.deepEqual(groundFinding(draft({}), undefined, reviewed, HEAD), {
      kind: 'dropped',
      reason: 'no-file',
    });
    assert.deepEqual(ground({ line: 31 }), { kind: 'dropped', reason: 'no-line' });
    assert.deepEqual(ground({ quote: 'line 12' }), { kind: 'dropped', reason: 'quote-not-there' });
    assert.equal(
      ground({ startLine: 11, line: 12, quote: 'line 11; line 12' }).kind,
      'grounded',
      'a quote may span the range',
    );
  });

  it('keeps lines within three of a hunk and drops lines further away', () => {
    const near = ground({ line: 18, quote: 'line 18' });
    assert.equal(near.kind, 'grounded');
    if (near.kind === 'grounded')
      assert.equal(near.finding.checks[1], 'the lines are within 3 lines of the reviewed diff');
    assert.deepEqual(ground({ line: 19 }), { kind: 'dropped', reason: 'off-diff' });
    assert.deepEqual(ground({ path: 'b.ts', line: 1 }, 'x\n'), { kind: 'dropped', reason: 'off-diff' });
  });

  it('checks that a suggestion changes the lines and does not repeat the lines around them', () => {
    const clean = ground({ suggestion: 'line eleven;\n' });
    assert.equal(clean.kind, 'grounded');
    if (clean.kind === 'grounded') {
      assert.equal(clean.finding.suggested?.split('\n')[10], 'line eleven;');
      assert.equal(clean.finding.suggested?.endsWith('line 30;\n'), true);
      assert.match(clean.finding.checks.at(-1)!, /the suggestion replaces `a\.ts:11` cleanly/);
    }
    assert.deepEqual(ground({ suggestion: 'line 11;' }), {
      kind: 'dropped',
      reason: 'suggestion-does-not-apply',
    });
    assert.deepEqual(ground({ suggestion: 'line eleven;\nline 12;' }), {
      kind: 'dropped',
      reason: 'suggestion-does-not-apply',
    });
    assert.deepEqual(ground({ suggestion: 'line 10;\nline eleven;' }), {
      kind: 'dropped',
      reason: 'suggestion-does-not-apply',
    });
  });

  it('gives the same fingerprint for the same lines and rule wherever they are', () => {
    const moved = `x\n${FILE}`;
    const a = ground({ title: 'rule' });
    const b = groundFinding(draft({ line: 12, title: 'rule' }), moved, reviewed, HEAD);
    assert.ok(a.kind === 'grounded' && b.kind === 'grounded');
    if (a.kind === 'grounded' && b.kind === 'grounded') assert.equal(a.finding.fp, b.finding.fp);
  });
});
