import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { InstructionFileEntry } from '../../../src/context/context-report.js';
import type { InstructionSet } from '../../../src/context/instruction-files.js';
import { withInstructionNotes } from '../../../src/context/instruction-notes.js';
import { createDefaultRegistry } from '../../../src/tools/default-registry.js';
import { SYSTEM_NOTE_LINE } from '../../../src/tools/system-note.js';
import { runTool } from '../../helpers/run-tool.js';
import { createTempWorkspace } from '../../helpers/temp-workspace.js';

/** A set that covers `packages/api/` once and records what it was asked. */
function fakeSet(): InstructionSet & { asked: string[][] } {
  let given = false;
  const asked: string[][] = [];
  return {
    asked,
    section: '',
    noteFor(paths, cause) {
      asked.push([...paths]);
      if (given || !paths.some((p) => p.startsWith('packages/api/'))) return undefined;
      given = true;
      const entry: InstructionFileEntry = {
        path: 'packages/api/AGENTS.md',
        scope: 'files under packages/api/',
        status: 'loaded',
        bytes: 9,
        loadedBytes: 9,
      };
      return { note: `API rules (${cause})`, added: [entry] };
    },
    entries: () => [],
  };
}

describe('withInstructionNotes', async () => {
  const ws = await createTempWorkspace({
    'packages/api/src/server.ts': 'export const port = 1;\n',
    'packages/api/src/db.ts': 'export const db = 1;\n',
    'README.md': '# Hi\n',
  });
  after(() => ws.cleanup());

  it('adds the note after the first successful read under the folder, once, and keeps refusals of withheld tools', async () => {
    const set = fakeSet();
    const added: string[] = [];
    const base = createDefaultRegistry({ workspace: ws.root }).withheld({ write_file: 'not in review mode' });
    const registry = withInstructionNotes(base, set, {
      workspace: ws.root,
      onAdded: (entries) => added.push(...entries.map((e) => e.path)),
    });
    assert.equal(registry.refusal('write_file'), 'not in review mode');

    const missing = await runTool(registry, 'read_file', { path: 'packages/api/src/nope.ts' });
    assert.equal(missing.isError, true);
    assert.doesNotMatch(missing.output, /API rules/, 'a failed call gets no note');

    const readme = await runTool(registry, 'read_file', { path: 'README.md' });
    assert.doesNotMatch(readme.output, new RegExp(SYSTEM_NOTE_LINE.replace(/[[\]]/g, '\\$&')));

    const first = await runTool(registry, 'read_file', { path: `${ws.root}/packages/api/src/server.ts` });
    assert.match(
      first.output,
      /1→export const port = 1;\n\[1 lines\]\n\n\[note from agent-action\]\nAPI rules \(read_file packages\/api\/src\/server\.ts\)$/,
    );
    const second = await runTool(registry, 'read_file', { path: 'packages/api/src/db.ts' });
    assert.doesNotMatch(second.output, /API rules/);
    assert.deepEqual(added, ['packages/api/AGENTS.md']);
    assert.deepEqual(set.asked, [['README.md'], ['packages/api/src/server.ts'], ['packages/api/src/db.ts']]);
  });

  it('takes every path an apply_patch touches', async () => {
    const set = fakeSet();
    const registry = withInstructionNotes(createDefaultRegistry({ workspace: ws.root }), set, {
      workspace: ws.root,
    });
    const patched = await runTool(registry, 'apply_patch', {
      patch:
        '*** Begin Patch\n*** Add File: docs/a.md\n+a\n*** Add File: packages/api/new.ts\n+b\n*** End Patch',
    });
    assert.equal(patched.isError, false, patched.output);
    assert.deepEqual(set.asked, [['docs/a.md', 'packages/api/new.ts']]);
    assert.match(patched.output, /API rules \(apply_patch docs\/a\.md, packages\/api\/new\.ts\)$/);
  });
});
