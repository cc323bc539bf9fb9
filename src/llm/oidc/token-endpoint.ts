/**
 * One POST to a token endpoint (an RFC 8693 exchange, Entra ID's client-assertion grant, Google's
 * STS or IAM Credentials): the body as form or JSON, a timeout, no redirects (the job's OIDC token
 * goes to the URL configured and nowhere else), and the answer or the provider's refusal in its
 * own words: OAuth's `error`/`error_description`, Entra ID's AADSTS codes, Google's `error.status`.
 */
import { OIDC_EXCHANGE_TIMEOUT_MS, PROVIDER_ERROR_CHARS } from '../../limits.js';
import { parseErrorBody } from '../error-body.js';
import { OidcError } from './oidc-error.js';

/** A token endpoint's refusal, read from its body. */
export interface TokenRefusal {
  status: number;
  /** The provider's explanation, one line. */
  message: string;
  /** OAuth's `error` (`invalid_grant` …), or Google's `status` (`PERMISSION_DENIED`). */
  code: string | undefined;
}

/** What a recipe posts. */
export interface TokenRequest {
  url: string;
  body: { form: Record<string, string> } | { json: unknown };
  /** Extra headers (a bearer for IAM Credentials). */
  headers?: Record<string, string>;
}

/** `RFC 8693`'s grant and token types, shared by every recipe that speaks it. */
export const TOKEN_EXCHANGE_GRANT = 'urn:ietf:params:oauth:grant-type:token-exchange';
/** The subject token type of a JWT (the job's OIDC token is one). */
export const JWT_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:jwt';
/** The requested token type of an access token. */
export const ACCESS_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:access_token';

/**
 * Posts `request` and returns the JSON object answered. Throws {@link OidcError}: `refused` (with
 * the refusal) for a 4xx, `unavailable` for 429, 5xx and transport failures, `malformed` for a 2xx
 * that is not a JSON object.
 */
export async function postToken(
  fetchImpl: typeof fetch,
  request: TokenRequest,
): Promise<Record<string, unknown>> {
  const isForm = 'form' in request.body;
  let response: Response;
  try {
    response = await fetchImpl(request.url, {
      method: 'POST',
      headers: {
        accept: 'application/json',
        'content-type': isForm ? 'application/x-www-form-urlencoded' : 'application/json',
        ...request.headers,
      },
      body:
        'form' in request.body
          ? new URLSearchParams(request.body.form).toString()
          : JSON.stringify(request.body.json),
      redirect: 'error',
      signal: AbortSignal.timeout(OIDC_EXCHANGE_TIMEOUT_MS),
    });
  } catch (error) {
    const reason = (error as Error).cause instanceof Error ? (error as Error).cause : error;
    throw new OidcError(`${request.url} could not be reached (${(reason as Error).message})`, 'unavailable');
  }
  const text = await response.text().catch(() => '');
  if (!response.ok) {
    const refusal = readRefusal(response.status, text);
    const failure = response.status === 429 || response.status >= 500 ? 'unavailable' : 'refused';
    throw new OidcTokenRefusal(request.url, refusal, failure);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  if (!json || typeof json !== 'object' || Array.isArray(json)) {
    throw new OidcError(`${request.url} answered HTTP ${response.status} without a JSON object`, 'malformed');
  }
  return json as Record<string, unknown>;
}

/** A token endpoint said no; the bearer source turns it into the message the user reads. */
export class OidcTokenRefusal extends OidcError {
  constructor(
    readonly url: string,
    readonly refusal: TokenRefusal,
    failure: 'refused' | 'unavailable',
  ) {
    super(
      `${url} answered HTTP ${refusal.status}${refusal.code ? ` ${refusal.code}` : ''}: ${refusal.message}`,
      failure,
      refusal.status,
    );
    this.name = 'OidcTokenRefusal';
  }
}

/** Reads a refusal body of any known shape. */
export function readRefusal(status: number, text: string): TokenRefusal {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  if (json && typeof json === 'object' && !Array.isArray(json)) {
    const body = json as Record<string, unknown>;
    // OAuth 2.0 (RFC 6749 §5.2): `error` is a code, `error_description` the words for people.
    if (typeof body['error'] === 'string') {
      const description = body['error_description'];
      return {
        status,
        code: body['error'],
        message: flatten(typeof description === 'string' && description ? description : body['error']),
      };
    }
    // Google: `{"error": {"code": 403, "message": …, "status": "PERMISSION_DENIED"}}`.
    const inner = body['error'];
    if (inner && typeof inner === 'object' && typeof (inner as { status?: unknown }).status === 'string') {
      const { status: code, message } = inner as { status: string; message?: unknown };
      return {
        status,
        code,
        message: flatten(typeof message === 'string' ? message : JSON.stringify(inner)),
      };
    }
  }
  if (text.trim() === '') return { status, code: undefined, message: 'no body' };
  const parsed = parseErrorBody(text);
  return { status, code: parsed.code, message: parsed.message };
}

/** A string field of a token response, or undefined. */
export function stringField(json: Record<string, unknown>, name: string): string | undefined {
  const value = json[name];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** `expires_in` as seconds, accepting the number or its string (some servers send "3599"). */
export function expiresIn(json: Record<string, unknown>): number | undefined {
  const value = Number(json['expires_in']);
  return json['expires_in'] !== undefined && Number.isFinite(value) && value > 0 ? value : undefined;
}

function flatten(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > PROVIDER_ERROR_CHARS ? `${flat.slice(0, PROVIDER_ERROR_CHARS - 1)}…` : flat;
}
