/**
 * `add_review_comment` checks each comment against the reviewed head at once: it records the
 * ones that hold (saying whether they go inline), and refuses the others with the reason and, for
 * a misplaced quote, the line the code is really on; refusals are recorded for the review's count.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ReviewCommentDraft } from '../../../src/findings/review-comment-draft.js';
import { diffLines } from '../../../src/github/diff-lines.js';
import { createAddReviewCommentTool, type RejectedComment } from '../../../src/tools/add-review-comment.js';
import { invokeTool } from '../../../src/tools/invoke.js';
import { ToolRegistry } from '../../../src/tools/registry.js';

const A_TS = `${['one', 'two', 'three', ...Array.from({ length: 20 }, (_, i) => `line ${i + 4}`)].join('\n')}\n`;
const FILES: Record<string, string> = { 'a.ts': A_TS, 'b.ts': 'bee\n' };

// The pull request's diff: lines 1-3 of a.ts (2 and 3 added); the diff under review is the same.
const diff = diffLines([
  {
    filename: 'a.ts',
    status: 'modified',
    additions: 2,
    deletions: 0,
    patch: '@@ -1 +1,3 @@\n one\n+two\n+three',
  },
]);

function setup() {
  const comments: ReviewCommentDraft[] = [];
  const rejected: RejectedComment[] = [];
  const tool = createAddReviewCommentTool({
    diff,
    reviewed: diff,
    head: 'a'.repeat(40),
    readFile: async (file) => FILES[file],
    comments,
    rejected,
    reviewer: 'security',
  });
  const registry = new ToolRegistry([tool]);
  const call = (args: unknown) =>
    invokeTool(
      registry,
      { id: 'c', name: 'add_review_comment', arguments: JSON.stringify(args) },
      new AbortController().signal,
    );
  return { comments, rejected, call, registry };
}

describe('add_review_comment', () => {
  it('is read-only and records an inline comment with its severity, quote, title and reviewer', async () => {
    const { comments, call, registry } = setup();
    assert.equal(registry.get('add_review_comment')?.readOnly, true);
    const result = await call({
      path: './a.ts',
      start_line: 2,
      line: 3,
      body: 'Why?',
      severity: 'nit',
      suggestion: 'x',
      quote: 'two',
      title: 'unclear numbers',
    });
    assert.equal(result.isError, false, result.output);
    assert.match(result.output, /Recorded comment 1 on a\.ts:2-3; it will be posted inline/);
    assert.deepEqual(comments, [
      {
        path: 'a.ts',
        line: 3,
        startLine: 2,
        body: 'Why?',
        suggestion: 'x',
        severity: 'nit',
        quote: 'two',
        title: 'unclear numbers',
        reviewer: 'security',
      },
    ]);
  });

  it('records a line next to the diff but not in it, to be listed in the body', async () => {
    const { comments, call } = setup();
    const near = await call({ path: 'a.ts', line: 6, body: 'Near the change.', quote: 'line 6' });
    assert.equal(near.isError, false, near.output);
    assert.match(near.output, /a\.ts:6 is not a line of the pull request's diff, so it will be listed/);
    assert.equal(comments[0]?.severity, 'suggestion');
  });

  it('refuses a quote that is not on the line and says where it is', async () => {
    const { comments, rejected, call } = setup();
    const result = await call({ path: 'a.ts', line: 2, body: 'Off by one.', quote: 'three' });
    assert.equal(result.isError, true);
    assert.match(
      result.output,
      /Not recorded: the quoted code was not there \(a\.ts:2\)\. That code is at line 3/,
    );
    const nowhere = await call({ path: 'a.ts', line: 2, body: 'Invented.', quote: 'launchMissiles()' });
    assert.match(nowhere.output, /It is nowhere in a\.ts at aaaaaaa; quote the code exactly/);
    assert.equal(comments.length, 0);
    assert.deepEqual(
      rejected.map((r) => r.reason),
      ['quote-not-there', 'quote-not-there'],
    );
  });

  it('refuses lines far from the diff, missing files and lines, bad suggestions and a reversed range', async () => {
    const { comments, rejected, call } = setup();
    const far = await call({ path: 'a.ts', line: 20, body: 'Unrelated.' });
    assert.match(far.output, /not in or next to the reviewed diff.*files: a\.ts/);
    const noFile = await call({ path: 'c.ts', line: 1, body: 'Gone.' });
    assert.match(noFile.output, /the file is not in the reviewed head/);
    const noLine = await call({ path: 'a.ts', line: 99, body: 'Past the end.' });
    assert.match(noLine.output, /past the end of the file/);
    const same = await call({ path: 'a.ts', line: 2, body: 'No-op.', suggestion: 'two' });
    assert.match(same.output, /the suggestion did not apply cleanly/);
    const duplicate = await call({
      path: 'a.ts',
      line: 2,
      body: 'Repeats line 3.',
      suggestion: 'TWO\nthree',
    });
    assert.match(duplicate.output, /the suggestion did not apply cleanly/);
    assert.deepEqual(
      rejected.map((r) => r.reason),
      ['off-diff', 'no-file', 'no-line', 'suggestion-does-not-apply', 'suggestion-does-not-apply'],
    );
    const reversed = await call({ path: 'a.ts', start_line: 3, line: 2, body: 'x' });
    assert.equal(reversed.isError, true);
    assert.equal(comments.length, 0);
  });
});
