import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
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

describe('edit_file', () => {
  let ws: TempWorkspace;
  let registry: ToolRegistry;
  const edit = (args: Record<string, unknown>) => runTool(registry, 'edit_file', args);
  const read = (p: string) => runTool(registry, 'read_file', { path: p });
  const onDisk = (p: string) => readFile(path.join(ws.root, p), 'utf8');

  before(async () => {
    ws = await createTempWorkspace({
      'a.ts': 'const x = 1;\nconst y = 2;\nlog(x);\nlog(x);\nlog(x);\n',
      'unread.ts': 'let z = 0;\n',
      'crlf.txt': 'one\r\ntwo\r\nthree\r\n',
      'race.ts': 'let v = 1;\n',
    });
    registry = createDefaultRegistry({ workspace: ws.root, policy: ws.policy, readTracker: ws.readTracker });
  });
  after(() => ws.cleanup());

  it('refuses to edit a file that was never read', async () => {
    const result = await edit({ path: 'unread.ts', old_string: 'z = 0', new_string: 'z = 1' });
    assert.equal(result.isError, true);
    assert.match(result.output, /has not been read\. Read it first/);
    assert.equal(await onDisk('unread.ts'), 'let z = 0;\n');
  });

  it('replaces a unique occurrence and says where', async () => {
    await read('a.ts');
    const result = await edit({ path: 'a.ts', old_string: 'const y = 2;', new_string: 'const y = 3;' });
    assert.equal(result.output, 'Edited a.ts: 1 replacement, first at line 2.');
    assert.equal(await onDisk('a.ts'), 'const x = 1;\nconst y = 3;\nlog(x);\nlog(x);\nlog(x);\n');
  });

  it('reports zero matches with the closest region, numbered, so the next call can copy it', async () => {
    const result = await edit({ path: 'a.ts', old_string: 'const y = 4;', new_string: 'const y = 9;' });
    assert.match(result.output, /^old_string not found in a\.ts, even ignoring whitespace/);
    assert.match(result.output, /The closest region is line 2 \(copy it exactly[^\n]*\n2→const y = 3;/);
    assert.equal(await onDisk('a.ts'), 'const x = 1;\nconst y = 3;\nlog(x);\nlog(x);\nlog(x);\n');
  });

  it('reports how many times an ambiguous old_string occurs, and replace_all replaces them all', async () => {
    const ambiguous = await edit({ path: 'a.ts', old_string: 'log(x);', new_string: 'log(y);' });
    assert.match(
      ambiguous.output,
      /^old_string found 3 times in a\.ts, at lines 3, 4, 5; add surrounding context .* or set replace_all/,
    );
    const all = await edit({ path: 'a.ts', old_string: 'log(x);', new_string: 'log(y);', replace_all: true });
    assert.equal(all.output, 'Edited a.ts: 3 replacements, first at line 3.');
    assert.equal(await onDisk('a.ts'), 'const x = 1;\nconst y = 3;\nlog(y);\nlog(y);\nlog(y);\n');
  });

  it('refuses identical old and new strings, and empty old strings', async () => {
    assert.match((await edit({ path: 'a.ts', old_string: 'x', new_string: 'x' })).output, /identical/);
    assert.match(
      (await edit({ path: 'a.ts', old_string: '', new_string: 'x' })).output,
      /old_string is empty/,
    );
  });

  it('inserts replacement text literally ($& is not a pattern)', async () => {
    await edit({ path: 'a.ts', old_string: 'const x = 1;', new_string: "const x = '$&$1';" });
    assert.match(await onDisk('a.ts'), /^const x = '\$&\$1';\n/);
  });

  it('matches \\n against CRLF files and keeps CRLF', async () => {
    await read('crlf.txt');
    const result = await edit({ path: 'crlf.txt', old_string: 'one\ntwo', new_string: 'uno\ndos' });
    assert.equal(result.isError, false);
    assert.equal(await onDisk('crlf.txt'), 'uno\r\ndos\r\nthree\r\n');
  });

  it('refuses an edit after an external change between read and edit', async () => {
    await read('race.ts');
    await changeBehindTheAgentsBack(path.join(ws.root, 'race.ts'), 'let v = 42; // a human was here\n');
    const result = await edit({ path: 'race.ts', old_string: 'let v', new_string: 'const v' });
    assert.match(result.output, /changed on disk since you last read it/);
    assert.equal(await onDisk('race.ts'), 'let v = 42; // a human was here\n');
  });

  it('tells the model to use write_file for a missing file', async () => {
    const result = await edit({ path: 'missing.ts', old_string: 'a', new_string: 'b' });
    assert.match(result.output, /^File not found: missing\.ts\. To create it use write_file/);
  });
});
