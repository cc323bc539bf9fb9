import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { createDefaultRegistry } from '../../../src/tools/default-registry.js';
import type { ToolRegistry } from '../../../src/tools/registry.js';
import { runTool } from '../../helpers/run-tool.js';
import {
  changeBehindTheAgentsBack,
  createTempWorkspace,
  type TempWorkspace,
} from '../../helpers/temp-workspace.js';

const APP = `import { total } from './util.js';

export function main(items) {
  const sum = total(items);
  console.log('total', sum);
  return sum;
}
`;
const UTIL = `export function total(items) {
  let sum = 0;
  for (const item of items) sum += item.price;
  return sum;
}
`;
const TWINS = `function a() {
  step();
  done();
}

function b() {
  step();
  done();
}
`;

const FILES: Record<string, string> = {
  'src/app.js': APP,
  'src/util.js': UTIL,
  'src/twins.js': TWINS,
  'src/spaces.py': 'def run():   \n    first()  \n    second()\n',
  'crlf.ini': '[a]\r\nx = 1\r\ny = 2\r\n',
  'noeol.sh': 'echo one\necho two',
  'old.txt': 'obsolete\n',
  'unread.txt': 'never read\n',
  '.github/workflows/ci.yml': 'on: push\n',
};

const patch = (...lines: string[]) => ['*** Begin Patch', ...lines, '*** End Patch'].join('\n');

