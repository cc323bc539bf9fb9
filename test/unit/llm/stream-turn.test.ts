import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createLlmClient } from '../../../src/llm/client.js';
import { StreamBrokenError } from '../../../src/llm/retry.js';
import { streamTurn, type TurnStreamEvent } from '../../../src/llm/stream-turn.js';
import { reply } from '../../fakes/openai-server.js';
import { useFakeOpenAI } from '../../helpers/fake-openai.js';

const tools = [
  {
    type: 'function' as const,
    function: { name: 'read_file', description: 'read', parameters: { type: 'object', properties: {} } },
  },
];
const messages = [{ role: 'user' as const, content: 'fix it' }];

describe('streamTurn', () => {
  const fake = useFakeOpenAI();
  const client = (idleTimeoutMs = 5000) =>
    createLlmClient({ baseUrl: fake.url, apiKey: 'sk-test', model: 'gpt-test', idleTimeoutMs });

  it('keeps text and several tool calls, with usage, and sends the streaming parameters', async () => {
    fake.enqueue(
      reply()
        .text('Let me look at both files.')
        .tool('read_file', { path: 'src/a.ts' }, { id: 'call_a' })
        .tool('read_file', { path: 'src/b.ts', offset: 10 }, { id: 'call_b' })
        .chunks(5)
        .tokens(120, 30),
    );
    const events: TurnStreamEvent[] = [];
    const turn = await streamTurn(client(), { messages, tools, onEvent: (e) => events.push(e) });
    assert.equal(turn.content, 'Let me look at both files.');
    assert.deepEqual(turn.toolCalls, [
      { id: 'call_a', name: 'read_file', arguments: '{"path":"src/a.ts"}' },
      { id: 'call_b', name: 'read_file', arguments: '{"path":"src/b.ts","offset":10}' },
    ]);
    assert.equal(turn.finishReason, 'tool_calls');
    assert.deepEqual(turn.usage, { prompt: 120, completion: 30, total: 150 });
    assert.deepEqual(
      events.filter((e) => e.type === 'call').map((e) => e.call.id),
      ['call_a', 'call_b'],
    );
    const body = fake.requests.at(-1)!.body;
    assert.equal(body.stream, true);
    assert.deepEqual(body.stream_options, { include_usage: true });
    assert.equal(body.parallel_tool_calls, true);
    assert.equal(body.model, 'gpt-test');
    assert.equal(body.tools[0].function.name, 'read_file');
    assert.equal(fake.requests.at(-1)!.headers.authorization, 'Bearer sk-test');
  });

  it('hands out a call while the stream is still running', async () => {
    // The server goes silent right after call 1's header: call 0 must already have been reported.
    fake.enqueue(
      reply()
        .tool('read_file', { path: 'a' }, { id: 'early' })
        .tool('read_file', { path: 'b' }, { id: 'late' })
        .chunks(3)
        .stall(6),
    );
    const calls: string[] = [];
    await assert.rejects(
      streamTurn(client(300), {
        messages,
        tools,
        onEvent: (e) => e.type === 'call' && calls.push(e.call.id),
      }),
      StreamBrokenError,
    );
    assert.deepEqual(calls, ['early']);
  });

  it('assembles interleaved calls correctly', async () => {
    fake.enqueue(
      reply()
        .tool('read_file', { path: 'one.ts' })
        .tool('read_file', { path: 'two.ts' })
        .tool('read_file', { path: 'three.ts' })
        .chunks(4)
        .interleaved(),
    );
    const turn = await streamTurn(client(), { messages, tools });
    assert.deepEqual(
      turn.toolCalls.map((c) => JSON.parse(c.arguments).path),
      ['one.ts', 'two.ts', 'three.ts'],
    );
  });

  it('works with an endpoint that ignores stream_options (no usage)', async () => {
    fake.enqueue(reply().text('All done.').noUsage());
    const turn = await streamTurn(client(), { messages, tools: [] });
    assert.equal(turn.content, 'All done.');
    assert.equal(turn.usage, undefined);
    assert.equal(turn.finishReason, 'stop');
    assert.equal(
      fake.requests.at(-1)!.body.parallel_tool_calls,
      undefined,
      'no parallel_tool_calls without tools',
    );
  });

  it('reports a cut stream as broken', async () => {
    fake.enqueue(reply().text('partial answer that goes on').tool('read_file', { path: 'x' }).cut(3));
    await assert.rejects(streamTurn(client(), { messages, tools }), StreamBrokenError);
  });

  it('takes [DONE] without finish_reason as a complete turn, inferring the reason', async () => {
    fake.enqueue(reply().text('hello').finish(''), reply().tool('grep', { pattern: 'x' }).finish(''));
    const text = await streamTurn(client(), { messages, tools });
    assert.equal(text.finishReason, 'stop');
    assert.equal(text.content, 'hello');
    const call = await streamTurn(client(), { messages, tools });
    assert.equal(call.finishReason, 'tool_calls');
    assert.equal(call.toolCalls[0]?.arguments, '{"pattern":"x"}');
  });

  it('reports a stream that ends with neither finish_reason nor [DONE] as broken, to retry once', async () => {
    fake.enqueue(reply().text('hello').finish('').noDone());
    await assert.rejects(streamTurn(client(), { messages, tools }), (error: unknown) => {
      assert.ok(error instanceof StreamBrokenError);
      assert.equal(error.once, true);
      assert.match(error.message, /without finish_reason or \[DONE\]/);
      return true;
    });
  });

  it('gives up on a hung endpoint after the idle timeout', async () => {
    const { hang } = await import('../../fakes/openai-server.js');
    fake.enqueue(hang());
    await assert.rejects(streamTurn(client(200), { messages, tools }), /no data from the endpoint/);
  });

  it('stops when the caller aborts, with the caller’s reason', async () => {
    fake.enqueue(reply().text('slow').delay(50).stall(2));
    const controller = new AbortController();
    const pending = streamTurn(client(), { messages, tools, signal: controller.signal });
    setTimeout(() => controller.abort(new Error('cancelled by test')), 100);
    await assert.rejects(pending, /cancelled by test|aborted/);
  });
});
