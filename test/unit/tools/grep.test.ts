import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { createDefaultRegistry } from '../../../src/tools/default-registry.js';
import type { GrepBackendName } from '../../../src/tools/grep-backends.js';
import { expandBraces } from '../../../src/tools/grep-backends.js';
import type { ToolRegistry } from '../../../src/tools/registry.js';
import { runTool } from '../../helpers/run-tool.js';
import { createTempWorkspace, type TempWorkspace } from '../../helpers/temp-workspace.js';

const files = {
  '.gitignore': 'dist/\n',
  'src/app.ts': 'import x from "y";\nexport function handleLogin() {\n  return TODO;\n}\n',
  'src/util.tsx': 'export const TODO = 1;\n',
  'docs/guide.md': 'Call handleLogin() first.\n',
  'node_modules/dep/index.js': 'function handleLogin() {}\n',
  'dist/bundle.js': 'function handleLogin() {}\n',
};

function hasRipgrep(): boolean {
  try {
    execFileSync('rg', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const backends: GrepBackendName[] = ['git-grep', 'js', ...(hasRipgrep() ? (['rg'] as const) : [])];

for (const backend of backends) {
  for (const git of [true, false]) {
    describe(`grep with ${backend} backend, ${git ? 'in a git repo' : 'no repo'}`, () => {
      let ws: TempWorkspace;
      let registry: ToolRegistry;
      const logs: string[] = [];
      const grep = (args: Record<string, unknown>) => runTool(registry, 'grep', args);

      before(async () => {
        ws = await createTempWorkspace(files, { git });
        await ws.write('src/new-file.ts', 'const fresh = handleLogin();\n');
        await ws.write('src/blob.bin', Buffer.from('handleLogin\0\x01\x02'));
        registry = createDefaultRegistry({
          workspace: ws.root,
          policy: ws.policy,
          readTracker: ws.readTracker,
          grepBackends: [backend],
          log: (m) => logs.push(m),
        });
      });
      after(() => ws.cleanup());

      it('returns sorted path:line:text, skipping node_modules, gitignored and binary files', async () => {
        const result = await grep({ pattern: 'handleLogin\\(' });
        assert.equal(result.isError, false, result.output);
        // Outside a work tree only git itself can read .gitignore; the JS walk then skips just the built-ins.
        const ignoredToo = !git && backend === 'js' ? ['dist/bundle.js:1:function handleLogin() {}'] : [];
        assert.deepEqual(result.output.split('\n'), [
          ...ignoredToo,
          'docs/guide.md:1:Call handleLogin() first.',
          'src/app.ts:2:export function handleLogin() {',
          'src/new-file.ts:1:const fresh = handleLogin();',
        ]);
        assert.equal(result.meta.backend, backend);
      });

      it('filters by include glob, with braces, and by path (folder or file)', async () => {
        assert.deepEqual((await grep({ pattern: 'TODO', include: '*.ts' })).output.split('\n'), [
          'src/app.ts:3:  return TODO;',
        ]);
        assert.deepEqual((await grep({ pattern: 'TODO', include: '*.{ts,tsx}' })).output.split('\n'), [
          'src/app.ts:3:  return TODO;',
          'src/util.tsx:1:export const TODO = 1;',
        ]);
        assert.equal(
          (await grep({ pattern: 'handleLogin', path: 'docs' })).output,
          'docs/guide.md:1:Call handleLogin() first.',
        );
        assert.equal(
          (await grep({ pattern: 'TODO', path: 'src/util.tsx' })).output,
          'src/util.tsx:1:export const TODO = 1;',
        );
      });

      it('treats no match as an ordinary result', async () => {
        const result = await grep({ pattern: 'no_such_symbol_anywhere', path: 'src' });
        assert.equal(result.isError, false);
        assert.equal(result.output, 'No matches for "no_such_symbol_anywhere" in src.');
      });

      it('returns an invalid regex as an error result', async () => {
        const result = await grep({ pattern: 'handleLogin(' });
        assert.equal(result.isError, true);
        assert.match(result.output, /^Invalid pattern or search: /);
      });

      it('caps at 200 lines with a note on narrowing', async () => {
        await ws.write('src/many.txt', Array.from({ length: 250 }, (_, i) => `needle ${i}`).join('\n'));
        const lines = (await grep({ pattern: '^needle \\d+$' })).output.split('\n');
        assert.equal(lines.length, 201);
        assert.equal(lines[0], 'src/many.txt:1:needle 0');
        assert.match(lines[200] ?? '', /^\[showing the first 200 matches; narrow with path, include/);
      });

      it('refuses paths outside the workspace', async () => {
        const result = await grep({ pattern: 'root', path: '/etc' });
        assert.equal(result.meta.status, 'denied');
      });

      it('logged the backend once', () => {
        assert.equal(logs.length, 1);
        assert.match(logs[0] ?? '', new RegExp(`^grep backend: ${backend}`));
      });
    });
  }
}

describe('grep backend choice', () => {
  it('falls back when ripgrep is missing and says why, once', async (t) => {
    if (hasRipgrep()) return t.skip('ripgrep is installed here');
    const ws = await createTempWorkspace({ 'a.txt': 'hello\n' });
    const logs: string[] = [];
    const registry = createDefaultRegistry({
      workspace: ws.root,
      grepBackends: ['rg', 'git-grep'],
      log: (m) => logs.push(m),
    });
    const first = await runTool(registry, 'grep', { pattern: 'hel+o' });
    await runTool(registry, 'grep', { pattern: 'hello' });
    await ws.cleanup();
    assert.equal(first.output, 'a.txt:1:hello');
    assert.deepEqual(logs, ['grep backend: git-grep (ripgrep is not on PATH)']);
  });

  it('expands braces for backends without them', () => {
    assert.deepEqual(expandBraces('*.{ts,tsx}'), ['*.ts', '*.tsx']);
    assert.deepEqual(expandBraces('{a,b}/*.{c,d}'), ['a/*.c', 'a/*.d', 'b/*.c', 'b/*.d']);
  });
});
