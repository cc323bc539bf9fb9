/**
 * When an LLM call failed, decide whether to try again and how long to wait. Rate limits, server
 * errors, dropped connections and broken streams are transient; a bad key, an unknown model or a
 * wrong base URL never heal by waiting, so they fail at once with a message naming the input.
 */
import { setTimeout as sleepFor } from 'node:timers/promises';
import { APIConnectionError, APIError, APIUserAbortError } from 'openai';
import {
  LLM_MAX_ATTEMPTS,
  LLM_MAX_RETRY_AFTER_MS,
  LLM_RETRY_BASE_DELAY_MS,
  LLM_RETRY_MAX_DELAY_MS,
} from '../limits.js';
import type { ProviderError } from './error-body.js';
import { oidcErrorIn } from './oidc/oidc-error.js';
import { type LlmInput, quotaExhausted, refusalMessage, tooLargeLimit, toolSupportFix } from './refusal.js';
import type { DroppableInput, RequestRules } from './request-rules.js';

/** How hard to retry. */
export interface RetryPolicy {
  /** Attempts in total, the first included. */
  maxAttempts: number;
  /** Delay before the second attempt; doubles each time. */
  baseDelayMs: number;
  /** Cap of the exponential delay. */
  maxDelayMs: number;
  /** Longest `retry-after` the run will honour; a longer one is cut to this. */
  maxRetryAfterMs: number;
}

/** How hard an LLM call is retried unless the caller says otherwise. */
export const defaultRetryPolicy: RetryPolicy = {
  maxAttempts: LLM_MAX_ATTEMPTS,
  baseDelayMs: LLM_RETRY_BASE_DELAY_MS,
  maxDelayMs: LLM_RETRY_MAX_DELAY_MS,
  maxRetryAfterMs: LLM_MAX_RETRY_AFTER_MS,
};

export type { LlmInput } from './refusal.js';

/** A failure that waiting cannot fix (401/403/404, other 4xx). Its message is for the user. */
export class LlmFatalError extends Error {
  constructor(
    message: string,
    readonly status: number | undefined,
    readonly input: LlmInput | undefined,
  ) {
    super(message);
    this.name = 'LlmFatalError';
  }
}

/**
 * The stream stopped mid-turn (cut, idle, an error event, or closed before `finish_reason`).
 * Retryable; `once` marks a stream that ended quietly without a result, which is worth one more
 * try but not five (the endpoint is likely to do it again).
 */
export class StreamBrokenError extends Error {
  readonly once: boolean;
  constructor(message: string, options?: { cause?: unknown; once?: boolean }) {
    super(message, options);
    this.name = 'StreamBrokenError';
    this.once = options?.once ?? false;
  }
}

/** The endpoint refused the request for its size; the loop compacts the conversation and retries. */
export class RequestTooLargeError extends Error {
  constructor(
    /** The provider's refusal, quoted. */
    readonly refusal: string,
    /** The limit the provider named, or null. */
    readonly limitTokens: number | null,
  ) {
    super(`the request is too large for the endpoint (${refusal})`);
    this.name = 'RequestTooLargeError';
  }
}

export type ErrorVerdict =
  | { kind: 'retry'; reason: string; retryAfterMs?: number; once?: boolean }
  /** The endpoint refused optional parameters or image input: drop them (see `request-rules.ts`), retry at once. */
  | { kind: 'adjust'; drop: DroppableInput[]; reason: string }
  /** The request is too large for the endpoint: compact the conversation, then retry. */
  | { kind: 'too-large'; reason: string; limitTokens: number | null }
  | { kind: 'fatal'; error: LlmFatalError };

/** Where the request went, so a fatal message can say which value looks wrong. */
export interface EndpointInfo {
  baseUrl: string;
  model: string;
  /** The run's wire format, for messages that depend on it. */
  wire?: 'chat-completions' | 'responses';
  /** The run's learned request rules; without them no parameter is dropped. */
  rules?: RequestRules;
  retry?: RetryPolicy;
  /** With `auth: oidc`, the provider that minted the bearer (refusals then name no key). */
  oidcProvider?: string | undefined;
}

const RETRYABLE = (status: number) => status === 429 || status === 408 || status === 409 || status >= 500;

/**
 * Sorts an error thrown by an LLM call. Returns `undefined` for anything that is not an LLM or
 * transport failure (a bug, or a user abort), which the caller must rethrow.
 */
