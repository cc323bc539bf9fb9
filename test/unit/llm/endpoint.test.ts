import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_CONTEXT_WINDOW_TOKENS } from '../../../src/limits.js';
import { contextWindowFor } from '../../../src/llm/context-window.js';
import { resolveEndpoint } from '../../../src/llm/endpoint.js';

describe('resolveEndpoint', () => {
  it('leaves an ordinary base URL as it is, with Bearer auth', () => {
    assert.deepEqual(resolveEndpoint('https://api.openai.com/v1', 'k'), {
      baseURL: 'https://api.openai.com/v1',
      query: {},
      headers: {},
    });
    assert.equal(
      resolveEndpoint('https://openrouter.ai/api/v1/chat/completions', 'k').baseURL,
      'https://openrouter.ai/api/v1',
    );
  });

  it('sends api-key instead of Bearer to Azure hosts', () => {
    const v1 = resolveEndpoint('https://res.openai.azure.com/openai/v1/', 'k');
    assert.deepEqual(v1, {
      baseURL: 'https://res.openai.azure.com/openai/v1',
      query: {},
      headers: { 'api-key': 'k', Authorization: null },
    });
  });

  it('moves a legacy deployment URL’s api-version into the query, adding one when missing', () => {
    const legacy = resolveEndpoint(
      'https://res.openai.azure.com/openai/deployments/gpt4/chat/completions?api-version=2024-06-01',
      'k',
    );
    assert.equal(legacy.baseURL, 'https://res.openai.azure.com/openai/deployments/gpt4');
    assert.deepEqual(legacy.query, { 'api-version': '2024-06-01' });
    assert.equal(
      resolveEndpoint('https://gateway.internal/openai/deployments/gpt4', 'k').query['api-version'],
      '2024-10-21',
    );
    assert.equal(
      resolveEndpoint('https://gateway.internal/openai/deployments/gpt4', 'k').headers['api-key'],
      'k',
    );
  });

  it('asks Azure AI model inference to pass unknown parameters through', () => {
    const foundry = resolveEndpoint(
      'https://res.services.ai.azure.com/models?api-version=2024-05-01-preview',
      'k',
    );
    assert.equal(foundry.headers['extra-parameters'], 'pass-through');
    assert.deepEqual(foundry.query, { 'api-version': '2024-05-01-preview' });
  });
});

describe('contextWindowFor', () => {
  it('prefers the input, then the known family, then 128000', () => {
    assert.equal(contextWindowFor('gpt-4.1', 8000), 8000);
    assert.equal(contextWindowFor('openai/gpt-4.1-2025-04-14', undefined), 1_047_576);
    assert.equal(contextWindowFor('gpt-5.5', undefined), 400_000);
    assert.equal(contextWindowFor('qwen3-coder:30b', undefined), 262_144);
    assert.equal(contextWindowFor('my-finetune', undefined), DEFAULT_CONTEXT_WINDOW_TOKENS);
  });
});
