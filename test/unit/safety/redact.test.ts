import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import { stripInvisible } from '../../../src/safety/invisible-chars.js';
import { createRedactor, createSecretDetector, REDACTED } from '../../../src/safety/redact.js';
import { hostileTexts as corpus } from '../../helpers/hostile-texts.js';

const { SECRET, TOKEN, API_KEY } = corpus.secrets;

/** True if any base64/base64url run in `text`, decoded at any of the 4 character offsets, holds `secret`. */
function leaksEncoded(text: string, secret: string): boolean {
  for (const run of text.match(/[A-Za-z0-9+/_-]{8,}/g) ?? []) {
    const normal = run.replace(/-/g, '+').replace(/_/g, '/');
    for (let offset = 0; offset < 4; offset++) {
      const slice = normal.slice(offset, offset + Math.floor((normal.length - offset) / 4) * 4);
      if (Buffer.from(slice, 'base64').toString('latin1').includes(secret)) return true;
    }
  }
  for (const run of text.match(/[0-9a-fA-F]{8,}/g) ?? []) {
    for (let offset = 0; offset < 2; offset++) {
      if (Buffer.from(run.slice(offset), 'hex').toString('latin1').includes(secret)) return true;
    }
  }
  let decoded = text;
  try {
    decoded = decodeURIComponent(text.replace(/%(?![0-9a-fA-F]{2})/g, '%25'));
  } catch {}
  return decoded.includes(secret);
}

describe('createRedactor on the hostile corpus', () => {
  const redact = createRedactor([SECRET, TOKEN, API_KEY]);
  for (const entry of corpus.entries) {
    it(entry.id, () => {
      const out = redact(entry.text);
      // As a reader (or a copy-paste) sees it: invisible characters inside a secret do not hide it.
      const seen = stripInvisible(out);
      for (const secret of [SECRET, TOKEN, API_KEY]) {
        assert.ok(!seen.includes(secret), `raw secret survived in ${out}`);
        assert.ok(!leaksEncoded(seen, secret), `encoded secret survived in ${out}`);
      }
      assert.equal(redact(out), out, 'redaction is stable');
    });
  }
});

describe('createRedactor', () => {
  it('removes a value and its base64, base64url, hex and URL-encoded forms', () => {
    const secret = 'p@ss/word+with=odd?chars&more';
    const redact = createRedactor([secret]);
    const forms = [
      secret,
      Buffer.from(secret).toString('base64'),
      Buffer.from(secret).toString('base64url'),
      Buffer.from(secret).toString('hex'),
      encodeURIComponent(secret),
      encodeURIComponent(secret)
        .toLowerCase()
        .replace(/%[0-9a-f]{2}/g, (h) => h),
    ];
    for (const form of forms) {
      const out = redact(`before ${form} after`);
      assert.match(out, /^before .*\*\*\*.* after$/, form);
      assert.ok(!leaksEncoded(out, secret), `${form} → ${out}`);
    }
  });

  it('finds a secret inside longer base64 blobs at every byte alignment', () => {
    for (let trial = 0; trial < 60; trial++) {
      const secret = randomBytes(12 + (trial % 20)).toString('base64url');
      const prefix = randomBytes(trial % 7);
      const suffix = randomBytes((trial * 5) % 9);
      const blob = Buffer.concat([prefix, Buffer.from(secret), suffix]);
      const redact = createRedactor([secret]);
      for (const encoded of [blob.toString('base64'), blob.toString('base64url')]) {
        const out = redact(`Authorization-ish: ${encoded};`);
        assert.ok(out.includes(REDACTED), `not redacted: ${encoded}`);
        assert.ok(!leaksEncoded(out, secret), `${encoded} → ${out}`);
      }
    }
  });

  it('covers the git extraheader form of the token', () => {
    const redact = createRedactor([TOKEN]);
    const header = Buffer.from(`x-access-token:${TOKEN}`).toString('base64');
    assert.equal(
      redact(`-c http.extraheader=AUTHORIZATION: basic ${header}`),
      '-c http.extraheader=AUTHORIZATION: basic ***',
    );
  });

  it('removes token-shaped strings it was not told about', () => {
    const redact = createRedactor([]);
    const cases: Array<[string, string]> = [
      [`ghp_${'a'.repeat(36)}`, '***'],
      [`ghs_${'B9'.repeat(18)} rest`, '*** rest'],
      [`github_pat_11ABCDEFG_${'x'.repeat(70)}`, '***'],
      [`sk-${'Ab1'.repeat(16)}`, '***'],
      [`key=sk-proj-${'Zz9_-'.repeat(20)}`, 'key=***'],
      ['eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJlc2lnbg', '***'],
      ['Authorization: Bearer abc.def', 'Authorization: Bearer ***'],
      ["-H 'authorization: token 0123456789abcdef'", "-H 'authorization: token ***'"],
      ['https://x-access-token:v1.abcdef@github.com/o/r', 'https://x-access-token:***@github.com/o/r'],
      ['https://user:hunter2@example.com/path', 'https://user:***@example.com/path'],
      ['AKIAIOSFODNN7EXAMPLE', '***'],
    ];
    for (const [input, expected] of cases) assert.equal(redact(input), expected, input);
  });

  it('leaves ordinary text alone', () => {
    const redact = createRedactor(['abc', '', 'xy']);
    const text = [
      'Ran sk-learn tests; see ghp_ docs and the github_pat_ prefix.',
      'commit 3f786850e387550fdab836ed7e6dc881de23001b by dev@example.com',
      'https://github.com/o/r/pull/1#issuecomment-123 at port https://localhost:8080/x',
      'abc xy tokens are too short to redact',
      'eyJ alone is fine, and so is "Authorization: Basic" without a value',
    ].join('\n');
    assert.equal(redact(text), text);
  });

  it('handles regex metacharacters, multi-line and overlapping secrets', () => {
    const redact = createRedactor([
      'a.b*c(d)[e]',
      'line-one-secret\nline-two-secret',
      'overlap-secret',
      'overlap-secret-longer',
    ]);
    assert.equal(redact('x a.b*c(d)[e] y aXbbbc'), 'x *** y aXbbbc');
    assert.equal(redact('only line-two-secret here'), 'only *** here');
    assert.equal(redact('overlap-secret-longer!'), '***!');
  });
});

describe('createSecretDetector', () => {
  const secret = 'ghs_detectMe0123456789abcdefghijklmnop';
  const contains = createSecretDetector([secret]);

  it('finds a known value in the forms the redactor removes', () => {
    assert.equal(contains(`+const t = '${secret}';`), true);
    assert.equal(contains(`+b64 ${Buffer.from(`x-access-token:${secret}`).toString('base64')}`), true);
    assert.equal(contains(`+hex ${Buffer.from(secret).toString('hex')}`), true);
    assert.equal(contains(`+url ${encodeURIComponent(secret)}`), true);
    assert.equal(contains(`+split ${secret.slice(0, 10)}\u200b${secret.slice(10)}`), true);
  });

  it('does not count token-shaped strings that are not a known secret', () => {
    assert.equal(contains(`+fixture 'ghs_${'a'.repeat(36)}'`), false);
    assert.equal(createSecretDetector([])(secret), false);
  });
});