describe('apply_patch', () => {
  let ws: TempWorkspace;
  let registry: ToolRegistry;
  const apply = (text: string) => runTool(registry, 'apply_patch', { patch: text });
  const read = async (...paths: string[]) => {
    for (const p of paths)
      assert.equal((await runTool(registry, 'read_file', { path: p })).isError, false, p);
  };
  const onDisk = (p: string) => readFile(path.join(ws.root, p), 'utf8');
  const unchanged = async () => {
    for (const [name, content] of Object.entries(FILES)) assert.equal(await onDisk(name), content, name);
  };

  beforeEach(async () => {
    ws = await createTempWorkspace(FILES, { git: true });
    registry = createDefaultRegistry({ workspace: ws.root, policy: ws.policy, readTracker: ws.readTracker });
  });
  afterEach(() => ws.cleanup());

  it('is offered as a write tool with one argument', () => {
    const tool = registry.get('apply_patch');
    assert.equal(tool?.readOnly, false);
    const definition = registry.definitions().find((d) => d.function.name === 'apply_patch');
    assert.deepEqual(Object.keys(definition?.function.parameters.properties as object), ['patch']);
  });

  it('updates two files, adds, deletes and moves in one call', async () => {
    await read('src/app.js', 'src/util.js', 'old.txt');
    const result = await apply(
      patch(
        '*** Update File: src/app.js',
        '@@ export function main(items) {',
        '   const sum = total(items);',
        "-  console.log('total', sum);",
        '   return sum;',
        '*** Update File: src/util.js',
        '*** Move to: src/money.js',
        '@@',
        '   let sum = 0;',
        '-  for (const item of items) sum += item.price;',
        '+  for (const item of items) sum += item.price * (item.qty ?? 1);',
        '   return sum;',
        '*** Add File: src/money.test.js',
        "+import { total } from './money.js';",
        '+console.assert(total([{ price: 2, qty: 3 }]) === 6);',
        '*** Delete File: old.txt',
      ),
    );
    assert.equal(result.isError, false, result.output);
    assert.equal(
      result.output,
      'Applied the patch: Updated src/app.js (1 hunk); Moved src/util.js to src/money.js (1 hunk); Added src/money.test.js (2 lines); Deleted old.txt.',
    );
    assert.equal(await onDisk('src/app.js'), APP.replace("  console.log('total', sum);\n", ''));
    assert.equal(await onDisk('src/money.js'), UTIL.replace('item.price;', 'item.price * (item.qty ?? 1);'));
    assert.equal(existsSync(path.join(ws.root, 'src/util.js')), false);
    assert.equal(existsSync(path.join(ws.root, 'old.txt')), false);
    assert.match(
      await onDisk('src/money.test.js'),
      /^import \{ total \} from '\.\/money\.js';\nconsole\.assert/,
    );
    // The tool's own writes count as reads: the next patch of the same file needs no read_file.
    const again = await apply(
      patch('*** Update File: src/app.js', '@@', '-  return sum;', '+  return sum ?? 0;'),
    );
    assert.equal(again.isError, false, again.output);
  });

  it('refuses a file not read this run with edit_file’s message, and writes nothing', async () => {
    await read('src/app.js');
    const result = await apply(
      patch(
        '*** Update File: src/app.js',
        '@@',
        '-  return sum;',
        '+  return sum + 1;',
        '*** Update File: unread.txt',
        '@@',
        '-never read',
        '+read now',
      ),
    );
    assert.equal(result.isError, true);
    assert.match(
      result.output,
      /^Patch not applied; nothing was written\. unread\.txt exists and has not been read\. Read it first with read_file/,
    );
    await unchanged();
  });

  it('refuses a file changed on disk since it was read, and writes nothing', async () => {
    await read('src/app.js', 'src/util.js');
    await changeBehindTheAgentsBack(path.join(ws.root, 'src/util.js'), `${UTIL}// a human was here\n`);
    const result = await apply(
      patch(
        '*** Update File: src/app.js',
        '@@',
        '-  return sum;',
        '+  return 0;',
        '*** Delete File: src/util.js',
      ),
    );
    assert.match(result.output, /src\/util\.js changed on disk since you last read it/);
    assert.equal(await onDisk('src/app.js'), APP);
    assert.equal(await onDisk('src/util.js'), `${UTIL}// a human was here\n`);
  });

  it('refuses .git/ and workflow files by the path policy, before anything is written', async () => {
    await read('src/app.js');
    for (const target of ['.git/config', '.github/workflows/ci.yml']) {
      const result = await apply(
        patch(
          '*** Update File: src/app.js',
          '@@',
          '-  return sum;',
          '+  return 0;',
          `*** Add File: ${target}`,
          '+x',
        ),
      );
      assert.equal(result.isError, true);
      assert.equal(result.meta.status, 'denied');
      assert.match(
        result.output,
        /^Patch not applied; nothing was written\. Refused by path policy \(rule (git-internals|workflows)\)/,
      );
    }
    const moved = await apply(
      patch('*** Update File: src/app.js', '*** Move to: .github/workflows/evil.yml'),
    );
    assert.match(moved.output, /rule workflows/);
    await unchanged();
    assert.match(await onDisk('.git/config'), /\[core\]/);
  });

  it('matches context that drifted in whitespace without rewriting it, and says how it matched', async () => {
    await read('src/spaces.py', 'src/app.js');
    const result = await apply(
      patch(
        '*** Update File: src/spaces.py',
        '@@',
        ' def run():',
        '   first()',
        '+  middle()',
        '   second()',
        '*** Update File: src/app.js',
        '@@',
        '-\tconst sum = total(items);',
        '+\tconst sum = total(items ?? []);',
      ),
    );
    assert.equal(result.isError, false, result.output);
    // The file's trailing spaces on the context lines stay; the added line takes the file's indentation.
    assert.equal(await onDisk('src/spaces.py'), 'def run():   \n    first()  \n    middle()\n    second()\n');
    assert.equal(await onDisk('src/app.js'), APP.replace('total(items);', 'total(items ?? []);'));
    assert.match(result.output, /spaces\.py \(1 hunk; hunk 1 matched after re-indenting/);
    assert.match(
      result.output,
      /app\.js \(1 hunk; hunk 1 matched (ignoring surrounding whitespace|after re-indenting)/,
    );
  });

  it('refuses a hunk that matches two places, and an @@ anchor picks one', async () => {
    await read('src/twins.js');
    const twice = await apply(
      patch('*** Update File: src/twins.js', '@@', '   step();', '-  done();', '+  finish();'),
    );
    assert.match(
      twice.output,
      /src\/twins\.js, hunk 1: its context and removed lines match 2 places \(lines 2, 7\); add more context lines or an "@@/,
    );
    assert.equal(await onDisk('src/twins.js'), TWINS);
    const anchored = await apply(
      patch('*** Update File: src/twins.js', '@@ function b() {', '   step();', '-  done();', '+  finish();'),
    );
    assert.equal(anchored.isError, false, anchored.output);
    assert.equal(await onDisk('src/twins.js'), TWINS.replace(/done\(\);\n\}\n$/, 'finish();\n}\n'));
  });

  it('applies hunks in order, each after the previous one', async () => {
    await read('src/twins.js');
    const result = await apply(
      patch(
        '*** Update File: src/twins.js',
        '@@ function a() {',
        '-  step();',
        '+  stepA();',
        '@@ function b() {',
        '-  step();',
        '+  stepB();',
      ),
    );
    assert.equal(result.isError, false, result.output);
    assert.equal(
      await onDisk('src/twins.js'),
      TWINS.replace('step();', 'stepA();').replace('  step();', '  stepB();'),
    );
  });

  it('refuses a conflicting hunk with the closest region, and writes none of the other files', async () => {
    await read('src/app.js', 'src/util.js');
    const result = await apply(
      patch(
        '*** Update File: src/app.js',
        '@@',
        '-  return sum;',
        '+  return 0;',
        '*** Update File: src/util.js',
        '@@',
        '   let sum = 0;',
        '-  for (const entry of entries) sum += entry.cost;',
        '+  for (const entry of entries) sum += entry.cost * 2;',
      ),
    );
    assert.equal(result.isError, true);
    assert.match(
      result.output,
      /src\/util\.js, hunk 1: its context and removed lines were not found\. The closest region is lines 2-3 \(copy it exactly[^\n]*\n2→ {2}let sum = 0;\n3→ {2}for \(const item of items\) sum \+= item\.price;/,
    );
    await unchanged();
  });

  it('keeps CRLF endings and a missing final newline, and honours End of File', async () => {
    await read('crlf.ini', 'noeol.sh');
    const result = await apply(
      patch(
        '*** Update File: crlf.ini',
        '@@ [a]',
        ' x = 1',
        '+z = 3',
        '*** Update File: noeol.sh',
        '@@',
        ' echo two',
        '+echo three',
        '*** End of File',
      ),
    );
    assert.equal(result.isError, false, result.output);
    assert.equal(await onDisk('crlf.ini'), '[a]\r\nx = 1\r\nz = 3\r\ny = 2\r\n');
    assert.equal(await onDisk('noeol.sh'), 'echo one\necho two\necho three');
  });

  it('refuses updates of missing files, moves onto existing files and adds over unread files', async () => {
    await read('src/app.js', 'src/util.js');
    const missing = await apply(patch('*** Update File: nope.js', '@@', '-a', '+b'));
    assert.match(missing.output, /nope\.js does not exist; to create it use "\*\*\* Add File:"/);
    const onto = await apply(patch('*** Update File: src/app.js', '*** Move to: src/util.js'));
    assert.match(onto.output, /Cannot move src\/app\.js to src\/util\.js: it already exists/);
    const over = await apply(patch('*** Add File: unread.txt', '+overwritten'));
    assert.match(over.output, /unread\.txt exists and has not been read/);
    const twice = await apply(patch('*** Delete File: src/app.js', '*** Add File: src/app.js', '+x'));
    assert.match(twice.output, /touches src\/app\.js twice/);
    await unchanged();
  });

  it('explains a malformed patch and writes nothing', async () => {
    await read('src/app.js');
    const result = await apply(
      '*** Begin Patch\n*** Update File: src/app.js\n@@\n-  return sum;\n+  return 0;\n',
    );
    assert.equal(result.isError, true);
    assert.match(
      result.output,
      /^Patch not applied; nothing was written\. The patch must end with "\*\*\* End Patch"\. apply_patch takes/,
    );
    const garbled = await apply(patch('*** Update File: src/app.js', '@@', 'return sum;'));
    assert.match(garbled.output, /patch line 4: a hunk line starts with " "/);
    await unchanged();
  });
});
