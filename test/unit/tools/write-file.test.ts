import assert from 'node:assert/strict';
import { readFile, stat, symlink } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createDefaultRegistry } from '../../../src/tools/default-registry.js';
import type { ToolRegistry } from '../../../src/tools/registry.js';
import { runTool } from '../../helpers/run-tool.js';
import {
  changeBehindTheAgentsBack,
  createTempWorkspace,
  type TempWorkspace,
} from '../../helpers/temp-workspace.js';

describe('write_file', () => {
  let ws: TempWorkspace;
  let outside: TempWorkspace;
  let registry: ToolRegistry;
  const write = (args: Record<string, unknown>) => runTool(registry, 'write_file', args);
  const read = (p: string) => runTool(registry, 'read_file', { path: p });
  const onDisk = (p: string) => readFile(path.join(ws.root, p), 'utf8');

  before(async () => {
    ws = await createTempWorkspace({ 'existing.txt': 'original\n', 'conflict.txt': 'v1\n' });
    outside = await createTempWorkspace({ 'target.txt': 'outside\n' });
    await symlink(path.join(outside.root, 'target.txt'), path.join(ws.root, 'escape.txt'));
    registry = createDefaultRegistry({ workspace: ws.root, policy: ws.policy, readTracker: ws.readTracker });
  });
  after(async () => {
    await ws.cleanup();
    await outside.cleanup();
  });

  it('creates a new file and its parent folders', async () => {
    const result = await write({ path: 'deep/er/new.ts', content: 'a\nb\n' });
    assert.equal(result.isError, false);
    assert.equal(result.output, 'Created deep/er/new.ts (2 lines).');
    assert.equal(await onDisk('deep/er/new.ts'), 'a\nb\n');
  });

  it('lets the agent overwrite its own write without a read (its write is recorded)', async () => {
    const result = await write({ path: 'deep/er/new.ts', content: 'c\n' });
    assert.equal(result.output, 'Replaced deep/er/new.ts (1 lines).');
  });

  it('refuses to overwrite an existing file that was never read', async () => {
    const result = await write({ path: 'existing.txt', content: 'clobbered' });
    assert.equal(result.isError, true);
    assert.match(result.output, /^existing\.txt exists and has not been read\. Read it first/);
    assert.equal(await onDisk('existing.txt'), 'original\n');
    assert.equal((await read('existing.txt')).isError, false);
    assert.equal((await write({ path: 'existing.txt', content: 'replaced\n' })).isError, false);
    assert.equal(await onDisk('existing.txt'), 'replaced\n');
  });

  it('refuses a write when the file changed on disk after the read, until it is read again', async () => {
    await read('conflict.txt');
    await changeBehindTheAgentsBack(path.join(ws.root, 'conflict.txt'), 'v2 from a human\n');
    const refused = await write({ path: 'conflict.txt', content: 'v3\n' });
    assert.match(refused.output, /changed on disk since you last read it\. Read it again/);
    assert.equal(await onDisk('conflict.txt'), 'v2 from a human\n');
    await read('conflict.txt');
    assert.equal((await write({ path: 'conflict.txt', content: 'v3\n' })).isError, false);
  });

  it('refuses workflows, git hooks and symlinks leading outside, as denied', async () => {
    const workflow = await write({ path: '.github/workflows/evil.yml', content: 'on: push' });
    assert.equal(workflow.meta.status, 'denied');
    assert.match(workflow.output, /rule workflows/);
    const hook = await write({ path: '.git/hooks/pre-commit', content: '#!/bin/sh' });
    assert.match(hook.output, /rule git-hooks/);
    const escaped = await write({ path: 'escape.txt', content: 'pwned' });
    assert.match(escaped.output, /rule outside-workspace/);
    assert.equal(await readFile(path.join(outside.root, 'target.txt'), 'utf8'), 'outside\n');
    await assert.rejects(stat(path.join(ws.root, '.github')));
  });

  it('refuses to write over a folder', async () => {
    const result = await write({ path: 'deep', content: 'x' });
    assert.match(result.output, /deep is a directory/);
  });
});