export function classifyLlmError(error: unknown, endpoint: EndpointInfo): ErrorVerdict | undefined {
  if (error instanceof APIUserAbortError) return undefined;
  // The bearer could not be had (`auth: oidc`): the exchange's own verdict, before any model call.
  const oidc = oidcErrorIn(error);
  if (oidc) {
    return oidc.retryable
      ? { kind: 'retry', reason: oidc.message }
      : { kind: 'fatal', error: new LlmFatalError(oidc.message, oidc.status, 'oidc-options') };
  }
  if (error instanceof StreamBrokenError)
    return { kind: 'retry', reason: error.message, ...(error.once ? { once: true } : {}) };
  if (error instanceof APIConnectionError)
    return { kind: 'retry', reason: `connection failed: ${error.message}` };
  if (!(error instanceof APIError)) return undefined;
  const status = error.status;
  if (status === undefined) return { kind: 'retry', reason: `stream error: ${error.message}` };
  const refusal = refusalOf(error);
  const quoted = `HTTP ${status}: ${refusal.message}`;
  const limitTokens = tooLargeLimit(status, refusal);
  if (limitTokens !== undefined)
    return { kind: 'too-large', reason: refusal.code ? `${quoted} (${refusal.code})` : quoted, limitTokens };
  const drop = status < 500 ? (endpoint.rules?.refusedBy(refusal, status) ?? []) : [];
  if (drop.length > 0) return { kind: 'adjust', drop, reason: quoted };
  const retryAfterMs = retryAfterFromHeaders(error.headers);
  const policy = endpoint.retry ?? defaultRetryPolicy;
  const fatal = () => {
    const rateLimitType = error.headers?.get('x-ratelimit-type') ?? undefined;
    const { message, input } = refusalMessage(status, refusal, endpoint, {
      ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
      ...(rateLimitType ? { rateLimitType } : {}),
    });
    return { kind: 'fatal' as const, error: new LlmFatalError(message, status, input) };
  };
  if (toolSupportFix(refusal)) return fatal();
  if (status === 429 && quotaExhausted(refusal, error.headers, retryAfterMs, policy.maxRetryAfterMs))
    return fatal();
  // Groq refuses one malformed generation with a 400 before streaming; the next sample may be fine.
  if (RETRYABLE(status) || refusal.code === 'tool_use_failed')
    return { kind: 'retry', reason: quoted, ...(retryAfterMs === undefined ? {} : { retryAfterMs }) };
  return fatal();
}

/** The provider's refusal as `error-body.ts` normalised it (the SDK keeps it in `error.error`). */
function refusalOf(error: APIError): ProviderError {
  const body = (error.error ?? {}) as Partial<ProviderError>;
  const message =
    typeof body.message === 'string' && body.message
      ? body.message
      : error.message.replace(/^\d{3}\s*/, '').trim() || 'no message';
  const text = (value: unknown) =>
    typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
  const code = text(body.code) ?? text(error.code);
  const param = text(body.param) ?? text(error.param);
  const type = text(body.type) ?? text(error.type);
  return { message, ...(code ? { code } : {}), ...(param ? { param } : {}), ...(type ? { type } : {}) };
}

/** Reads `retry-after-ms` (OpenAI) or `retry-after` (seconds or an HTTP date). */
export function retryAfterFromHeaders(headers: Headers | undefined, now = Date.now()): number | undefined {
  const ms = headers?.get('retry-after-ms');
  if (ms && Number.isFinite(Number(ms))) return Math.max(0, Number(ms));
  const value = headers?.get('retry-after');
  if (!value) return undefined;
  if (Number.isFinite(Number(value))) return Math.max(0, Number(value) * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * Delay before attempt `attempt + 1` (attempt counts from 1). `retry-after` wins when the server
 * sent one; otherwise capped exponential backoff with "equal jitter", so a fleet of runners that
 * all hit a 429 at once does not come back in lockstep.
 */
export function retryDelayMs(
  attempt: number,
  verdict: { retryAfterMs?: number },
  policy: RetryPolicy,
  random: () => number = Math.random,
): number {
  if (verdict.retryAfterMs !== undefined) return Math.min(verdict.retryAfterMs, policy.maxRetryAfterMs);
  const exponential = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(exponential / 2 + random() * (exponential / 2));
}

/** Sleeps, but wakes (throwing the abort reason) when the run is cancelled. */
export async function sleepUnlessAborted(ms: number, signal: AbortSignal | undefined): Promise<void> {
  await sleepFor(ms, undefined, signal ? { signal } : undefined);
}
