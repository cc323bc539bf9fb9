/**
 * The reviewers' comments into the review's findings: grounded again, merged across reviewers
 * (most severe kept, every reviewer named), open and dismissed ones left out, and refusals
 * counted as dropped unless the reviewer made the comment again correctly.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AgentResult } from '../../../src/agent/loop.js';
import type { ReviewCommentDraft } from '../../../src/findings/review-comment-draft.js';
import { groundFinding } from '../../../src/findings/review-grounding.js';
import { diffLines } from '../../../src/github/diff-lines.js';
import type { ReviewerResult } from '../../../src/pipeline/review-agents.js';
import { checkFindings } from '../../../src/pipeline/review-findings.js';

const FILE = 'const a = 1;\nconst b = a / 0;\nconst c = b;\n';
const reviewed = diffLines([
  {
    filename: 'a.ts',
    status: 'added',
    additions: 3,
    deletions: 0,
    patch: '@@ -0,0 +1,3 @@\n+const a = 1;\n+const b = a / 0;\n+const c = b;',
  },
]);
const HEAD = 'd'.repeat(40);
const agent = {
  stopReason: 'done',
  summary: '',
  turns: 1,
  tokens: { prompt: 1, completion: 1, total: 2 },
  toolCalls: 0,
  messages: [],
} as AgentResult;

const draft = (fields: Partial<ReviewCommentDraft>): ReviewCommentDraft => ({
  path: 'a.ts',
  line: 2,
  body: 'Divides by zero.',
  severity: 'suggestion',
  title: 'division by zero',
  ...fields,
});

const result = (
  focus: ReviewerResult['focus'],
  comments: ReviewCommentDraft[],
  rejected: ReviewerResult['rejected'] = [],
): ReviewerResult => ({
  focus,
  agent,
  comments: comments.map((c) => ({ ...c, ...(focus ? { reviewer: focus } : {}) })),
  rejected,
});

const checks = (ledger = { open: [], dismissed: [] } as Parameters<typeof checkFindings>[1]['ledger']) => ({
  readFile: async (path: string) => (path === 'a.ts' ? FILE : undefined),
  reviewed,
  head: HEAD,
  ledger,
});

describe('checkFindings', () => {
  it('merges the same finding from several reviewers at its most severe, naming them all', async () => {
    const checked = await checkFindings(
      [
        result('correctness', [draft({})]),
        result('security', [draft({ severity: 'blocking', body: 'Crashes.' })]),
        result('tests', [draft({}), draft({ line: 3, title: 'unused' })]),
      ],
      checks(),
    );
    assert.deepEqual(
      checked.findings.map((f) => [f.draft.line, f.draft.severity, f.draft.body, f.draft.reviewer]),
      [
        [2, 'blocking', 'Crashes.', 'correctness, security and tests'],
        [3, 'suggestion', 'Divides by zero.', 'tests'],
      ],
    );
    assert.deepEqual(checked.dropped, {});
  });

  it('counts refusals as dropped unless made again, and leaves open and dismissed findings out', async () => {
    const open = groundFinding(draft({}), FILE, reviewed, HEAD);
    assert.equal(open.kind, 'grounded');
    const fp = open.kind === 'grounded' ? open.finding.fp : '';
    const checked = await checkFindings(
      [
        result(
          undefined,
          [
            draft({}),
            draft({ line: 3, title: 'unused', quote: 'const c' }),
            draft({ line: 1, title: 'naming' }),
          ],
          [
            { draft: draft({ line: 1, quote: 'const c', title: 'unused' }), reason: 'quote-not-there' },
            { draft: draft({ line: 1, quote: 'nothing', title: 'invented' }), reason: 'quote-not-there' },
            { draft: draft({ line: 9, title: 'far' }), reason: 'off-diff' },
            { draft: draft({}), reason: 'open' },
            { draft: draft({}), reason: 'dismissed' },
          ],
        ),
      ],
      checks({
        open: [{ fp, path: 'a.ts', line: 2, title: 'division by zero', severity: 'suggestion', code: 'x' }],
        dismissed: [{ fp: '0'.repeat(16), path: 'a.ts', title: 'naming' }],
      }),
    );
    assert.deepEqual(
      checked.findings.map((f) => f.draft.title),
      ['unused'],
    );
    assert.deepEqual(checked.dropped, { 'quote-not-there': 1, 'off-diff': 1 });
    assert.equal(checked.repeated, 2, 'one refused by the tool, one found by fingerprint');
    assert.equal(checked.dismissed, 2, 'one refused by the tool, one found by its rule on the file');
  });
});
