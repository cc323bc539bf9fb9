/** Where the reviewer's comments go: inline on diff lines, folded into the body, or left out as repeats. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { diffLines, lastHunkLine } from '../../../src/outputs/diff-lines.js';
import {
  placeComments,
  type ReviewCommentDraft,
  renderCommentBody,
} from '../../../src/outputs/review-comments.js';

// Two hunks of a.ts: new lines 1-4 (2 and 3 added) and 20-22 (21 added); b.bin has no patch.
const PATCH = [
  '@@ -1,2 +1,4 @@',
  ' one',
  '+two',
  '+three',
  ' four',
  '@@ -18,2 +20,3 @@ function x() {',
  ' twenty',
  '+twenty-one',
  ' twenty-two',
  '\\ No newline at end of file',
].join('\n');
const diff = diffLines([
  { filename: 'a.ts', status: 'modified', additions: 3, deletions: 0, patch: PATCH },
  { filename: 'b.bin', status: 'added', additions: 0, deletions: 0 },
]);

const draft = (fields: Partial<ReviewCommentDraft>): ReviewCommentDraft => ({
  path: 'a.ts',
  line: 2,
  body: 'Problem.',
  severity: 'suggestion',
  ...fields,
});

describe('diffLines', () => {
  it('knows the new side of every hunk, with its text and whether it was added', () => {
    assert.deepEqual(diff.line('a.ts', 1), { hunk: 0, content: 'one', added: false });
    assert.deepEqual(diff.line('a.ts', 3), { hunk: 0, content: 'three', added: true });
    assert.deepEqual(diff.line('a.ts', 21), { hunk: 1, content: 'twenty-one', added: true });
    assert.equal(diff.line('a.ts', 5), undefined, 'between hunks');
    assert.equal(diff.line('a.ts', 23), undefined, 'past the last hunk');
    assert.equal(diff.line('b.bin', 1), undefined, 'no patch, no lines');
    assert.deepEqual(diff.paths(), ['a.ts']);
  });

  it('reads the commented line from the end of a diff_hunk', () => {
    assert.equal(lastHunkLine('@@ -1 +1,2 @@\n one\n+two\n'), 'two');
    assert.equal(lastHunkLine('@@ -1 +1 @@'), undefined);
  });
});

describe('placeComments', () => {
  it('puts diff lines inline, keeps a multi-line range within one hunk, folds the rest', () => {
    const placed = placeComments(
      [
        draft({ line: 3, startLine: 1 }),
        draft({ line: 21, startLine: 3, body: 'spans two hunks' }),
        draft({ line: 10, body: 'between hunks' }),
        draft({ path: 'c.ts', line: 1, body: 'file not in the diff' }),
      ],
      diff,
    );
    assert.deepEqual(placed.inline, [
      { path: 'a.ts', line: 3, side: 'RIGHT', start_line: 1, start_side: 'RIGHT', body: 'Problem.' },
    ]);
    assert.deepEqual(
      placed.folded.map((c) => c.body),
      ['spans two hunks', 'between hunks', 'file not in the diff'],
    );
    assert.equal(placed.repeated, 0);
  });

  it('drops a comment made before on the same line content with the same body, and twice in one review', () => {
    const blocking = draft({ line: 21, body: 'Handle  the error.', severity: 'blocking' });
    const earlier = [{ path: 'a.ts', body: '**Blocking:** Handle the error.', lineContent: 'twenty-one' }];
    const placed = placeComments([blocking, draft({ line: 2 }), draft({ line: 2 })], diff, earlier);
    assert.equal(placed.repeated, 2);
    assert.deepEqual(
      placed.inline.map((c) => c.line),
      [2],
    );
  });

  it('repeats a comment whose line content changed since', () => {
    const earlier = [{ path: 'a.ts', body: 'Problem.', lineContent: 'twenty-one (old)' }];
    assert.equal(placeComments([draft({ line: 21 })], diff, earlier).inline.length, 1);
  });
});

describe('renderCommentBody', () => {
  it('labels the severity and turns a suggestion into a suggestion block with a safe fence', () => {
    assert.equal(
      renderCommentBody(draft({ severity: 'nit', suggestion: 'const a = 1;\n' })),
      '**Nit:** Problem.\n\n```suggestion\nconst a = 1;\n```',
    );
    assert.equal(
      renderCommentBody(draft({ suggestion: 'x = "````";' })),
      'Problem.\n\n`````suggestion\nx = "````";\n`````',
    );
    assert.equal(
      renderCommentBody(draft({ suggestion: '' })),
      'Problem.\n\n```suggestion\n\n```',
      'delete the lines',
    );
  });
});
