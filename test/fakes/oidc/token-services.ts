/**
 * Every recipe's token endpoint on one fake server on 127.0.0.1, each validating requests as its
 * provider documents them (`token-rules.ts`) against the fake issuer's tokens, minting opaque
 * bearers with a short lifetime, and a check for the fake model server that accepts only those
 * bearers, and only while they live, so a run has to renew its bearer as a real one would.
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Step } from '../openai-reply.js';
import type { RecordedRequest } from '../openai-server.js';
import { openAiRefusal } from '../providers/persona.js';
import type { FakeOidcIssuer } from './oidc-issuer.js';
import {
  azureRule,
  DEFAULT_TRUST,
  exchangeRule,
  googleIamRule,
  googleStsRule,
  openaiRule,
  openrouterRule,
  type ProviderTrust,
  type RuleVerdict,
  type TokenCall,
} from './token-rules.js';

export type FakeProvider = 'openai' | 'azure' | 'google' | 'google-iam' | 'openrouter' | 'exchange';

export interface TokenServiceRequest extends TokenCall {
  provider: FakeProvider;
  status: number;
}

export interface MintedToken {
  provider: FakeProvider;
  token: string;
  kind: 'bearer' | 'federated';
  mintedAt: number;
  /** When the model stops accepting it. */
  deadline: number;
}

export interface TokenServicesOptions {
  issuer: FakeOidcIssuer;
  /** `expires_in` of every token, seconds. */
  lifetimeS?: number;
  /**
   * The model refuses the first bearer minted once it has been accepted this many times, as a
   * revocation would: a count, not a clock, so a slow machine changes nothing.
   */
  revokeFirstAfterUses?: number;
  trust?: Partial<ProviderTrust>;
}

export interface FakeTokenServices {
  origin: string;
  trust: ProviderTrust;
  /** `oidc-token-url` for a recipe. */
  tokenUrl(provider: Exclude<FakeProvider, 'google-iam'>): string;
  /** `iam-credentials-url` for the google recipe. */
  iamCredentialsUrl: string;
  requests: TokenServiceRequest[];
  minted: MintedToken[];
  /** For the fake model server: a 401 unless the request carries a live bearer minted here. */
  modelAuth(request: RecordedRequest): Step | undefined;
  /** Model requests refused by {@link modelAuth}. */
  modelRefusals: number;
  close(): Promise<void>;
}

/** Starts the token services on a free port of 127.0.0.1. */
export async function startFakeTokenServices(options: TokenServicesOptions): Promise<FakeTokenServices> {
  const lifetimeS = options.lifetimeS ?? 3600;
  const requests: TokenServiceRequest[] = [];
  const minted: MintedToken[] = [];
  const federated = new Set<string>();
  let modelRefusals = 0;
  let firstBearerUses = 0;
  const trust: ProviderTrust = { ...DEFAULT_TRUST, ...options.trust };

  const route = (provider: FakeProvider, call: TokenCall): RuleVerdict => {
    switch (provider) {
      case 'openai':
        return openaiRule(call, trust.openai, options.issuer);
      case 'azure':
        return azureRule(call, trust.azure, options.issuer);
      case 'google':
        return googleStsRule(call, trust.google, options.issuer);
      case 'google-iam':
        return googleIamRule(call, trust.google, federated);
      case 'openrouter':
        return openrouterRule(call, trust.openrouter, options.issuer);
      case 'exchange':
        return exchangeRule(call, trust.exchange, options.issuer);
    }
  };

  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const path = (req.url ?? '').split('?')[0] ?? '';
    const provider = providerOf(path);
    if (req.method !== 'POST' || !provider) {
      res.writeHead(404).end();
      return;
    }
    const contentType = String(req.headers['content-type'] ?? '');
    let body: Record<string, any>;
    try {
      body = contentType.startsWith('application/json')
        ? (JSON.parse(raw) as Record<string, any>)
        : Object.fromEntries(new URLSearchParams(raw));
    } catch {
      body = {};
    }
    const call: TokenCall = { path, contentType, authorization: req.headers.authorization, body };
    const verdict = route(provider, call);
    const status = 'refuse' in verdict ? verdict.refuse.status : 200;
    requests.push({ ...call, provider, status });
    if ('refuse' in verdict) {
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(verdict.refuse.body));
      return;
    }
    const token = `${provider}-${verdict.mint}-${randomBytes(16).toString('hex')}`;
    const mintedAt = Date.now();
    minted.push({
      provider,
      token,
      kind: verdict.mint,
      mintedAt,
      deadline: mintedAt + lifetimeS * 1000,
    });
    if (verdict.mint === 'federated') federated.add(token);
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify(verdict.respond(token, lifetimeS)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  if (!options.trust?.exchange) trust.exchange = { audience: origin, target: 'https://gateway.example' };

  return {
    origin,
    trust,
    tokenUrl: (provider) =>
      ({
        openai: `${origin}/openai/oauth/token`,
        azure: `${origin}/azure/${trust.azure.tenantId}/oauth2/v2.0/token`,
        google: `${origin}/google/v1/token`,
        openrouter: `${origin}/openrouter/api/v1/oauth/token`,
        exchange: `${origin}/exchange/token`,
      })[provider],
    iamCredentialsUrl: `${origin}/google-iam`,
    requests,
    minted,
    modelAuth(request) {
      const token = String(request.headers.authorization ?? '').replace(/^Bearer /, '');
      const found = minted.find((m) => m.token === token);
      const revoked =
        found !== undefined &&
        found === minted.find((m) => m.kind === 'bearer') &&
        options.revokeFirstAfterUses !== undefined &&
        firstBearerUses >= options.revokeFirstAfterUses;
      if (found && !revoked && Date.now() < found.deadline) {
        if (found === minted.find((m) => m.kind === 'bearer')) firstBearerUses += 1;
        return undefined;
      }
      modelRefusals += 1;
      return openAiRefusal(401, {
        message: found ? 'The access token expired.' : 'Invalid bearer token.',
        code: 'invalid_api_key',
      });
    },
    get modelRefusals() {
      return modelRefusals;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function providerOf(path: string): FakeProvider | undefined {
  if (path === '/openai/oauth/token') return 'openai';
  if (/^\/azure\/[^/]+\/oauth2\/v2\.0\/token$/.test(path)) return 'azure';
  if (path === '/google/v1/token') return 'google';
  if (/^\/google-iam\/v1\/projects\/-\/serviceAccounts\/[^/]+:generateAccessToken$/.test(path))
    return 'google-iam';
  if (path === '/openrouter/api/v1/oauth/token') return 'openrouter';
  if (path === '/exchange/token') return 'exchange';
  return undefined;
}
