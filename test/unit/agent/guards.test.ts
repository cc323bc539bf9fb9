import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { loopDeadline, stopSummary } from '../../../src/agent/budget.js';
import { compactMessages, estimateTokens, stubFor } from '../../../src/agent/compaction.js';
import { DoomLoopGuard, signature } from '../../../src/agent/doom-loop.js';
import type { ToolCall, ToolResult } from '../../../src/tools/tool.js';

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

describe('compaction', () => {
  const conversation = (): ChatCompletionMessageParam[] => {
    const messages: ChatCompletionMessageParam[] = [
      { role: 'system', content: 'sys' },
      { role: 'user', content: 'task' },
    ];
    for (const [i, p] of ['a.ts', 'b.ts', 'c.ts'].entries()) {
      messages.push({
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: `c${i}`,
            type: 'function',
            function: { name: 'read_file', arguments: JSON.stringify({ path: `src/${p}` }) },
          },
        ],
      });
      messages.push({ role: 'tool', tool_call_id: `c${i}`, content: 'x'.repeat(4000) });
    }
    return messages;
  };

  it('does nothing while the conversation is well inside the window', () => {
    const messages = conversation();
    assert.equal(compactMessages(messages, { windowTokens: 100_000 }).elided, 0);
  });

  it('elides the oldest tool results first, never the latest turn', () => {
    const messages = conversation();
    const before = estimateTokens(messages);
    const outcome = compactMessages(messages, { windowTokens: 3000 });
    assert.equal(outcome.elided, 2);
    assert.equal(messages[3]?.content, '[output of read_file src/a.ts elided; read again if needed]');
    assert.equal(messages[5]?.content, '[output of read_file src/b.ts elided; read again if needed]');
    assert.equal(String(messages[7]?.content).length, 4000);
    assert.ok(outcome.estimatedTokens < before);
    assert.equal(compactMessages(messages, { windowTokens: 3000 }).elided, 0, 'stubs are not elided again');
  });

  it('writes stubs that say how to get the output back', () => {
    assert.equal(
      stubFor({ name: 'bash', arguments: '{"command":"npm test"}' }),
      '[output of bash npm test elided; run it again if needed]',
    );
    assert.equal(
      stubFor({ name: 'grep', arguments: '{"pattern":"TODO"}' }),
      '[output of grep TODO elided; read again if needed]',
    );
  });
});

describe('budgets', () => {
  it('keeps about a minute of timeout-minutes for publishing', () => {
    assert.equal(loopDeadline(0, 20), 19 * 60_000);
    assert.equal(loopDeadline(0, 1), 45_000);
  });

  it('says which budget stopped the run and what was done', () => {
    const text = stopSummary('max-turns', {
      turns: 40,
      maxTurns: 40,
      totalTokens: 1,
      maxTokens: 2,
      calls: [call('edit_file', {}), call('bash', {}), call('read_file', {})],
      lastText: 'Still working on the parser.',
    });
    assert.match(
      text,
      /^The agent used all 40 turns \(`max-turns`\) before it finished\. So far: 40 turns, 3 tool calls \(1 file edits, 1 commands\)\./,
    );
    assert.match(text, /Last message from the agent:\n\nStill working on the parser\.$/);
  });
});
