import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AgentEvent } from '../../../src/agent/loop.js';
import { progressPrinter } from '../../../src/cli/progress-printer.js';
import type { ToolStatus } from '../../../src/tools/tool.js';

const call = (id: string, name: string, args: object) => ({ id, name, arguments: JSON.stringify(args) });
const end = (
  turn: number,
  c: ReturnType<typeof call>,
  status: ToolStatus,
  durationMs: number,
): AgentEvent => ({
  type: 'tool-end',
  turn,
  call: c,
  result: {
    callId: c.id,
    output: '',
    isError: status !== 'ok',
    meta: { tool: c.name, status, readOnly: false, durationMs },
  },
});

describe('progressPrinter', () => {
  it('prints a line per finished call and per turn, redacted and defused', () => {
    const lines: string[] = [];
    const print = progressPrinter(
      (line) => lines.push(line),
      (text) => text.replaceAll('sk-secret', '***'),
    );
    const events: AgentEvent[] = [
      { type: 'turn-start', turn: 1 },
      { type: 'text', turn: 1, text: 'thinking' },
      end(1, call('a', 'read_file', { path: 'src/a.ts' }), 'ok', 3),
      end(1, call('b', 'bash', { command: 'echo sk-secret' }), 'denied', 12),
      end(1, call('c', 'bash', { command: '::set-output name=x::y' }), 'error', 1500),
      end(1, call('d', 'edit_file', { path: 'b.ts' }), 'skipped', 0),
      { type: 'turn-end', turn: 1, tokens: { prompt: 1000, completion: 234, total: 1234 }, durationMs: 2100 },
      { type: 'retry', turn: 2, attempt: 1, delayMs: 500, reason: 'HTTP 429' },
      { type: 'turn-end', turn: 2, tokens: { prompt: 2000, completion: 300, total: 2300 }, durationMs: 900 },
    ];
    events.forEach(print);
    assert.deepEqual(lines.slice(0, 2), [
      '  ✓ read_file src/a.ts  ok  3 ms',
      '  ⊘ bash echo ***  denied  12 ms',
    ]);
    assert.match(lines[2]!, /^ {2}✗ bash .*set-output.*error {2}1\.5 s$/);
    assert.doesNotMatch(lines[2]!, /^::/);
    assert.equal(lines[3], '  – edit_file b.ts  skipped  0 ms');
    assert.equal(lines[4], 'turn 1: 4 tool calls, 2.1 s, 1,234 tokens so far');
    assert.match(lines[5]!, /model endpoint failed \(HTTP 429\); retry 1 in 500 ms/);
    assert.equal(lines[6], 'turn 2: answered, 900 ms, 2,300 tokens so far');
  });
});
