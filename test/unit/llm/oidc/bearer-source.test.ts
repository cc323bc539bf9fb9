import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createBearerSource } from '../../../../src/llm/oidc/bearer-source.js';
import { exchangeRecipe } from '../../../../src/llm/oidc/exchange.js';
import { OidcError } from '../../../../src/llm/oidc/oidc-error.js';
import type { Bearer, OidcRecipe, OidcSettings } from '../../../../src/llm/oidc/recipe.js';

const SETTINGS: OidcSettings = {
  provider: 'exchange',
  audience: 'aud-1',
  tokenUrl: 'https://sts.example/token',
  options: {},
};

/** A recipe whose exchange answers from a script, counting calls; a clock the test moves. */
function scripted(answers: (() => Promise<Bearer>)[]) {
  let calls = 0;
  const recipe: OidcRecipe = {
    ...exchangeRecipe,
    exchange: async (idToken) => {
      assert.match(idToken, /^id-\d+$/);
      const answer = answers[calls++];
      assert.ok(answer, 'no more exchanges scripted');
      return answer();
    },
  };
  let now = 1_000_000;
  const audiences: string[] = [];
  const secrets: string[] = [];
  const logs: string[] = [];
  const source = createBearerSource({
    recipe,
    settings: SETTINGS,
    baseUrl: 'https://gateway.example/v1',
    requestIdToken: async (audience) => {
      audiences.push(audience);
      return `id-${audiences.length}`;
    },
    onSecret: (s) => secrets.push(s),
    log: (m) => logs.push(m),
    now: () => now,
  });
  return {
    source,
    audiences,
    secrets,
    logs,
    calls: () => calls,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

const bearer = (token: string, lifetimeSeconds: number | undefined) => async () => ({
  token,
  lifetimeSeconds,
});
const unavailable = () => async (): Promise<Bearer> => {
  throw new OidcError('token service down', 'unavailable', 503);
};

describe('createBearerSource', () => {
  it('exchanges once for many concurrent requests and masks every token first', async () => {
    const s = scripted([bearer('b1', 3600)]);
    const tokens = await Promise.all([s.source.token(), s.source.token(), s.source.token()]);
    assert.deepEqual(tokens, ['b1', 'b1', 'b1']);
    assert.equal(s.calls(), 1);
    assert.deepEqual(s.audiences, ['aud-1']);
    assert.deepEqual(s.secrets, ['id-1', 'b1']);
    assert.match(s.logs[0]!, /for a bearer valid 3600 s/);
  });

  it('renews after 80% of the lifetime, with a fresh job token each time', async () => {
    const s = scripted([bearer('b1', 3600), bearer('b2', 3600)]);
    assert.equal(await s.source.token(), 'b1');
    s.advance(2879_000);
    assert.equal(await s.source.token(), 'b1', 'still young at 47:59');
    s.advance(2_000);
    assert.equal(await s.source.token(), 'b2', 'renewed at 48:01 of 60:00');
    assert.deepEqual(s.secrets, ['id-1', 'b1', 'id-2', 'b2']);
  });

  it('keeps sending an ageing bearer while renewal fails for a passing reason, not past 95%', async () => {
    const s = scripted([bearer('b1', 100), unavailable(), unavailable(), bearer('b2', 100)]);
    await s.source.token();
    s.advance(85_000);
    assert.equal(await s.source.token(), 'b1');
    assert.match(
      s.logs.at(-1)!,
      /Could not renew the bearer yet \(token service down\); using the current one/,
    );
    s.advance(11_000);
    await assert.rejects(s.source.token(), /token service down/);
    assert.equal(await s.source.token(), 'b2');
  });

  it('fails at once when renewal is refused', async () => {
    const s = scripted([
      bearer('b1', 100),
      async () => {
        throw new OidcError('no', 'refused', 400);
      },
    ]);
    await s.source.token();
    s.advance(85_000);
    await assert.rejects(s.source.token(), (e: unknown) => e instanceof OidcError && e.failure === 'refused');
  });

  it('forgets a bearer the endpoint refused, once, whoever reports it', async () => {
    const s = scripted([bearer('b1', 3600), bearer('b2', 3600)]);
    await s.source.token();
    s.source.invalidate('b1');
    s.source.invalidate('b1');
    assert.equal(await s.source.token(), 'b2');
    s.source.invalidate('b1');
    assert.equal(await s.source.token(), 'b2', 'a stale report does not throw away the new bearer');
    assert.equal(s.calls(), 2);
  });

  it('assumes a short lifetime when the provider states none', async () => {
    const s = scripted([bearer('b1', undefined), bearer('b2', undefined)]);
    await s.source.token();
    assert.match(s.logs[0]!, /valid for an unstated time \(renewed after 240 s\)/);
    s.advance(241_000);
    assert.equal(await s.source.token(), 'b2');
  });
});
