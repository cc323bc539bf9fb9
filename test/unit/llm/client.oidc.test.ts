/**
 * The LLM client with `auth: oidc` against the fake model server, which accepts only bearers the
 * fake token service minted and only while they live: the SDK asks for the bearer before each
 * request, a bearer the endpoint refused early is replaced once, it never leaves base-url's
 * origin, and an exchange that fails is a fatal or retryable verdict, never a crash.
 */
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { createLlmClient } from '../../../src/llm/client.js';
import { bearerFetch } from '../../../src/llm/oidc/bearer-fetch.js';
import { type BearerSource, createBearerSource } from '../../../src/llm/oidc/bearer-source.js';
import { OidcError } from '../../../src/llm/oidc/oidc-error.js';
import { openrouterRecipe } from '../../../src/llm/oidc/openrouter.js';
import { classifyLlmError } from '../../../src/llm/retry.js';
import { streamTurn } from '../../../src/llm/stream-turn.js';
import { type FakeOidcIssuer, startFakeOidcIssuer } from '../../fakes/oidc/oidc-issuer.js';
import { type FakeTokenServices, startFakeTokenServices } from '../../fakes/oidc/token-services.js';
import { reply } from '../../fakes/openai-server.js';
import { useFakeOpenAI } from '../../helpers/fake-openai.js';

const hi = { messages: [{ role: 'user' as const, content: 'hi' }], tools: [] };

describe('createLlmClient with an OIDC bearer', () => {
  const fake = useFakeOpenAI();
  let issuer: FakeOidcIssuer;
  let services: FakeTokenServices;
  before(async () => {
    issuer = await startFakeOidcIssuer();
    // The bearer says it lives an hour; the model drops the first after one use, as a revocation would.
    services = await startFakeTokenServices({ issuer, revokeFirstAfterUses: 1 });
  });
  after(async () => {
    await services.close();
    await issuer.close();
  });

  const sourceFor = (tokenUrl = services.tokenUrl('openrouter')) =>
    createBearerSource({
      recipe: openrouterRecipe,
      settings: {
        provider: 'openrouter',
        audience: services.trust.openrouter.audience,
        tokenUrl,
        options: { 'federation-policy-id': services.trust.openrouter.policyId },
      },
      baseUrl: fake.url,
      requestIdToken: async (audience) => {
        const response = await fetch(`${issuer.requestUrl}&audience=${encodeURIComponent(audience)}`, {
          headers: { authorization: `Bearer ${issuer.requestToken}` },
        });
        return ((await response.json()) as { value: string }).value;
      },
      onSecret: () => {},
      log: () => {},
    });

  const clientWith = (bearer: BearerSource) =>
    createLlmClient({
      baseUrl: fake.url,
      apiKey: '',
      model: 'fake-model',
      oidc: { provider: 'openrouter', bearer },
    });

  it('sends the exchanged bearer, and a fresh one once the endpoint refuses it', async () => {
    fake.useAuth(services.modelAuth);
    const llm = clientWith(sourceFor());
    fake.enqueue(reply().text('one'), reply().text('two'));
    assert.equal((await streamTurn(llm, hi)).content, 'one');
    assert.equal((await streamTurn(llm, hi)).content, 'two');
    const bearers = fake.requests.map((r) => String(r.headers.authorization));
    const minted = services.minted.filter((m) => m.provider === 'openrouter').map((m) => `Bearer ${m.token}`);
    assert.deepEqual(
      bearers,
      [minted.at(-2), minted.at(-2), minted.at(-1)],
      'accepted, refused (revoked), renewed',
    );
    assert.equal(services.modelRefusals, 1);
  });

  it('turns a refused exchange into a fatal verdict before any model request', async () => {
    const llm = clientWith(
      createBearerSource({
        recipe: {
          ...openrouterRecipe,
          exchange: async () => Promise.reject(new OidcError('nope', 'refused', 401)),
        },
        settings: { provider: 'openrouter', audience: 'a', tokenUrl: 'https://x.example', options: {} },
        baseUrl: fake.url,
        requestIdToken: async () => 'id',
        onSecret: () => {},
        log: () => {},
      }),
    );
    const error = await streamTurn(llm, hi).then(
      () => assert.fail('expected a failure'),
      (e: unknown) => e,
    );
    const verdict = classifyLlmError(error, llm);
    assert.equal(verdict?.kind, 'fatal');
    assert.equal(verdict?.kind === 'fatal' && verdict.error.message, 'nope');
    assert.equal(fake.requests.length, 0);
  });

  it('retries an exchange whose token service is unreachable', async () => {
    const llm = clientWith(sourceFor('http://127.0.0.1:9/token'));
    const error = await streamTurn(llm, hi).catch((e: unknown) => e);
    assert.equal(classifyLlmError(error, llm)?.kind, 'retry');
  });

  it('names the bearer, not an api-key, when the endpoint refuses it', async () => {
    fake.useAuth(() => ({
      kind: 'http-error',
      status: 403,
      headers: {},
      body: '{"error":{"message":"no access"}}',
    }));
    const llm = clientWith(sourceFor());
    const error = await streamTurn(llm, hi).catch((e: unknown) => e);
    const verdict = classifyLlmError(error, llm);
    assert.ok(verdict?.kind === 'fatal');
    assert.match(
      verdict.error.message,
      /refused the bearer exchanged with oidc-provider: openrouter \(HTTP 403: no access\)/,
    );
    assert.doesNotMatch(verdict.error.message, /api-key/);
  });
});

describe('bearerFetch', () => {
  let target: { url: string; hits: number; close: () => void };
  before(async () => {
    let hits = 0;
    const other = createServer((_req, res) => {
      hits += 1;
      res.end('{}');
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
    target = {
      url,
      get hits() {
        return hits;
      },
      close: () => other.close(),
    };
  });
  after(() => target.close());

  const source: BearerSource = { token: async () => 'b1', invalidate: () => {} };

  it('refuses to carry the bearer to another origin', async () => {
    const wrapped = bearerFetch(globalThis.fetch, source, 'http://127.0.0.1:1/v1');
    await assert.rejects(
      wrapped(`${target.url}/chat/completions`),
      /refusing to send the OIDC bearer to http:\/\/127\.0\.0\.1:\d+/,
    );
    assert.equal(target.hits, 0);
  });

  it('does not follow a redirect elsewhere', async () => {
    const redirector = createServer((_req, res) =>
      res.writeHead(307, { location: `${target.url}/steal` }).end(),
    );
    await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(redirector.address() as AddressInfo).port}`;
    try {
      const wrapped = bearerFetch(globalThis.fetch, source, `${origin}/v1`);
      const response = await wrapped(`${origin}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: 'Bearer b1' },
        body: '{}',
      });
      assert.equal(response.status, 307);
      assert.equal(target.hits, 0);
    } finally {
      redirector.close();
    }
  });
});
