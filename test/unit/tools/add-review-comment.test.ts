/** `add_review_comment` records comments and says at once whether they will be inline. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { diffLines } from '../../../src/outputs/diff-lines.js';
import type { ReviewCommentDraft } from '../../../src/outputs/review-comments.js';
import { createAddReviewCommentTool } from '../../../src/tools/add-review-comment.js';
import { invokeTool } from '../../../src/tools/invoke.js';
import { ToolRegistry } from '../../../src/tools/registry.js';

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
  const registry = new ToolRegistry([createAddReviewCommentTool({ diff, comments })]);
  const call = (args: unknown) =>
    invokeTool(
      registry,
      { id: 'c', name: 'add_review_comment', arguments: JSON.stringify(args) },
      new AbortController().signal,
    );
  return { comments, call, registry };
}

describe('add_review_comment', () => {
  it('is read-only and records an inline comment with its severity', async () => {
    const { comments, call, registry } = setup();
    assert.equal(registry.get('add_review_comment')?.readOnly, true);
    const result = await call({
      path: './a.ts',
      start_line: 2,
      line: 3,
      body: 'Why?',
      severity: 'nit',
      suggestion: 'x',
    });
    assert.equal(result.isError, false);
    assert.match(result.output, /Recorded comment 1 on a\.ts:2-3; it will be posted inline/);
    assert.deepEqual(comments, [
      { path: 'a.ts', line: 3, startLine: 2, body: 'Why?', suggestion: 'x', severity: 'nit' },
    ]);
  });

  it('warns that a line outside the diff is folded into the body, and refuses a reversed range', async () => {
    const { comments, call } = setup();
    const outside = await call({ path: 'b.ts', line: 9, body: 'Elsewhere.' });
    assert.equal(outside.isError, false);
    assert.match(
      outside.output,
      /b\.ts:9 is not a line of the diff \(changed files: a\.ts\), so it will be folded/,
    );
    assert.equal(comments[0]?.severity, 'suggestion');
    const reversed = await call({ path: 'a.ts', start_line: 3, line: 2, body: 'x' });
    assert.equal(reversed.isError, true);
    assert.equal(comments.length, 1);
  });
});
