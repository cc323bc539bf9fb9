import assert from 'node:assert/strict';
import { rm, symlink } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { MAX_GLOB_RESULTS } from '../../../src/limits.js';
import { createDefaultRegistry } from '../../../src/tools/default-registry.js';
import type { ToolRegistry } from '../../../src/tools/registry.js';
import { runTool } from '../../helpers/run-tool.js';
import { createTempWorkspace, type TempWorkspace } from '../../helpers/temp-workspace.js';

describe('glob', () => {
  let ws: TempWorkspace;
  let outside: TempWorkspace;
  let registry: ToolRegistry;
  const glob = (args: Record<string, unknown>) => runTool(registry, 'glob', args);

  before(async () => {
    ws = await createTempWorkspace(
      {
        '.gitignore': 'dist/\n*.log\n',
        'src/b.ts': '',
        'src/a.ts': '',
        'src/deep/c.ts': '',
        'src/readme.md': '',
        '.github/scripts/x.ts': '',
        'node_modules/pkg/index.ts': '',
        'dist/out.ts': '',
        'debug.log': '',
      },
      { git: true },
    );
    await ws.write('src/untracked.ts', '');
    outside = await createTempWorkspace({ 'elsewhere.ts': '' });
    await symlink(outside.root, path.join(ws.root, 'linked'));
    registry = createDefaultRegistry({ workspace: ws.root, policy: ws.policy, readTracker: ws.readTracker });
  });
  after(async () => {
    await ws.cleanup();
    await outside.cleanup();
  });

  it('matches ** across folders, sorted, skipping .git, node_modules, gitignored files and symlinked folders', async () => {
    const result = await glob({ pattern: '**/*.ts' });
    assert.equal(result.isError, false);
    assert.deepEqual(result.output.split('\n'), [
      '.github/scripts/x.ts',
      'src/a.ts',
      'src/b.ts',
      'src/deep/c.ts',
      'src/untracked.ts',
    ]);
    assert.equal((await glob({ pattern: '**/*.log' })).output, 'No files match "**/*.log".');
  });

  it('searches below path and still returns workspace-relative paths', async () => {
    const result = await glob({ pattern: '*.ts', path: 'src' });
    assert.deepEqual(result.output.split('\n'), ['src/a.ts', 'src/b.ts', 'src/untracked.ts']);
  });

  it('refuses patterns that climb out and paths outside the workspace', async () => {
    assert.match((await glob({ pattern: '../**/*' })).output, /may not leave the search folder/);
    const outsidePath = await glob({ pattern: '*', path: outside.root });
    assert.equal(outsidePath.meta.status, 'denied');
    assert.match((await glob({ pattern: '*', path: 'src/a.ts' })).output, /src\/a\.ts is not a folder/);
  });

  it('caps the list at 1000 with a note', async () => {
    for (let i = 0; i < MAX_GLOB_RESULTS + 5; i++)
      await ws.write(`many/f${String(i).padStart(4, '0')}.txt`, '');
    const result = await glob({ pattern: 'many/*.txt' });
    const lines = result.output.split('\n');
    assert.equal(lines.length, MAX_GLOB_RESULTS + 1);
    assert.equal(lines.at(-1), '[showing 1000 of 1005 files; narrow the pattern or path]');
    assert.equal(result.meta.count, 1005);
  });

  it('lists what git lists: not a tracked file deleted from disk, negations kept, special folder names', async () => {
    const repo = await createTempWorkspace(
      {
        '.gitignore': 'logs/*\n!logs/keep.log\n',
        'gone.ts': '',
        'kept.ts': '',
        'logs/keep.log': '',
        'logs/drop.log': '',
        'odd[1]/x.ts': '',
      },
      { git: true },
    );
    try {
      await rm(path.join(repo.root, 'gone.ts'));
      const tools = createDefaultRegistry({
        workspace: repo.root,
        policy: repo.policy,
        readTracker: repo.readTracker,
      });
      const run = (args: Record<string, unknown>) => runTool(tools, 'glob', args);
      assert.deepEqual((await run({ pattern: '**/*' })).output.split('\n'), [
        '.gitignore',
        'kept.ts',
        'logs/keep.log',
        'odd[1]/x.ts',
      ]);
      assert.equal((await run({ pattern: '*.ts', path: 'odd[1]' })).output, 'odd[1]/x.ts');
    } finally {
      await repo.cleanup();
    }
  });
});
