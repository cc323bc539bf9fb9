/**
 * How the loop recovers from what providers do: a request refused as too large (compact and
 * retry, or fail saying why), a `length` finish with nothing usable (retry with room, then
 * report), a parameter refused by name (drop it once), a stream that ends quietly (once more),
 * and histories that stay acceptable (arguments that parse, no empty answers).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { z } from 'zod';
import { RunBudget } from '../../../src/agent/budget.js';
import { DoomLoopGuard } from '../../../src/agent/doom-loop.js';
import { runAgent } from '../../../src/agent/loop.js';
import { appendTurn, historyArguments } from '../../../src/agent/turn-record.js';
import { EMPTY_ANSWER } from '../../../src/llm/chat-request.js';
import { ToolRegistry } from '../../../src/tools/registry.js';
import { reply } from '../../fakes/openai-server.js';
import { deepSeekThinking } from '../../fakes/providers/deepseek.js';
import { openAiRefusal } from '../../fakes/providers/persona.js';
import { createProbeTool } from '../../helpers/agent-tools.js';
import { fakeClient } from '../../helpers/fake-llm-client.js';
import { useFakeOpenAI } from '../../helpers/fake-openai.js';

const limits = (over: Partial<{ contextWindowTokens: number }> = {}) => ({
  maxTurns: 20,
  maxTokens: 1_000_000,
  deadline: Date.now() + 60_000,
  ...over,
});
const start = (): ChatCompletionMessageParam[] => [
  { role: 'system', content: 'You fix bugs.' },
  { role: 'user', content: 'Fix it.' },
];
const bigReader = {
  name: 'read_big',
  description: 'Reads a big file.',
  parameters: z.object({ path: z.string() }),
  readOnly: true,
  execute: async () => ({ output: 'x'.repeat(40_000), isError: false }),
};
const tooLarge = () =>
  openAiRefusal(413, {
    message: 'Request body too large for gpt-4.1 model. Max size: 8000 tokens.',
    code: 'tokens_limit_reached',
  });

describe('the loop and provider refusals', () => {
  const fake = useFakeOpenAI();

  it('compacts and retries a request refused as too large, then keeps under the named limit', async () => {
    fake.enqueue(reply().tool('read_big', { path: 'big.txt' }), tooLarge(), reply().text('Done.'));
    const events: string[] = [];
    const result = await runAgent({
      llm: fakeClient(fake.url),
      registry: new ToolRegistry([bigReader]),
      messages: start(),
      budget: new RunBudget(limits()),
      onEvent: (e) => events.push(e.type),
    });
    assert.equal(result.stopReason, 'done', result.error);
    assert.equal(result.turns, 2, 'the refused attempt is not a turn');
    const retried = fake.requests.at(-1)!.body.messages.at(-1);
    assert.match(retried.content, /elided: too large for the model's context window/);
    assert.ok(JSON.stringify(fake.requests.at(-1)!.body).length / 4 < 8000);
    assert.ok(events.includes('compaction'));
  });

  it('fails with the provider’s words and the fix when nothing is left to compact', async () => {
    fake.enqueue(tooLarge());
    const result = await runAgent({
      llm: fakeClient(fake.url),
      registry: new ToolRegistry([bigReader]),
      messages: start(),
      budget: new RunBudget(limits()),
    });
    assert.equal(result.stopReason, 'error');
    assert.match(result.error ?? '', /Request body too large for gpt-4\.1 model\. Max size: 8000 tokens\./);
    assert.match(result.error ?? '', /`context-window` input/);
    assert.doesNotMatch(result.error ?? '', /GitHub Models/, 'no advice about a retired service');
    assert.equal(fake.requests.length, 1);
  });

  it('retries a length finish with no usable call, then reports it naming context-window', async () => {
    fake.enqueue(reply().text('I will').finish('length'), reply().text('Done.'));
    const ok = await runAgent({
      llm: fakeClient(fake.url),
      registry: new ToolRegistry([]),
      messages: start(),
      budget: new RunBudget(limits()),
    });
    assert.equal(ok.stopReason, 'done');
    assert.equal(ok.summary, 'Done.');
    assert.ok(!ok.messages.some((m) => m.content === 'I will'), 'the cut-off text is not the answer');

    fake.clear();
    fake.enqueue(
      reply().text('I will').finish('length'),
      reply().tool('probe', '{"key": "a').finish('length'),
    );
    const probe = createProbeTool();
    const failed = await runAgent({
      llm: fakeClient(fake.url),
      registry: new ToolRegistry([probe.tool]),
      messages: start(),
      budget: new RunBudget(limits()),
    });
    assert.equal(failed.stopReason, 'error');
    assert.match(failed.error ?? '', /finish_reason `length`.*`context-window` input/);
    assert.deepEqual(probe.runs, [], 'truncated arguments never ran');
  });

  it('drops a refused parameter once and goes on', async () => {
    fake.enqueue(
      openAiRefusal(400, {
        message: "Unsupported parameter: 'parallel_tool_calls' is not supported with this model.",
        param: 'parallel_tool_calls',
        code: 'unsupported_parameter',
      }),
      reply().tool('probe', { key: 'a' }),
      reply().text('Done.'),
    );
    const result = await runAgent({
      llm: fakeClient(fake.url),
      registry: new ToolRegistry([createProbeTool().tool]),
      messages: start(),
      budget: new RunBudget(limits()),
    });
    assert.equal(result.stopReason, 'done');
    assert.equal(fake.requests.length, 3);
    assert.equal(fake.requests[0]!.body.parallel_tool_calls, true);
    assert.ok(fake.requests.slice(1).every((r) => !('parallel_tool_calls' in r.body)));
  });

  it('sums the cached prompt tokens a provider reports, and echoes its reasoning', async () => {
    fake.usePersona(deepSeekThinking());
    fake.enqueue(reply().tool('probe', { key: 'a' }), reply().text('Done.'));
    const result = await runAgent({
      llm: fakeClient(`${fake.origin}`),
      registry: new ToolRegistry([createProbeTool().tool]),
      messages: start(),
      budget: new RunBudget(limits()),
    });
    fake.usePersona(undefined);
    assert.equal(result.stopReason, 'done', result.error);
    assert.ok((result.tokens.cachedPrompt ?? 0) > 0);
    assert.ok(!result.tokens.estimated);
    assert.equal(fake.requests.at(-1)!.body.messages[2].reasoning_content, 'The user wants the typo fixed.');
  });

  it('retries a stream that ended quietly once, not five times', async () => {
    fake.enqueue(
      reply().text('a').finish('').noDone(),
      reply().text('b').finish('').noDone(),
      reply().text('never'),
    );
    const result = await runAgent({
      llm: fakeClient(fake.url),
      registry: new ToolRegistry([]),
      messages: start(),
      budget: new RunBudget(limits()),
    });
    assert.equal(result.stopReason, 'error');
    assert.match(result.error ?? '', /twice ended its answer without finishing it/);
    assert.equal(fake.requests.length, 2);
  });
});

describe('histories every provider accepts', () => {
  it('keeps only arguments that parse: as sent, repaired, or {}', () => {
    assert.equal(historyArguments('{"path":"a"}'), '{"path":"a"}');
    assert.equal(historyArguments(''), '{}');
    assert.equal(historyArguments("{'path': 'a',}"), '{"path":"a"}');
    assert.equal(historyArguments('{"path": "a"'), '{}', 'cut-off text is not completed by a guess');
    assert.equal(historyArguments('[1]'), '{}');
  });

  it('records an empty answer with text and says when arguments were repaired', () => {
    const messages: ChatCompletionMessageParam[] = [];
    const guard = new DoomLoopGuard();
    appendTurn(
      messages,
      { kind: 'complete', content: '', calls: [], results: [], usage: undefined, attempts: 1 },
      guard,
    );
    assert.equal(messages[0]!.content, EMPTY_ANSWER);
    appendTurn(
      messages,
      {
        kind: 'complete',
        content: '',
        calls: [{ id: 'c', name: 'probe', arguments: "{'key': 'a'}" }],
        results: [
          {
            callId: 'c',
            output: 'probe a ok',
            isError: false,
            meta: { tool: 'probe', status: 'ok', readOnly: true, durationMs: 1, repairedArguments: true },
          },
        ],
        usage: undefined,
        attempts: 1,
      },
      guard,
    );
    const assistant = messages[1] as { tool_calls: Array<{ function: { arguments: string } }> };
    assert.equal(assistant.tool_calls[0]!.function.arguments, '{"key":"a"}');
    assert.match(
      String(messages[2]!.content),
      /^\[Your arguments were not valid JSON; they were read as \{"key":"a"\}\.\]\n\nprobe a ok$/,
    );
  });
});
