/**
 * The three writing tools refuse a file that is a hard link: writing it would change its other
 * names too, here `.git/config` (which the action's own git reads, with the token at hand).
 * Commands can make such a link wherever no sandbox stops them.
 */
import assert from 'node:assert/strict';
import { link, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { createDefaultRegistry } from '../../../src/tools/default-registry.js';
import type { ToolRegistry } from '../../../src/tools/registry.js';
import { runTool } from '../../helpers/run-tool.js';
import { createTempWorkspace, type TempWorkspace } from '../../helpers/temp-workspace.js';

describe('write_file, edit_file and apply_patch on a hard link to .git/config', () => {
  let ws: TempWorkspace;
  let registry: ToolRegistry;
  let config: string;
  beforeEach(async () => {
    ws = await createTempWorkspace({ 'README.md': '# hi\n' }, { git: true });
    registry = createDefaultRegistry({ workspace: ws.root, policy: ws.policy, readTracker: ws.readTracker });
    config = await readFile(path.join(ws.root, '.git', 'config'), 'utf8');
    await link(path.join(ws.root, '.git', 'config'), path.join(ws.root, 'notes.ini'));
  });
  afterEach(() => ws.cleanup());

  it('refuses every write and leaves .git/config as it was', async () => {
    assert.equal((await runTool(registry, 'read_file', { path: 'notes.ini' })).isError, false);
    const attempts = [
      await runTool(registry, 'write_file', { path: 'notes.ini', content: '[core]\n\tfsmonitor = evil\n' }),
      await runTool(registry, 'edit_file', {
        path: 'notes.ini',
        old_string: '[core]',
        new_string: '[core]\n\tfsmonitor = evil',
      }),
      await runTool(registry, 'apply_patch', {
        patch: [
          '*** Begin Patch',
          '*** Update File: notes.ini',
          '@@',
          '-[core]',
          '+[core]',
          '+\tfsmonitor = evil',
          '*** End Patch',
        ].join('\n'),
      }),
    ];
    for (const result of attempts) {
      assert.equal(result.isError, true, result.output);
      assert.match(result.output, /rule hard-link/);
    }
    assert.equal(await readFile(path.join(ws.root, '.git', 'config'), 'utf8'), config);
  });
});
