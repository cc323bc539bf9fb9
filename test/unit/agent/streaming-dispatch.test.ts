import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type DispatchOptions, streamAndDispatch } from '../../../src/agent/streaming-dispatch.js';
import { ToolRegistry } from '../../../src/tools/registry.js';
import { reply } from '../../fakes/openai-server.js';
import { createProbeTool } from '../../helpers/agent-tools.js';
import { fakeClient } from '../../helpers/fake-llm-client.js';
import { useFakeOpenAI } from '../../helpers/fake-openai.js';

describe('streamAndDispatch', () => {
  const fake = useFakeOpenAI();

  /** Probe tools, and `dispatch` running one turn of the fake model with them (`idleTimeoutMs` for a stall). */
  const setup = (idleTimeoutMs?: number) => {
    const reader = createProbeTool({ name: 'look' });
    const writer = createProbeTool({ name: 'change', readOnly: false });
    const registry = new ToolRegistry([reader.tool, writer.tool]);
    const dispatch = (options: Pick<DispatchOptions, 'onToolStart' | 'mode'> = {}) =>
      streamAndDispatch({
        llm: fakeClient(fake.url, idleTimeoutMs),
        messages: [{ role: 'user', content: 'go' }],
        tools: registry.definitions(),
        registry,
        signal: new AbortController().signal,
        ...options,
      });
    return { reader, writer, dispatch };
  };

  // Three calls; the stream goes silent after the third call's header and never finishes.
  // Events: role, [header, 3 pieces] x2, header = 10.
  const threeLooksThenSilence = () =>
    reply()
      .tool('look', { key: 'a' })
      .tool('look', { key: 'b' })
      .tool('look', { key: 'c' })
      .chunks(3)
      .stall(10);

  it('starts read-only calls while the model is still streaming', async () => {
    const { reader, dispatch } = setup(400);
    fake.enqueue(threeLooksThenSilence());
    const started: string[] = [];
    const outcome = await dispatch({ onToolStart: (call) => started.push(call.id) });
    assert.equal(outcome.kind, 'broken');
    assert.deepEqual(reader.runs, ['a', 'b'], 'the two complete calls ran although the turn never finished');
    assert.equal(outcome.kind === 'broken' && outcome.results.length, 2);
    assert.deepEqual(outcome.kind === 'broken' && outcome.results.map((r) => r.output), [
      'probe a ok',
      'probe b ok',
    ]);
  });

  it('holds a non-read-only call (and what follows) until the stream ends cleanly', async () => {
    const { reader, writer, dispatch } = setup();
    // look a, change x, look b — then the stream is cut: only `look a` may have run.
    fake.enqueue(
      reply()
        .tool('look', { key: 'a' })
        .tool('change', { key: 'x' })
        .tool('look', { key: 'b' })
        .chunks(2)
        .cut(10),
    );
    const outcome = await dispatch();
    assert.equal(outcome.kind, 'broken');
    assert.deepEqual(reader.runs, ['a']);
    assert.deepEqual(writer.runs, [], 'no side effect from a broken turn');
    assert.deepEqual(outcome.kind === 'broken' && outcome.calls.map((c) => c.name), ['look']);
  });

  it('runs a mixed turn fully, with results in call order', async () => {
    const { reader, writer, dispatch } = setup();
    fake.enqueue(
      reply()
        .text('Checking.')
        .tool('look', { key: 'a' })
        .tool('look', { key: 'b' })
        .tool('change', { key: 'x' })
        .tool('look', { key: 'c' })
        .chunks(3),
    );
    const outcome = await dispatch();
    assert.equal(outcome.kind, 'complete');
    if (outcome.kind !== 'complete') return;
    assert.equal(outcome.turn.content, 'Checking.');
    assert.deepEqual(
      outcome.results.map((r) => r.output),
      ['probe a ok', 'probe b ok', 'probe x ok', 'probe c ok'],
    );
    assert.deepEqual(
      outcome.results.map((r) => r.callId),
      outcome.turn.toolCalls.map((c) => c.id),
    );
    assert.deepEqual(writer.runs, ['x']);
    assert.equal(reader.runs.length, 3);
  });

  it('in batch mode starts nothing before the turn is complete', async () => {
    const { reader, dispatch } = setup(400);
    fake.enqueue(threeLooksThenSilence());
    const outcome = await dispatch({ mode: 'batch' });
    assert.equal(outcome.kind, 'broken');
    assert.deepEqual(reader.runs, []);
  });
});
