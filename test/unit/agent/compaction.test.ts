import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { compactMessages, estimateTokens, stubFor } from '../../../src/agent/compaction.js';
import { withSystemNote } from '../../../src/tools/system-note.js';

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

  it('keeps the note the action added to a result when it elides the output around it', () => {
    const messages = conversation();
    messages[3] = {
      ...messages[3],
      content: withSystemNote('x'.repeat(4000), 'API rules: ports are numbers.'),
    } as ChatCompletionMessageParam;
    compactMessages(messages, { windowTokens: 3000 });
    assert.equal(
      messages[3]?.content,
      '[output of read_file src/a.ts elided; read again if needed]\n\n[note from agent-action]\nAPI rules: ports are numbers.',
    );
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
