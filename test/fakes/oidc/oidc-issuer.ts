/**
 * A fake of the runner's OIDC token endpoint (`ACTIONS_ID_TOKEN_REQUEST_URL`) on 127.0.0.1. Like
 * GitHub's, it answers `GET <url>&audience=<aud>` only with `Authorization: Bearer
 * <ACTIONS_ID_TOKEN_REQUEST_TOKEN>`, with `{"value": <jwt>}`: a real RS256 JWT (signed with a key
 * made for the test, `kid` in the header) carrying GitHub's claims for the job. The token
 * services verify it against this issuer as the providers do (signature, iss, aud, exp, iat).
 */
import { createPublicKey, generateKeyPairSync, type KeyObject, randomBytes, sign, verify } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface OidcIssuerOptions {
  /** The job's `sub`; GitHub builds it from the repository and ref. */
  subject?: string;
  repository?: string;
  /** Seconds added to `iat`/`exp`, as if GitHub's clock (or this runner's) were off. */
  clockOffsetS?: number;
  /** Lifetime of each token, seconds. */
  lifetimeS?: number;
}

export interface FakeOidcIssuer {
  /** `ACTIONS_ID_TOKEN_REQUEST_URL` (with `?api-version=2.0`, as the runner gives it). */
  requestUrl: string;
  /** `ACTIONS_ID_TOKEN_REQUEST_TOKEN`. */
  requestToken: string;
  /** The `iss` of its tokens. */
  issuer: string;
  /** The variables a job with `id-token: write` has. */
  env(): Record<string, string>;
  /** Audience of every token asked for, in order (requests with a bad bearer are not counted). */
  audiences: string[];
  /** Every token issued. */
  issued: string[];
  /** Requests refused for a missing or wrong bearer. */
  refused: number;
  /** Checks a token as a relying party: signature, issuer, audience, times. */
  check(token: string, audience: string, nowS?: number): { claims: Claims } | { problem: TokenProblem };
  close(): Promise<void>;
}

export interface Claims {
  iss: string;
  sub: string;
  aud: string;
  iat: number;
  nbf: number;
  exp: number;
  repository: string;
  jti: string;
}

export type TokenProblem = 'malformed' | 'signature' | 'issuer' | 'audience' | 'expired' | 'not-yet-valid';

const KID = 'fake-issuer-key-1';

/** Starts the issuer on a free port of 127.0.0.1. */
export async function startFakeOidcIssuer(options: OidcIssuerOptions = {}): Promise<FakeOidcIssuer> {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const publicKey: KeyObject = createPublicKey(privateKey);
  const requestToken = `req-${randomBytes(12).toString('hex')}`;
  const audiences: string[] = [];
  const issued: string[] = [];
  let refused = 0;
  const repository = options.repository ?? 'Codertocat/Hello-World';
  const subject = options.subject ?? `repo:${repository}:ref:refs/heads/main`;
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (
      req.method !== 'GET' ||
      url.pathname !== '/idtoken' ||
      url.searchParams.get('api-version') !== '2.0'
    ) {
      res.writeHead(404).end();
      return;
    }
    if (req.headers.authorization !== `Bearer ${requestToken}`) {
      refused += 1;
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"message":"Unauthorized"}');
      return;
    }
    // Without `audience`, GitHub's default is the URL of the repository owner.
    const audience = url.searchParams.get('audience') ?? `https://github.com/${repository.split('/')[0]}`;
    audiences.push(audience);
    const token = mint(audience);
    issued.push(token);
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ value: token }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  const issuer = `${origin}/issuer`;

  function mint(audience: string): string {
    const now = Math.floor(Date.now() / 1000) + (options.clockOffsetS ?? 0);
    const claims: Claims = {
      iss: issuer,
      sub: subject,
      aud: audience,
      iat: now,
      nbf: now - 5,
      exp: now + (options.lifetimeS ?? 300),
      repository,
      jti: randomBytes(8).toString('hex'),
    };
    const header = b64({ typ: 'JWT', alg: 'RS256', kid: KID });
    const payload = b64(claims);
    const signature = sign('sha256', Buffer.from(`${header}.${payload}`), privateKey).toString('base64url');
    return `${header}.${payload}.${signature}`;
  }

  return {
    requestUrl: `${origin}/idtoken?api-version=2.0`,
    requestToken,
    issuer,
    env: () => ({
      ACTIONS_ID_TOKEN_REQUEST_URL: `${origin}/idtoken?api-version=2.0`,
      ACTIONS_ID_TOKEN_REQUEST_TOKEN: requestToken,
    }),
    audiences,
    issued,
    get refused() {
      return refused;
    },
    check(token, audience, nowS = Math.floor(Date.now() / 1000)) {
      const [header, payload, signature] = token.split('.');
      if (!header || !payload || !signature) return { problem: 'malformed' };
      let claims: Claims;
      let kid: unknown;
      try {
        kid = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')).kid;
        claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Claims;
      } catch {
        return { problem: 'malformed' };
      }
      const signed = verify(
        'sha256',
        Buffer.from(`${header}.${payload}`),
        publicKey,
        Buffer.from(signature, 'base64url'),
      );
      if (kid !== KID || !signed) return { problem: 'signature' };
      if (claims.iss !== issuer) return { problem: 'issuer' };
      if (claims.aud !== audience) return { problem: 'audience' };
      // Relying parties allow a minute of skew either way.
      if (claims.exp + 60 < nowS) return { problem: 'expired' };
      if (claims.iat - 60 > nowS || claims.nbf - 60 > nowS) return { problem: 'not-yet-valid' };
      return { claims };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function b64(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}
