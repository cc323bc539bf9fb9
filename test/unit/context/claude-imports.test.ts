import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { claudeImports } from '../../../src/context/claude-imports.js';

describe('claudeImports', () => {
  it('resolves imports relative to the importing file, in order, each once', () => {
    const text = [
      'See @docs/style.md and @../shared/rules.md.',
      '@AGENTS.md',
      'Again @docs/style.md, and a mention of @alice that is no import.',
      'mail me at someone@example.com',
    ].join('\n');
    assert.deepEqual(claudeImports(text, 'packages/api/CLAUDE.md'), [
      { kind: 'inside', written: 'docs/style.md', path: 'packages/api/docs/style.md' },
      { kind: 'inside', written: '../shared/rules.md', path: 'packages/shared/rules.md' },
      { kind: 'inside', written: 'AGENTS.md', path: 'packages/api/AGENTS.md' },
    ]);
  });

  it('refuses paths outside the repository instead of following them', () => {
    const found = claudeImports('@~/.claude/mine.md @/etc/passwd @../../secrets.md', 'CLAUDE.md');
    assert.deepEqual(
      found.map((f) => [f.kind, f.written, f.kind === 'outside' ? f.why : f.path]),
      [
        ['outside', '~/.claude/mine.md', 'a path in the home folder'],
        ['outside', '/etc/passwd', 'an absolute path'],
        ['outside', '../../secrets.md', 'a path outside the repository'],
      ],
    );
  });

  it('ignores @ inside code spans and fenced blocks', () => {
    const text =
      'Run `npm i @scope/pkg.js` first.\n```\n@docs/not-an-import.md\n```\n~~~\n@x/y.md\n~~~\n@real.md';
    assert.deepEqual(
      claudeImports(text, 'CLAUDE.md').map((f) => f.written),
      ['real.md'],
    );
  });
});
