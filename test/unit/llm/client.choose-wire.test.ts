import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { chooseWire, createLlmClient } from '../../../src/llm/client.js';
import { streamModelTurn } from '../../../src/llm/model-turn.js';
import { reply } from '../../fakes/openai-server.js';
import { useFakeOpenAI } from '../../helpers/fake-openai.js';

describe('chooseWire', () => {
  it('picks the Responses API for OpenAI and Azure OpenAI v1 endpoints under auto', () => {
    for (const url of [
      'https://api.openai.com/v1',
      'https://api.openai.com/v1/',
      'https://eu.api.openai.com/v1',
      'https://my-resource.openai.azure.com/openai/v1',
      'https://my-resource.openai.azure.com/openai/v1/',
      'https://my-resource.cognitiveservices.azure.com/openai/v1',
      'https://my-project.services.ai.azure.com/openai/v1',
    ]) {
      assert.equal(chooseWire('auto', url), 'responses', url);
    }
  });

  it('keeps Chat Completions everywhere else under auto', () => {
    for (const url of [
      'https://openrouter.ai/api/v1',
      'http://localhost:11434/v1',
      'http://127.0.0.1:8000/v1',
      'https://generativelanguage.googleapis.com/v1beta/openai',
      'https://api.deepseek.com',
      'https://models.github.ai/inference',
      // Azure's deployment URLs and its serverless model endpoints speak Chat Completions only.
      'https://my-resource.openai.azure.com/openai/deployments/gpt-4o',
      'https://my-model.eastus2.models.ai.azure.com',
      // A look-alike host is not OpenAI.
      'https://api.openai.com.example.test/v1',
      'https://evilapi.openai.com/v1',
      'not a url',
    ]) {
      assert.equal(chooseWire('auto', url), 'chat-completions', url);
    }
  });

  it('does what an explicit api input says, whatever the host', () => {
    assert.equal(chooseWire('responses', 'http://127.0.0.1:8000/v1'), 'responses');
    assert.equal(chooseWire('chat-completions', 'https://api.openai.com/v1'), 'chat-completions');
  });

  it('is what the client is built with', () => {
    const llm = createLlmClient({ baseUrl: 'https://api.openai.com/v1/', apiKey: 'sk-x', model: 'm' });
    assert.equal(llm.wire, 'responses');
    assert.equal(
      createLlmClient({ baseUrl: 'http://127.0.0.1:1/v1', apiKey: '', model: 'm' }).wire,
      'chat-completions',
    );
    // A pasted operation URL, or a query string, still names the endpoint.
    for (const baseUrl of [
      'https://api.openai.com/v1/responses',
      'https://api.openai.com/v1/chat/completions',
      'https://my-resource.openai.azure.com/openai/v1?api-version=preview',
    ]) {
      assert.equal(createLlmClient({ baseUrl, apiKey: 'k', model: 'm' }).wire, 'responses', baseUrl);
    }
  });
});

describe('api auto against the real hostnames', () => {
  const fake = useFakeOpenAI();

  /** A fetch that delivers requests for `origin` to the fake instead; anything else is refused, never sent. */
  const toFake =
    (origin: string): typeof fetch =>
    (input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      if (!url.startsWith(`${origin}/`)) throw new Error(`test fetch refuses ${url}`);
      return fetch(url.replace(origin, new URL(fake.url).origin), init);
    };

  for (const [label, baseUrl, path] of [
    ['OpenAI', 'https://api.openai.com/v1', '/v1/responses'],
    ['Azure OpenAI v1', 'https://my-resource.openai.azure.com/openai/v1', '/openai/v1/responses'],
  ] as const) {
    it(`speaks the Responses API to ${label} without being told`, async () => {
      const llm = createLlmClient({
        baseUrl,
        apiKey: 'sk-auto',
        model: 'gpt-test',
        fetch: toFake(new URL(baseUrl).origin),
      });
      fake.enqueue(reply().text('Hello.'));
      const turn = await streamModelTurn(llm, { messages: [{ role: 'user', content: 'hi' }], tools: [] });
      assert.equal(turn.content, 'Hello.');
      assert.equal(fake.requests.at(-1)!.path, path);
      assert.equal(fake.requests.at(-1)!.body.store, false);
      const headers = fake.requests.at(-1)!.headers;
      if (label === 'OpenAI') assert.equal(headers.authorization, 'Bearer sk-auto');
      else
        assert.deepEqual(
          [headers['api-key'], headers.authorization],
          ['sk-auto', undefined],
          'Azure takes the key as api-key',
        );
    });
  }
});
