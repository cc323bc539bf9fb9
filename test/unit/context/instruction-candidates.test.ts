import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { instructionCandidates } from '../../../src/context/instruction-candidates.js';

const TREE = [
  'src/index.ts',
  'GEMINI.md',
  'CLAUDE.md',
  'AGENTS.md',
  '.github/copilot-instructions.md',
  '.github/instructions/ts.instructions.md',
  '.github/instructions/deep/py.instructions.md',
  '.github/instructions/readme.md',
  'REVIEW.md',
  '.cursor/BUGBOT.md',
  'packages/api/AGENTS.md',
  'packages/api/CLAUDE.md',
  'packages/api/.cursor/BUGBOT.md',
  'docs/agents/style.md',
];

const summary = (list: ReturnType<typeof instructionCandidates>) =>
  list.map(
    (c) =>
      `${c.path}: ${c.scope.kind}${'dir' in c.scope ? ` ${c.scope.dir}` : ''}${'why' in c.scope ? ` (${c.scope.why})` : ''}`,
  );

describe('instructionCandidates', () => {
  it('orders a change run’s files as documented and keeps the review files out', () => {
    assert.deepEqual(summary(instructionCandidates(TREE, { kind: 'auto' }, false)), [
      'AGENTS.md: always',
      'REVIEW.md: not-used (it is read in review runs only)',
      '.cursor/BUGBOT.md: not-used (it is read in review runs only)',
      'CLAUDE.md: always',
      '.github/copilot-instructions.md: always',
      'GEMINI.md: always',
      '.github/instructions/deep/py.instructions.md: apply-to',
      '.github/instructions/ts.instructions.md: apply-to',
      'packages/api/.cursor/BUGBOT.md: not-used (it is read in review runs only)',
      'packages/api/AGENTS.md: folder packages/api',
      'packages/api/CLAUDE.md: folder packages/api',
    ]);
  });

  it('reads REVIEW.md and the BUGBOT.md files in review runs, right after AGENTS.md', () => {
    const review = summary(instructionCandidates(TREE, { kind: 'auto' }, true));
    assert.deepEqual(review.slice(0, 3), [
      'AGENTS.md: always',
      'REVIEW.md: always',
      '.cursor/BUGBOT.md: always',
    ]);
    assert.ok(review.includes('packages/api/.cursor/BUGBOT.md: folder packages/api'));
  });

  it('lists every file as not used with `none`', () => {
    const none = instructionCandidates(TREE, { kind: 'none' }, false);
    assert.equal(none.length, 11);
    assert.ok(none.every((c) => c.scope.kind === 'not-used' && /`none`/.test(c.scope.why)));
  });

  it('takes only the files globs match, in the globs’ order, and lists the usual ones it left out', () => {
    const chosen = summary(
      instructionCandidates(
        TREE,
        { kind: 'globs', globs: ['docs/agents/*.md', 'AGENTS.md', '**/AGENTS.md', 'REVIEW.md'] },
        false,
      ),
    );
    assert.deepEqual(chosen.slice(0, 4), [
      'docs/agents/style.md: always',
      'AGENTS.md: always',
      'packages/api/AGENTS.md: folder packages/api',
      'REVIEW.md: always',
    ]);
    assert.ok(chosen.includes('CLAUDE.md: not-used (no glob of `instruction-files` matches it)'));
    assert.ok(!chosen.some((line) => line.startsWith('src/index.ts')));
  });
});
