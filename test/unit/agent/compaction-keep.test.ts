import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { compactMessages } from '../../../src/agent/compaction.js';
import { resultsToKeep } from '../../../src/agent/compaction-keep.js';

let id = 0;
/** An assistant turn with one call and its result. */
function turn(name: string, args: object, output: string, note = ''): ChatCompletionMessageParam[] {
  const callId = `call_${++id}`;
  return [
    {
      role: 'assistant',
      content: note || null,
      tool_calls: [{ id: callId, type: 'function', function: { name, arguments: JSON.stringify(args) } }],
    },
    { role: 'tool', tool_call_id: callId, content: output },
  ];
}
const big = (label: string) => `${label}\n${'x'.repeat(4_000)}`;
const failed = (label: string) => `${big(label)}\n\n[Exit code 1. 0.4 s.]`;
const passed = (label: string) => `${big(label)}\n\n[Exit code 0. 0.4 s.]`;

function history(): ChatCompletionMessageParam[] {
  return [
    { role: 'system', content: 'You are a coding agent.' },
    { role: 'user', content: 'Fix the failing test in src/a.ts.' },
    ...turn('read_file', { path: 'src/a.ts' }, big('a.ts before the edit')),
    ...turn('read_file', { path: 'src/b.ts' }, big('b.ts, never edited')),
    ...turn('bash', { command: 'npm test' }, failed('first failure of npm test')),
    ...turn(
      'edit_file',
      { path: 'src/a.ts', old_string: 'x', new_string: 'y' },
      'Edited src/a.ts.',
      'Note: a.ts had the bug.',
    ),
    ...turn('read_file', { path: 'src/a.ts' }, big('a.ts after the edit')),
    ...turn('bash', { command: 'npm run lint' }, failed('lint failure, not fixed yet')),
    ...turn('bash', { command: 'npm test' }, passed('npm test passes now')),
    ...turn('read_file', { path: 'src/c.ts' }, big('latest turn: c.ts')),
  ];
}

const contentOf = (messages: ChatCompletionMessageParam[], label: string) =>
  messages.find((m) => m.role === 'tool' && String(m.content).includes(label));

describe('compaction that keeps what matters', () => {
  it('keeps the latest read of an edited file and a failure not yet fixed', () => {
    const messages = history();
    const keep = resultsToKeep(messages);
    const idOf = (label: string) => (contentOf(messages, label) as { tool_call_id: string }).tool_call_id;
    assert.ok(keep.has(idOf('a.ts after the edit')));
    assert.ok(keep.has(idOf('lint failure, not fixed yet')));
    assert.ok(!keep.has(idOf('a.ts before the edit')));
    assert.ok(!keep.has(idOf('first failure of npm test')), 'npm test passed later');
    assert.ok(!keep.has(idOf('b.ts, never edited')));
  });

  it('cuts in one step from over 70% of the window to under 40%, stubbing the rest with how to get it back', () => {
    const messages = history();
    // About 7.6k tokens of history: 70% of 10k is passed.
    const outcome = compactMessages(messages, { windowTokens: 10_000 });
    assert.ok(outcome.elided >= 3);
    assert.ok(outcome.estimatedTokens < 4_000, String(outcome.estimatedTokens));
    assert.ok(contentOf(messages, 'a.ts after the edit'), 'the edited file’s latest version stays');
    assert.ok(contentOf(messages, 'lint failure, not fixed yet'), 'the unfixed failure stays');
    assert.ok(contentOf(messages, 'latest turn: c.ts'), 'the latest turn stays');
    assert.equal(messages[1]!.content, 'Fix the failing test in src/a.ts.');
    assert.ok(messages.some((m) => m.role === 'assistant' && m.content === 'Note: a.ts had the bug.'));
    const stubs = messages.filter((m) => m.role === 'tool' && String(m.content).startsWith('[output of '));
    assert.deepEqual(
      stubs.map((m) => m.content),
      [
        '[output of read_file src/a.ts elided; read again if needed]',
        '[output of read_file src/b.ts elided; read again if needed]',
        '[output of bash npm test elided; run it again if needed]',
        '[output of bash npm test elided; run it again if needed]',
      ],
    );
  });

  it('does nothing under 70%, so the request stays the same bytes turn after turn', () => {
    const messages = history();
    const before = JSON.stringify(messages);
    assert.equal(compactMessages(messages, { windowTokens: 11_000 }).elided, 0);
    assert.equal(JSON.stringify(messages), before);
  });

  it('elides kept results too when the request would not fit otherwise', () => {
    const messages = history();
    compactMessages(messages, { windowTokens: 3_000 });
    assert.equal(contentOf(messages, 'a.ts after the edit'), undefined);
  });
});
