/** Where checked findings go: inline on diff lines, into the body (folded, over the limit, below the severity), or left out as repeats. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ReviewCommentDraft } from '../../../src/findings/review-comment-draft.js';
import type { GroundedFinding } from '../../../src/findings/review-grounding.js';
import { diffLines, lastHunkLine } from '../../../src/github/diff-lines.js';
import { placeFindings, renderCommentBody } from '../../../src/outputs/review-comments.js';

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

  it('tells whether a range lies in or near a hunk; a file without a patch counts as changed throughout', () => {
    assert.equal(diff.near('a.ts', 3, 3, 0), true);
    assert.equal(diff.near('a.ts', 7, 7, 3), true, 'three lines past the first hunk');
    assert.equal(diff.near('a.ts', 8, 8, 3), false);
    assert.equal(
      diff.near('a.ts', 10, 17, 3),
      true,
      'a range reaching within three lines of the second hunk',
    );
    assert.equal(diff.near('b.bin', 500, 500, 0), true);
    assert.equal(diff.near('c.ts', 1, 1, 3), false, 'not changed');
  });

  it('reads the commented line from the end of a diff_hunk', () => {
    assert.equal(lastHunkLine('@@ -1 +1,2 @@\n one\n+two\n'), 'two');
    assert.equal(lastHunkLine('@@ -1 +1 @@'), undefined);
  });
});

const found = (fields: Partial<ReviewCommentDraft>): GroundedFinding => {
  const d = draft(fields);
  return {
    draft: d,
    fp: `${d.path}${d.line}`.padEnd(16, '0'),
    title: d.body,
    code: 'x',
    checks: ['checked'],
  };
};
const options = { prDiff: diff, minSeverity: 'nit' as const, maxInline: 20 };

describe('placeFindings', () => {
  it('puts diff lines inline with why-flagged, keeps a multi-line range within one hunk, folds the rest', () => {
    const placed = placeFindings(
      [
        found({ line: 3, startLine: 1 }),
        found({ line: 21, startLine: 3, body: 'spans two hunks' }),
        found({ line: 10, body: 'between hunks' }),
        found({ path: 'c.ts', line: 1, body: 'file not in the diff' }),
      ],
      options,
    );
    assert.equal(placed.inline.length, 1);
    const [only] = placed.inline;
    assert.deepEqual(
      { ...only, body: undefined },
      {
        path: 'a.ts',
        line: 3,
        side: 'RIGHT',
        start_line: 1,
        start_side: 'RIGHT',
        body: undefined,
      },
    );
    assert.match(
      only!.body,
      /^Problem\.\n\n<details><summary>Why flagged · how checked<\/summary>\n\n\*\*Why flagged:\*\* the reviewer raised it as suggestion, rule “Problem”\.\n\*\*How checked:\*\* checked\.\n\n<\/details>$/,
    );
    assert.deepEqual(
      placed.folded.map((c) => c.draft.body),
      ['between hunks', 'spans two hunks', 'file not in the diff'],
    );
    assert.equal(placed.repeated, 0);
  });

  it('keeps below review-min-severity and over max-review-comments out of the inline comments, blocking first', () => {
    const placed = placeFindings(
      [
        found({ line: 1, severity: 'nit', body: 'nit' }),
        found({ line: 2, severity: 'suggestion', body: 'suggestion' }),
        found({ line: 3, severity: 'blocking', body: 'blocking' }),
        found({ line: 4, severity: 'suggestion', body: 'another' }),
      ],
      { ...options, minSeverity: 'suggestion', maxInline: 2 },
    );
    assert.deepEqual(
      placed.inlineFindings.map((f) => f.draft.body),
      ['blocking', 'suggestion'],
    );
    assert.deepEqual(
      placed.overflow.map((f) => f.draft.body),
      ['another'],
    );
    assert.deepEqual(
      placed.below.map((f) => f.draft.body),
      ['nit'],
    );
  });

  it('drops a comment made before on the same line content with the same words, and twice in one review', () => {
    const blocking = found({ line: 21, body: 'Handle  the error.', severity: 'blocking' });
    const earlier = [
      {
        path: 'a.ts',
        body: '**Blocking:** Handle the error.\n\n<details><summary>Why</summary>x</details>',
        lineContent: 'twenty-one',
      },
    ];
    const placed = placeFindings([blocking, found({ line: 2 }), found({ line: 2 })], { ...options, earlier });
    assert.equal(placed.repeated, 2);
    assert.deepEqual(
      placed.inline.map((c) => c.line),
      [2],
    );
  });

  it('repeats a comment whose line content changed since', () => {
    const earlier = [{ path: 'a.ts', body: 'Problem.', lineContent: 'twenty-one (old)' }];
    assert.equal(placeFindings([found({ line: 21 })], { ...options, earlier }).inline.length, 1);
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
