import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createLlmClient } from '../../../src/llm/client.js';
import {
  classifyLlmError,
  defaultRetryPolicy,
  type ErrorVerdict,
  LlmFatalError,
  retryAfterFromHeaders,
  retryDelayMs,
} from '../../../src/llm/retry.js';
import { streamTurn } from '../../../src/llm/stream-turn.js';
import { httpError, reset } from '../../fakes/openai-server.js';
import { useFakeOpenAI } from '../../helpers/fake-openai.js';

describe('classifyLlmError against real HTTP failures', () => {
  const fake = useFakeOpenAI();

  const failureOf = async (baseUrl = fake.url) => {
    const llm = createLlmClient({ baseUrl, apiKey: 'sk-x', model: 'gpt-nope' });
    const error = await streamTurn(llm, { messages: [{ role: 'user', content: 'hi' }], tools: [] }).then(
      () => assert.fail('expected a failure'),
      (e: unknown) => e,
    );
    return classifyLlmError(error, { baseUrl: llm.baseUrl, model: llm.model });
  };

  it('retries 429 and honours retry-after', async () => {
    fake.enqueue(httpError(429, { retryAfter: '3', code: 'rate_limit_exceeded' }));
    assert.deepEqual(await failureOf(), {
      kind: 'retry',
      reason: 'HTTP 429: fake error 429',
      retryAfterMs: 3000,
    });
  });

  it('retries 500 and a reset connection', async () => {
    fake.enqueue(httpError(500));
    assert.equal((await failureOf())?.kind, 'retry');
    fake.enqueue(reset());
    const verdict = await failureOf();
    assert.equal(verdict?.kind, 'retry');
    assert.match(verdict.kind === 'retry' ? verdict.reason : '', /connection/i);
  });

  it('fails fast on 401 naming api-key', async () => {
    fake.enqueue(httpError(401, { code: 'invalid_api_key', message: 'Incorrect API key provided' }));
    const verdict = await failureOf();
    assert.equal(verdict?.kind, 'fatal');
    const error = verdict.kind === 'fatal' ? verdict.error : undefined;
    assert.ok(error instanceof LlmFatalError);
    assert.equal(error.input, 'api-key');
    assert.match(error.message, /`api-key` input/);
  });

  it('fails fast on an unknown model naming model', async () => {
    fake.enqueue(
      httpError(404, {
        code: 'model_not_found',
        message: 'The model `gpt-nope` does not exist or you do not have access to it.',
      }),
    );
    const error = fatalOf(await failureOf());
    assert.equal(error.input, 'model');
    assert.match(error.message, /`model` input/);
  });

  it('fails fast on a wrong base URL naming base-url', async () => {
    const error = fatalOf(await failureOf(fake.url.replace(/\/v1$/, '/wrong')));
    assert.equal(error.input, 'base-url');
    assert.match(error.message, /`base-url` input/);
  });

  it('leaves non-LLM errors (bugs) unclassified', () => {
    assert.equal(classifyLlmError(new TypeError('x is undefined'), { baseUrl: '', model: '' }), undefined);
  });
});

function fatalOf(verdict: ErrorVerdict | undefined): LlmFatalError {
  assert.equal(verdict?.kind, 'fatal');
  return (verdict as Extract<ErrorVerdict, { kind: 'fatal' }>).error;
}

describe('retry delays', () => {
  it('grows exponentially, is capped, and jitters within [d/2, d]', () => {
    const policy = { ...defaultRetryPolicy, baseDelayMs: 100, maxDelayMs: 1000 };
    assert.equal(
      retryDelayMs(1, {}, policy, () => 0),
      50,
    );
    assert.equal(
      retryDelayMs(1, {}, policy, () => 1),
      100,
    );
    assert.equal(
      retryDelayMs(3, {}, policy, () => 1),
      400,
    );
    assert.equal(
      retryDelayMs(10, {}, policy, () => 1),
      1000,
    );
    assert.equal(
      retryDelayMs(10, {}, policy, () => 0),
      500,
    );
  });

  it('prefers retry-after, capped', () => {
    const policy = { ...defaultRetryPolicy, maxRetryAfterMs: 5000 };
    assert.equal(retryDelayMs(1, { retryAfterMs: 2000 }, policy), 2000);
    assert.equal(retryDelayMs(1, { retryAfterMs: 60_000 }, policy), 5000);
  });

  it('reads retry-after as seconds, an HTTP date, or retry-after-ms', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    assert.equal(retryAfterFromHeaders(new Headers({ 'retry-after': '7' }), now), 7000);
    assert.equal(
      retryAfterFromHeaders(new Headers({ 'retry-after': 'Wed, 01 Jan 2025 00:00:05 GMT' }), now),
      5000,
    );
    assert.equal(
      retryAfterFromHeaders(new Headers({ 'retry-after-ms': '250', 'retry-after': '9' }), now),
      250,
    );
    assert.equal(retryAfterFromHeaders(new Headers({}), now), undefined);
  });
});
