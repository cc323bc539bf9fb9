import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { z } from 'zod';
import { createWriterLedger } from '../../../src/git/work-tree-writers.js';
import { sandboxReportingWriters, toolsReportingWriters } from '../../../src/pipeline/writer-tracking.js';
import type { ManagedSandbox } from '../../../src/sandbox/detect-sandbox.js';
import type { CommandExit } from '../../../src/sandbox/sandbox.js';
import { ToolRegistry } from '../../../src/tools/registry.js';

/** A sandbox at `level` whose commands exit when the test says so. */
function fakeSandbox(level: string) {
  const exits: ((exit: CommandExit) => void)[] = [];
  const sandbox: ManagedSandbox = {
    level,
    missing: [],
    network: 'off',
    notes: [],
    start(argv) {
      if (argv[0] === 'malformed') throw new Error('empty argv');
      return {
        exited: new Promise<CommandExit>((resolve) => exits.push(resolve)),
        kill: () => {},
      };
    },
    settle: async () => undefined,
    dispose: async () => {},
  };
  return { sandbox, exit: (i: number) => exits[i]!({ code: 0, signal: null }) };
}

const output = { fd: 1, path: '/dev/null' };
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('the agent’s tools report their writers to the ledger', () => {
  it('a command counts from its start until its exit', async () => {
    const ledger = createWriterLedger();
    const { sandbox, exit } = fakeSandbox('root+unshare');
    const tracked = sandboxReportingWriters(sandbox, ledger);
    const before = ledger.generation();
    assert.equal(before, 0);
    tracked.start(['true'], { cwd: '/w', output });
    tracked.start(['true'], { cwd: '/w', output });
    assert.equal(ledger.generation(), undefined, 'two running');
    exit(0);
    await tick();
    assert.equal(ledger.generation(), undefined, 'one still running');
    exit(1);
    await tick();
    const after = ledger.generation();
    assert.notEqual(after, undefined);
    assert.notEqual(after, before);
  });

  it('a command that never starts ends at once', () => {
    const ledger = createWriterLedger();
    const tracked = sandboxReportingWriters(fakeSandbox('userns').sandbox, ledger);
    assert.throws(() => tracked.start(['malformed'], { cwd: '/w', output }), /empty argv/);
    assert.notEqual(ledger.generation(), undefined);
  });

  for (const level of ['none', 'landlock']) {
    it(`at ${level}, where a command's daemons outlive it, the ledger is never quiet`, async () => {
      const ledger = createWriterLedger();
      const { sandbox, exit } = fakeSandbox(level);
      sandboxReportingWriters(sandbox, ledger).start(['true'], { cwd: '/w', output });
      exit(0);
      await tick();
      assert.equal(ledger.generation(), undefined);
    });
  }

  it('a tool call counts until it has returned or thrown', async () => {
    const ledger = createWriterLedger();
    const seen: (number | undefined)[] = [];
    const registry = toolsReportingWriters(
      new ToolRegistry([
        {
          name: 'write_file',
          description: 'writes',
          parameters: z.object({ fail: z.boolean() }),
          readOnly: false,
          async execute(args: { fail: boolean }) {
            seen.push(ledger.generation());
            if (args.fail) throw new Error('disk full');
            return { output: 'ok', isError: false };
          },
        },
      ]),
      ledger,
    );
    const context = { callId: 'c', signal: new AbortController().signal };
    const tool = registry.get('write_file')!;
    assert.equal((await tool.execute({ fail: false }, context)).output, 'ok');
    const between = ledger.generation();
    await assert.rejects(tool.execute({ fail: true }, context), /disk full/);
    assert.deepEqual(seen, [undefined, undefined], 'not quiet during either call');
    assert.notEqual(ledger.generation(), undefined);
    assert.notEqual(ledger.generation(), between);
  });
});
