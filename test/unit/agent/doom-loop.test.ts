import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DoomLoopGuard, signature } from '../../../src/agent/doom-loop.js';
import type { ToolCall } from '../../../src/llm/tool-call.js';
import type { ToolResult } from '../../../src/tools/tool.js';

const call = (name: string, args: object, id = 'c'): ToolCall => ({
  id,
  name,
  arguments: JSON.stringify(args),
});
const result = (
  isError: boolean,
  readOnly = true,
  status: ToolResult['meta']['status'] = isError ? 'error' : 'ok',
): ToolResult => ({
  callId: 'c',
  output: '',
  isError,
  meta: { tool: 't', status, readOnly, durationMs: 1 },
});

describe('DoomLoopGuard', () => {
  it('warns on the 3rd identical failure and stops on the 4th', () => {
    const guard = new DoomLoopGuard();
    const c = call('bash', { command: 'npm test', timeout: 60 });
    assert.deepEqual(
      [1, 2, 3, 4].map(() => guard.record(c, result(true))),
      ['ok', 'ok', 'warn', 'stuck'],
    );
  });

  it('treats reordered keys as the same call', () => {
    assert.equal(
      signature(call('grep', { a: 1, b: 2 })),
      signature({ id: 'x', name: 'grep', arguments: '{"b":2,"a":1}' }),
    );
  });

  it('resets when the call succeeds or the workspace changes, not on reads or other failures', () => {
    const guard = new DoomLoopGuard();
    const test = call('bash', { command: 'npm test' });
    guard.record(test, result(true, false));
    guard.record(test, result(true, false));
    guard.record(call('read_file', { path: 'a' }), result(false, true));
    guard.record(call('glob', { pattern: 'x' }), result(true, true));
    assert.equal(guard.record(test, result(true, false)), 'warn', 'a read in between is no progress');
    guard.record(call('edit_file', { path: 'a' }), result(false, false));
    assert.equal(guard.record(test, result(true, false)), 'ok', 'an edit in between is progress');
    assert.equal(guard.record(test, result(false, false, 'skipped')), 'ok');
  });
});
