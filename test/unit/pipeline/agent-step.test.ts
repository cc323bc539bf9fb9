import assert from 'node:assert/strict';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { AgentResult } from '../../../src/agent/loop.js';
import type { AgentRunner } from '../../../src/pipeline/agent-runner.js';
import { runAgentStep } from '../../../src/pipeline/agent-step.js';
import { unsandboxed } from '../../../src/sandbox/sandbox.js';
import { mcpTestHost } from '../../helpers/mcp-servers.js';
import { agentResult } from '../../helpers/run-context.js';

/** A workspace with `greet.txt`, and a runner that answers with `result` after `work` ran. */
async function setting(result: Partial<AgentResult>, work: (dir: string) => Promise<void> = async () => {}) {
  const dir = await mkdtemp(path.join(tmpdir(), 'agent-step-'));
  await writeFile(path.join(dir, 'greet.txt'), 'helo\n');
  const lines: string[] = [];
  const asked: number[] = [];
  const runner: AgentRunner = async (messages) => {
    asked.push(messages.length);
    await work(dir);
    return agentResult(result);
  };
  const settled: string[] = [];
  const sandbox = {
    ...unsandboxed,
    settle: async () => {
      settled.push('settled');
      return undefined;
    },
  };
  return { dir, lines, asked, runner, settled, host: mcpTestHost(dir, lines), sandbox };
}

const VERIFY = { command: 'grep -q hello greet.txt', timeoutMinutes: 2 };

describe('runAgentStep', () => {
  it('runs the agent, then verify-command on what it left, then settles the sandbox', async () => {
    const s = await setting({ turns: 3 }, (dir) => writeFile(path.join(dir, 'greet.txt'), 'hello\n'));
    const steps: string[] = [];
    const result = await runAgentStep({
      runner: s.runner,
      messages: [{ role: 'user', content: 'Fix the greeting.' }],
      who: 'Agent',
      host: s.host,
      tools: { sandbox: s.sandbox },
      verify: VERIFY,
      step: (text) => steps.push(text),
    });
    assert.deepEqual(s.asked, [1]);
    assert.equal(result.agent.turns, 3);
    assert.equal(result.verification?.passed, true, 'verification saw the agent’s edit');
    assert.equal(result.verification?.command, VERIFY.command);
    assert.deepEqual(steps, ['Verifying with `grep -q hello greet.txt`']);
    assert.deepEqual(s.settled, ['settled']);
    assert.match(s.lines.join('\n'), /^Agent stopped: done after 3 turns, 120 tokens$/m);
  });

  it('reports a failed verification as a result, not an error', async () => {
    const s = await setting({});
    const result = await runAgentStep({
      runner: s.runner,
      messages: [],
      who: 'Agent',
      host: s.host,
      tools: { sandbox: s.sandbox },
      verify: VERIFY,
    });
    assert.equal(result.verification?.passed, false);
    assert.equal(result.verification?.exitCode, 1);
  });

  for (const stopReason of ['error', 'cancelled'] as const)
    it(`does not verify after the agent stopped with ${stopReason}, but still settles`, async () => {
      const s = await setting({ stopReason });
      const result = await runAgentStep({
        runner: s.runner,
        messages: [],
        who: 'Agent',
        host: s.host,
        tools: { sandbox: s.sandbox },
        verify: VERIFY,
      });
      assert.equal(result.agent.stopReason, stopReason);
      assert.equal(result.verification, undefined);
      assert.deepEqual(s.settled, ['settled']);
    });

  it('wraps the verification in `around` (the action credits blocked hosts to it)', async () => {
    const s = await setting({}, (dir) => writeFile(path.join(dir, 'greet.txt'), 'hello\n'));
    const labels: string[] = [];
    const result = await runAgentStep({
      runner: s.runner,
      messages: [],
      who: 'Agent',
      host: s.host,
      tools: { sandbox: s.sandbox },
      verify: {
        ...VERIFY,
        around: (label, run) => {
          labels.push(label);
          return run();
        },
      },
    });
    assert.equal(result.verification?.passed, true);
    assert.deepEqual(labels, ['verify-command: grep -q hello greet.txt']);
  });
});
