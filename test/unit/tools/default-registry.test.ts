import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { z } from 'zod';
import { createDefaultRegistry } from '../../../src/tools/default-registry.js';
import { defineTool } from '../../../src/tools/tool.js';
import { runTool } from '../../helpers/run-tool.js';
import { createTempWorkspace, type TempWorkspace } from '../../helpers/temp-workspace.js';

describe('createDefaultRegistry', () => {
  let ws: TempWorkspace;
  before(async () => {
    ws = await createTempWorkspace({ 'a.txt': 'one\n' });
  });
  after(() => ws.cleanup());

  it('builds the file tools with the fixed names and arguments, plus extra tools', () => {
    const extra = defineTool({
      name: 'bash',
      description: 'stand-in',
      parameters: z.object({ command: z.string() }),
      readOnly: false,
      execute: async () => ({ output: '', isError: false }),
    });
    const registry = createDefaultRegistry({ workspace: ws.root }, [extra]);
    assert.deepEqual(registry.names(), [
      'apply_patch',
      'bash',
      'edit_file',
      'glob',
      'grep',
      'read_file',
      'write_file',
    ]);
    const props = Object.fromEntries(
      registry
        .definitions()
        .map((d) => [d.function.name, Object.keys(d.function.parameters.properties as object)]),
    );
    assert.deepEqual(props, {
      apply_patch: ['patch'],
      bash: ['command'],
      edit_file: ['path', 'old_string', 'new_string', 'replace_all'],
      glob: ['pattern', 'path'],
      grep: ['pattern', 'path', 'include'],
      read_file: ['path', 'offset', 'limit'],
      write_file: ['path', 'content'],
    });
    assert.deepEqual(
      registry.names().filter((name) => registry.get(name)?.readOnly),
      ['glob', 'grep', 'read_file'],
    );
  });

  it('keeps the file tools compact (their schemas stay well inside the token budget)', () => {
    const json = JSON.stringify(createDefaultRegistry({ workspace: ws.root }).definitions());
    assert.ok(json.length / 4 <= 1_000, `file tool definitions are ${Math.ceil(json.length / 4)} tokens`);
  });

  it('shares one read tracker between read_file and edit_file', async () => {
    const registry = createDefaultRegistry({ workspace: ws.root });
    await runTool(registry, 'read_file', { path: 'a.txt' });
    const edited = await runTool(registry, 'edit_file', {
      path: 'a.txt',
      old_string: 'one',
      new_string: 'two',
    });
    assert.equal(edited.isError, false, edited.output);
  });
});
