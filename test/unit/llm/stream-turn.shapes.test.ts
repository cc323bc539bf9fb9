/**
 * Provider stream shapes through the real `streamTurn`: each persona's frames (see
 * `test/fakes/providers/`) and a few raw streams for timing and odd endings.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, afterEach, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { createLlmClient } from '../../../src/llm/client.js';
import { StreamBrokenError } from '../../../src/llm/retry.js';
import { streamTurn } from '../../../src/llm/stream-turn.js';
import { reply } from '../../fakes/openai-server.js';
import { deepSeekThinking } from '../../fakes/providers/deepseek.js';
import { geminiDirect, openRouterGemini } from '../../fakes/providers/gemini.js';
import { groq } from '../../fakes/providers/groq.js';
import { ollama, vllmNew } from '../../fakes/providers/local-servers.js';
import type { Persona } from '../../fakes/providers/persona.js';
import { useFakeOpenAI } from '../../helpers/fake-openai.js';

const messages = [{ role: 'user' as const, content: 'hi' }];
const tools = [
  { type: 'function' as const, function: { name: 'read_file', parameters: { type: 'object' } } },
];

describe('provider stream shapes', () => {
  const fake = useFakeOpenAI();
  afterEach(() => {
    fake.usePersona(undefined);
    fake.clear();
  });
  const turnOn = (persona: Persona, ...steps: ReturnType<typeof reply>[]) => {
    fake.usePersona(persona);
    fake.enqueue(...steps);
    const inputs = persona.inputs(fake.origin);
    return createLlmClient({ baseUrl: inputs['base-url']!, apiKey: 'k', model: inputs['model']! });
  };
  const twoCalls = () => reply().tool('read_file', { path: 'a' }).tool('read_file', { path: 'b' });

  it('Gemini: whole index-less calls keep their ids and thought signatures', async () => {
    const turn = await streamTurn(turnOn(geminiDirect(), twoCalls()), { messages, tools });
    assert.equal(turn.finishReason, 'stop');
    assert.deepEqual(
      turn.toolCalls.map((c) => c.arguments),
      ['{"path":"a"}', '{"path":"b"}'],
    );
    for (const call of turn.toolCalls)
      assert.deepEqual(call.providerFields, {
        extra_content: { google: { thought_signature: `sig-${call.id}` } },
      });
  });

  it('Ollama: index 0 for every call and the role on every chunk still make two calls', async () => {
    const turn = await streamTurn(turnOn(ollama(), twoCalls()), { messages, tools });
    assert.deepEqual(
      turn.toolCalls.map((c) => c.arguments),
      ['{"path":"a"}', '{"path":"b"}'],
    );
  });

  it('Groq: usage read from x_groq', async () => {
    const llm = turnOn(groq(), reply().text('ok'));
    await assert.rejects(streamTurn(llm, { messages, tools }), /tool_use_failed|Failed to call a function/);
    const turn = await streamTurn(llm, { messages, tools });
    assert.equal(turn.usage?.completion, 25);
    assert.ok(turn.usage && turn.usage.prompt > 0);
  });

  it('Groq and vLLM: an error event in a 200 stream is a broken stream, quoted', async () => {
    await assert.rejects(
      streamTurn(turnOn(groq(), reply().text('ok')), { messages, tools }),
      (error: unknown) => {
        assert.ok(error instanceof StreamBrokenError);
        assert.match(error.message, /error in the stream: Failed to call a function/);
        return true;
      },
    );
    await assert.rejects(
      streamTurn(turnOn(vllmNew(), reply().text('ok')), { messages, tools }),
      /The engine is overloaded/,
    );
  });

  it('DeepSeek: reasoning_content is gathered for the history, cache hits are counted', async () => {
    const turn = await streamTurn(turnOn(deepSeekThinking(), reply().tool('read_file', { path: 'a' })), {
      messages,
      tools,
    });
    assert.deepEqual(turn.assistantFields, { reasoning_content: 'The user wants the typo fixed.' });
    assert.ok((turn.usage?.cachedPrompt ?? 0) > 0);
  });

  it('OpenRouter: reasoning_details pieces are joined per index, encrypted blocks kept whole', async () => {
    const llm = turnOn(openRouterGemini(), reply().tool('read_file', { path: 'a' }));
    await assert.rejects(streamTurn(llm, { messages, tools }), /Provider disconnected/);
    const turn = await streamTurn(llm, { messages, tools });
    assert.deepEqual(turn.assistantFields?.['reasoning_details'], [
      { type: 'reasoning.text', text: 'Looking at it.', index: 0, format: 'google-gemini-v1' },
      { type: 'reasoning.encrypted', data: 'enc-1', index: 1, format: 'google-gemini-v1' },
    ]);
  });

  it('vLLM: a piece after finish_reason and no [DONE] still give the whole call', async () => {
    const llm = turnOn(vllmNew(), reply().tool('read_file', { path: 'src/greet.js' }).chunks(3));
    await assert.rejects(streamTurn(llm, { messages, tools }));
    const seen: string[] = [];
    const turn = await streamTurn(llm, {
      messages,
      tools,
      onEvent: (e) => (e.type === 'call' ? seen.push(e.call.arguments) : undefined),
    });
    assert.deepEqual(seen, ['{"path":"src/greet.js"}'], 'the call was handed out complete, once');
    assert.equal(turn.finishReason, 'tool_calls');
  });
});

describe('raw streams', () => {
  let server: Server;
  let handler: (res: import('node:http').ServerResponse) => Promise<void>;
  let base = '';
  before(async () => {
    server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      void handler(res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const chunk = (delta: object, finish: string | null = null) =>
    `data: ${JSON.stringify({ id: 'x', object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;

  it('keep-alive comments reset the idle watchdog', async () => {
    handler = async (res) => {
      for (let i = 0; i < 6; i++) {
        res.write(': keep-alive\n\n');
        await sleep(60);
      }
      res.end(`${chunk({ content: 'late but fine' }, 'stop')}data: [DONE]\n\n`);
    };
    const llm = createLlmClient({ baseUrl: base, apiKey: 'k', model: 'm', idleTimeoutMs: 200 });
    const turn = await streamTurn(llm, { messages, tools });
    assert.equal(turn.content, 'late but fine');
  });

  it('silence still ends the turn', async () => {
    handler = async (res) => {
      res.write(': keep-alive\n\n');
    };
    const llm = createLlmClient({ baseUrl: base, apiKey: 'k', model: 'm', idleTimeoutMs: 150 });
    await assert.rejects(streamTurn(llm, { messages, tools }), /no data from the endpoint/);
  });

  it('reads arguments sent as an object, text sent as blocks, and index-less calls without ids', async () => {
    handler = async (res) => {
      res.write(
        chunk({
          content: [
            { type: 'thinking', thinking: [] },
            { type: 'text', text: 'Hi' },
          ],
        }),
      );
      res.write(chunk({ tool_calls: [{ function: { name: 'read_file', arguments: { path: 'a' } } }] }));
      res.write(chunk({ tool_calls: [{ function: { name: 'read_file', arguments: '{"path":"b"}' } }] }));
      res.end(`${chunk({}, 'tool_calls')}data: [DONE]\n\n`);
    };
    const turn = await streamTurn(createLlmClient({ baseUrl: base, apiKey: 'k', model: 'm' }), {
      messages,
      tools,
    });
    assert.equal(turn.content, 'Hi');
    assert.deepEqual(
      turn.toolCalls.map((c) => c.arguments),
      ['{"path":"a"}', '{"path":"b"}'],
    );
  });

  it('a data line that is not JSON is a broken stream', async () => {
    handler = async (res) => {
      res.end('data: <html>oops</html>\n\n');
    };
    await assert.rejects(
      streamTurn(createLlmClient({ baseUrl: base, apiKey: 'k', model: 'm' }), { messages, tools }),
      /not JSON/,
    );
  });
});
