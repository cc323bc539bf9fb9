/**
 * The review a local `--mode review` writes: the action's placement (severity threshold, inline
 * cap, off-diff findings into the body), each inline comment under its `path:line`, the outcome's
 * first line counting the blocking findings, and the publish filter over everything written.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { renderLocalReview } from '../../../src/cli/local-review-report.js';
import type { ReviewCommentDraft } from '../../../src/findings/review-comment-draft.js';
import type { GroundedFinding } from '../../../src/findings/review-grounding.js';
import { splitDiff } from '../../../src/git/branch-diff.js';
import { diffLines } from '../../../src/github/diff-lines.js';

// A branch that added lines 2-5 of calc.js.
const GIT_DIFF = [
  'diff --git a/calc.js b/calc.js',
  'index 1111111..2222222 100644',
  '--- a/calc.js',
  '+++ b/calc.js',
  '@@ -1,2 +1,6 @@',
  ' const a = 1;',
  '+const b = a / 0;',
  '+const c = b + 1;',
  '+var d = 2;',
  '+const e = d;',
  ' module.exports = a;',
  '',
].join('\n');
const diff = diffLines(splitDiff(GIT_DIFF));

const finding = (fields: Partial<ReviewCommentDraft>): GroundedFinding => {
  const draft: ReviewCommentDraft = {
    path: 'calc.js',
    line: 2,
    body: 'Problem.',
    severity: 'suggestion',
    ...fields,
  };
  return {
    draft,
    fp: `fp-${draft.line}-${draft.severity}`,
    title: draft.body,
    code: 'x',
    checks: ['checked'],
  };
};

const render = (
  findings: GroundedFinding[],
  overrides: { minSeverity?: 'blocking' | 'suggestion' | 'nit'; maxComments?: number } = {},
) =>
  renderLocalReview({
    head: 'feature',
    base: 'main',
    findings,
    diff,
    minSeverity: overrides.minSeverity ?? 'nit',
    maxComments: overrides.maxComments ?? 20,
    summary: 'Two problems.',
    scope: 'Reviewed the local branch `feature` against `main`: 1 file.',
    noIssues: 'No issues in the 1 file changed on `feature`.',
    dropped: {},
    reviewers: undefined,
    stopReason: 'done',
    transcript: () => '<details><summary>Transcript</summary>turns</details>',
    publish: (markdown) => markdown.replace(/sk-secret/g, '***'),
  });

describe('splitDiff', () => {
  it('reads git diff output in the files API shape: name, status, counts and the hunks as the patch', () => {
    const [file] = splitDiff(GIT_DIFF);
    assert.equal(file?.filename, 'calc.js');
    assert.equal(file?.status, 'modified');
    assert.equal(file?.additions, 4);
    assert.equal(file?.deletions, 0);
    assert.ok(file?.patch?.startsWith('@@ -1,2 +1,6 @@'));
    const added = splitDiff(
      'diff --git a/n.txt b/n.txt\nnew file mode 100644\n--- /dev/null\n+++ b/n.txt\n@@ -0,0 +1 @@\n+x\n',
    );
    assert.deepEqual(
      added.map((f) => [f.filename, f.status]),
      [['n.txt', 'added']],
    );
    const binary = splitDiff(
      'diff --git a/i.png b/i.png\nnew file mode 100644\nBinary files /dev/null and b/i.png differ\n',
    );
    assert.deepEqual(binary, [{ filename: 'i.png', status: 'added', additions: 0, deletions: 0 }]);
  });
});

describe('renderLocalReview', () => {
  const blocking = finding({ line: 2, severity: 'blocking', body: 'Division by zero.' });
  const suggestion = finding({ line: 3, startLine: 2, severity: 'suggestion', body: 'Name it.' });
  const nit = finding({ line: 4, severity: 'nit', body: 'Use const.' });
  const offDiff = finding({ line: 20, severity: 'suggestion', body: 'Export b too.' });

  it('puts each inline comment under its path:line, most severe first, and counts the blocking ones', () => {
    const review = render([nit, suggestion, blocking]);
    assert.deepEqual(
      review.inline.map((c) => [c.path, c.startLine, c.line, c.severity]),
      [
        ['calc.js', undefined, 2, 'blocking'],
        ['calc.js', 2, 3, 'suggestion'],
        ['calc.js', undefined, 4, 'nit'],
      ],
    );
    assert.equal(review.blocking, 1);
    assert.equal(review.counts, '1 blocking · 1 suggestion · 1 nit');
    assert.match(review.markdown, /^# Review of `feature` against `main`/);
    assert.match(review.markdown, /### `calc\.js:2` \(blocking\)\n\n\*\*Blocking:\*\* Division by zero\./);
    assert.match(review.markdown, /### `calc\.js:2-3` \(suggestion\)\n\nName it\./);
    assert.match(review.markdown, /Why flagged · how checked/);
    assert.ok(review.markdown.indexOf('Two problems.') < review.markdown.indexOf('## Inline comments (3)'));
    assert.ok(review.markdown.trimEnd().endsWith('</details>'), 'the transcript comes last');
  });

  it('keeps findings below --review-min-severity out of the inline comments, listed in the body', () => {
    const review = render([nit, suggestion, blocking], { minSeverity: 'suggestion' });
    assert.deepEqual(
      review.inline.map((c) => c.severity),
      ['blocking', 'suggestion'],
    );
    assert.equal(review.findings, 3);
    assert.match(review.markdown, /1 finding below `review-min-severity` \(suggestion\)/);
    assert.match(review.markdown, /- `calc\.js:4` \*\*Nit:\*\* Use const\./);
  });

  it('caps the inline comments at --max-review-comments and lists the rest in the body', () => {
    const review = render([nit, suggestion, blocking], { maxComments: 1 });
    assert.deepEqual(
      review.inline.map((c) => c.line),
      [2],
    );
    assert.match(review.markdown, /### Over the limit of 1 inline comments \(`max-review-comments`\)/);
    assert.match(review.markdown, /## Inline comments \(1\)/);
  });

  it('lists a finding off the diff lines in the body, and no blocking finding means a plain reviewed line', () => {
    const review = render([offDiff]);
    assert.deepEqual(review.inline, []);
    assert.equal(review.blocking, 0);
    assert.match(review.markdown, /### Comments on lines outside the diff\n\n- `calc\.js:20` Export b too\./);
    assert.match(review.markdown, /## Inline comments \(0\)\n\n_None\._/);
  });

  it('sends what it writes through the publish filter', () => {
    const review = render([finding({ line: 2, body: 'The key sk-secret is in the code.' })]);
    assert.doesNotMatch(review.markdown, /sk-secret/);
    assert.doesNotMatch(review.inline[0]!.body, /sk-secret/);
  });
});
