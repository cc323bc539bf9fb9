/**
 * Streaming dispatch on the Responses wire: the same loop code, the calls announced by
 * `response.function_call_arguments.done` instead of Chat deltas.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { streamAndDispatch } from '../../../src/agent/streaming-dispatch.js';
import { createLlmClient } from '../../../src/llm/client.js';
import { ToolRegistry } from '../../../src/tools/registry.js';
import { reply } from '../../fakes/openai-server.js';
import { createProbeTool } from '../../helpers/agent-tools.js';
import { useFakeOpenAI } from '../../helpers/fake-openai.js';

describe('streamAndDispatch on the Responses API', () => {
  const fake = useFakeOpenAI();

  const setup = (idleTimeoutMs: number) => {
    const reader = createProbeTool({ name: 'look' });
    const writer = createProbeTool({ name: 'change', readOnly: false });
    const registry = new ToolRegistry([reader.tool, writer.tool]);
    const llm = createLlmClient({
      baseUrl: fake.url,
      apiKey: 'sk-test',
      model: 'fake-model',
      api: 'responses',
      idleTimeoutMs,
    });
    const dispatch = (mode: 'streaming' | 'batch' = 'streaming') =>
      streamAndDispatch({
        llm,
        messages: [{ role: 'user', content: 'go' }],
        tools: registry.definitions(),
        registry,
        signal: new AbortController().signal,
        mode,
      });
    return { reader, writer, dispatch };
  };

  // Events: created, in_progress, reasoning added + done, then per call added, 3 deltas,
  // arguments.done, item done (6); silence right after the third call's `output_item.added`.
  const threeLooksThenSilence = () =>
    reply()
      .tool('look', { key: 'a' })
      .tool('look', { key: 'b' })
      .tool('look', { key: 'c' })
      .chunks(3)
      .stall(4 + 6 + 6 + 1);

  it('starts read-only calls before the response has finished streaming', async () => {
    const { reader, dispatch } = setup(400);
    fake.enqueue(threeLooksThenSilence());
    const outcome = await dispatch();
    assert.equal(fake.requests.at(-1)!.path, '/v1/responses');
    assert.equal(outcome.kind, 'broken');
    assert.deepEqual(
      reader.runs,
      ['a', 'b'],
      'the two finished calls ran although the response never completed',
    );
    assert.deepEqual(outcome.kind === 'broken' && outcome.results.map((r) => r.output), [
      'probe a ok',
      'probe b ok',
    ]);
  });

  it('in batch mode starts nothing before the response is complete', async () => {
    const { reader, dispatch } = setup(400);
    fake.enqueue(threeLooksThenSilence());
    const outcome = await dispatch('batch');
    assert.equal(outcome.kind, 'broken');
    assert.deepEqual(reader.runs, []);
  });

  it('holds a call with side effects until the response completed, then runs all in order', async () => {
    const { reader, writer, dispatch } = setup(5000);
    fake.enqueue(
      reply().tool('look', { key: 'a' }).tool('change', { key: 'x' }).tool('look', { key: 'b' }).chunks(4),
    );
    const outcome = await dispatch();
    assert.equal(outcome.kind, 'complete');
    assert.deepEqual(outcome.kind === 'complete' && outcome.results.map((r) => r.output), [
      'probe a ok',
      'probe x ok',
      'probe b ok',
    ]);
    assert.deepEqual(writer.runs, ['x']);
    assert.deepEqual(reader.runs, ['a', 'b']);
  });
});
