import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { z } from 'zod';
import { settleBeforeGit } from '../../../src/sandbox/settle-first.js';
import { ToolRegistry } from '../../../src/tools/registry.js';
import { settleFirst } from '../../../src/tools/settled-registry.js';
import { defineTool } from '../../../src/tools/tool.js';

const events: string[] = [];
const readTool = defineTool({
  name: 'read_file',
  description: 'reads',
  parameters: z.object({ path: z.string() }),
  readOnly: true,
  async execute({ path }) {
    events.push(`read ${path}`);
    return { output: `contents of ${path}`, isError: false };
  },
});
const context = { callId: 'c1', signal: new AbortController().signal };

/** A sandbox whose hand-back finishes only when the test says so. */
function slowSandbox() {
  let finish: (problem: string | undefined) => void = () => {};
  let round = Promise.resolve<string | undefined>(undefined);
  return {
    startRound() {
      round = new Promise((resolve) => (finish = resolve));
    },
    finish: (problem?: string) => {
      events.push('handed back');
      finish(problem);
    },
    settle: () => round,
  };
}

describe('settleFirst', () => {
  it('makes every tool wait for the pending hand-back, and says where it went wrong', async () => {
    events.length = 0;
    const sandbox = slowSandbox();
    const registry = settleFirst(new ToolRegistry([readTool]), sandbox);
    assert.deepEqual(
      registry.definitions(),
      new ToolRegistry([readTool]).definitions(),
      'the model sees the same tool',
    );
    sandbox.startRound();
    const reading = registry.get('read_file')!.execute({ path: 'gen/private.md' }, context);
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(events, [], 'the read waits for the hand-back');
    sandbox.finish('`chown` failed (exit 1: simulated)');
    const outcome = await reading;
    assert.deepEqual(events, ['handed back', 'read gen/private.md']);
    assert.match(
      outcome.output,
      /^\[sandbox: files the last commands created could not all be handed back to the runner: `chown` failed \(exit 1: simulated\)\]\ncontents of gen\/private\.md$/,
    );
  });

  it('leaves a registry alone when the sandbox has nothing to hand back', () => {
    const registry = new ToolRegistry([readTool]);
    assert.equal(settleFirst(registry, {}), registry);
  });
});

describe('settleBeforeGit', () => {
  it('waits for the hand-back and logs a problem', async () => {
    events.length = 0;
    const sandbox = slowSandbox();
    sandbox.startRound();
    const warnings: string[] = [];
    const settling = settleBeforeGit(sandbox, (m) => warnings.push(m)).then(() => events.push('git'));
    await new Promise((resolve) => setImmediate(resolve));
    sandbox.finish('the hand-back helper exited');
    await settling;
    assert.deepEqual(events, ['handed back', 'git']);
    assert.deepEqual(warnings, [
      'sandbox: files the commands created could not all be handed back before committing: the hand-back helper exited',
    ]);
  });
});
