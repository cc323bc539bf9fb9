import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { DoomLoopGuard } from '../../../src/agent/doom-loop.js';
import { appendTurn } from '../../../src/agent/turn-record.js';
import { createRedactor } from '../../../src/safety/redact.js';

describe('appendTurn', () => {
  it('redacts tool output before it joins the conversation sent to the model', () => {
    const secret = 'ghs_0123456789abcdefghijABCDEFGHIJ012345';
    const messages: ChatCompletionMessageParam[] = [];
    appendTurn(
      messages,
      {
        kind: 'complete',
        content: '',
        calls: [{ id: 'c1', name: 'bash', arguments: '{"command":"npm test"}' }],
        results: [
          {
            callId: 'c1',
            output: `token=${secret}\nb64=${Buffer.from(secret).toString('base64')}`,
            isError: false,
            meta: { tool: 'bash', status: 'ok', readOnly: false, durationMs: 1 },
          },
        ],
        usage: undefined,
        attempts: 1,
      },
      new DoomLoopGuard(),
      createRedactor([secret]),
    );
    const tool = messages.find((m) => m.role === 'tool');
    assert.ok(tool);
    const content = String(tool.content);
    assert.match(content, /^token=\*\*\*/);
    assert.ok(!content.includes(secret));
    assert.ok(!content.includes(Buffer.from(secret).toString('base64')));
  });
});
