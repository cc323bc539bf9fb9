import assert from 'node:assert/strict';
import { readFile, symlink } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { sha256 } from '../../../src/safety/read-tracker.js';
import { createDefaultRegistry } from '../../../src/tools/default-registry.js';
import { FAILURE_HINT } from '../../../src/tools/invoke.js';
import type { ToolRegistry } from '../../../src/tools/registry.js';
import { runTool } from '../../helpers/run-tool.js';
import { createTempWorkspace, type TempWorkspace } from '../../helpers/temp-workspace.js';

describe('read_file', () => {
  let ws: TempWorkspace;
  let registry: ToolRegistry;
  const read = (args: Record<string, unknown>) => runTool(registry, 'read_file', args);

  before(async () => {
    const long = Array.from({ length: 2500 }, (_, i) => `line ${i + 1}`).join('\n');
    ws = await createTempWorkspace({
      'src/small.ts': 'const a = 1;\r\nconst b = 2;\nexport { a, b };\n',
      'big.txt': `${long}\n`,
      'wide.txt': `${'x'.repeat(5000)}\nshort\n`,
      'empty.txt': '',
    });
    await ws.write('image.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01]));
    await ws.write('huge.log', Buffer.alloc(11 * 1024 * 1024, 'a'));
    registry = createDefaultRegistry({ workspace: ws.root, policy: ws.policy, readTracker: ws.readTracker });
  });
  after(() => ws.cleanup());

  it('numbers lines "N→text" and states the total', async () => {
    const result = await read({ path: 'src/small.ts' });
    assert.equal(result.isError, false);
    assert.equal(result.output, '1→const a = 1;\n2→const b = 2;\n3→export { a, b };\n[3 lines]');
    assert.equal(result.meta.totalLines, 3);
  });

  it('records a snapshot so the file may be edited', async () => {
    // Self-contained: a file no other test reads, refused for writing until read_file sees it.
    const full = await ws.write('src/fresh.ts', 'export const fresh = 1;\r\n');
    assert.equal((await ws.readTracker.checkWrite(full)).kind, 'refused');
    assert.equal((await read({ path: 'src/fresh.ts' })).isError, false);
    assert.ok(ws.readTracker.get(`${ws.root}/src/small.ts`));
    // The snapshot is of the bytes on disk (CRLF kept), so an unchanged file may be written.
    assert.equal(ws.readTracker.get(full)?.sha256, sha256(await readFile(full)));
    assert.deepEqual(await ws.readTracker.checkWrite(full), { kind: 'clear' });
  });

  it('reads a 1-based window with offset/limit and says how to continue', async () => {
    const result = await read({ path: 'big.txt', offset: 10, limit: 3 });
    assert.equal(
      result.output,
      '10→line 10\n11→line 11\n12→line 12\n[lines 10-12 of 2500; continue with offset=13]',
    );
  });

  it('shows 2000 lines by default, padded to the widest number', async () => {
    const result = await read({ path: 'big.txt' });
    const lines = result.output.split('\n');
    assert.equal(lines[0], '   1→line 1');
    assert.equal(lines[1999], '2000→line 2000');
    assert.equal(lines[2000], '[lines 1-2000 of 2500; continue with offset=2001]');
  });

  it('cuts long lines', async () => {
    const result = await read({ path: 'wide.txt' });
    assert.match(result.output, /^1→x{2000}… \[line cut, 5000 chars\]\n2→short/);
  });

  it('refuses binary files, folders, missing files, huge files and offsets past the end', async () => {
    const binary = await read({ path: 'image.png' });
    assert.equal(binary.isError, true);
    assert.match(binary.output, /binary file \(NUL byte/);
    assert.match((await read({ path: 'src' })).output, /is a directory\. Use glob/);
    assert.match((await read({ path: 'nope.ts' })).output, /^File not found: nope\.ts/);
    assert.match((await read({ path: 'huge.log' })).output, /over the 10 MB limit/);
    const past = await read({ path: 'src/small.ts', offset: 9 });
    assert.match(past.output, /offset 9 is past the end of src\/small\.ts \(3 lines\)/);
    assert.ok(past.output.endsWith(FAILURE_HINT));
  });

  it('says when a file is empty', async () => {
    assert.equal((await read({ path: 'empty.txt' })).output, '[empty.txt is empty]');
  });

  it('refuses paths outside the workspace, /proc behind a symlink and .git internals, as denied', async () => {
    const result = await read({ path: '../../etc/passwd' });
    assert.equal(result.meta.status, 'denied');
    assert.match(result.output, /rule outside-workspace/);
    assert.match((await read({ path: '/etc/passwd' })).output, /rule outside-workspace/);
    await symlink('/proc/self/environ', path.join(ws.root, 'env'));
    const environ = await read({ path: 'env' });
    assert.equal(environ.meta.status, 'denied');
    assert.match(environ.output, /rule proc/);
    assert.match((await read({ path: '.git/config' })).output, /rule git-internals/);
  });
});
