/**
 * When an LLM call failed, decide whether to try again and how long to wait. Rate limits, server
 * errors, dropped connections and broken streams are transient; a bad key, an unknown model or a
 * wrong base URL never heal by waiting, so they fail at once with a message naming the input.
 */
import { setTimeout as sleepFor } from 'node:timers/promises';
import { APIConnectionError, APIError, APIUserAbortError } from 'openai';

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

export const defaultRetryPolicy: RetryPolicy = {
  maxAttempts: 5,
  baseDelayMs: 1000,
  maxDelayMs: 30_000,
  maxRetryAfterMs: 120_000,
};

/** The input a user must fix when the endpoint refuses the request outright. */
export type LlmInput = 'api-key' | 'model' | 'base-url';

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

/** The stream stopped mid-turn (cut, idle, or closed before `finish_reason`). Retryable. */
export class StreamBrokenError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StreamBrokenError';
  }
}

export type ErrorVerdict =
  | { kind: 'retry'; reason: string; retryAfterMs?: number }
  | { kind: 'fatal'; error: LlmFatalError };

/** Where the request went, so a fatal message can say which value looks wrong. */
export interface EndpointInfo {
  baseUrl: string;
  model: string;
}

/**
 * Sorts an error thrown by an LLM call. Returns `undefined` for anything that is not an LLM or
 * transport failure (a bug, or a user abort), which the caller must rethrow.
 */
export function classifyLlmError(error: unknown, endpoint: EndpointInfo): ErrorVerdict | undefined {
  if (error instanceof APIUserAbortError) return undefined;
  if (error instanceof StreamBrokenError) return { kind: 'retry', reason: error.message };
  if (error instanceof APIConnectionError)
    return { kind: 'retry', reason: `connection failed: ${error.message}` };
  if (!(error instanceof APIError)) return undefined;
  const status = error.status;
  if (status === undefined) return { kind: 'retry', reason: `stream error: ${error.message}` };
  if (status === 429 || status === 408 || status === 409 || status >= 500) {
    const retryAfterMs = retryAfterFromHeaders(error.headers);
    return {
      kind: 'retry',
      reason: `HTTP ${status}`,
      ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
    };
  }
  return { kind: 'fatal', error: fatalFor(status, error, endpoint) };
}

function fatalFor(status: number, error: APIError, { baseUrl, model }: EndpointInfo): LlmFatalError {
  const detail = error.message.replace(/^\d{3}\s*/, '').trim();
  switch (status) {
    case 401:
      return new LlmFatalError(
        `The LLM endpoint ${baseUrl} rejected the API key (HTTP 401: ${detail}). Check the \`api-key\` input: the secret it reads may be missing, expired or for another provider.`,
        status,
        'api-key',
      );
    case 403:
      return new LlmFatalError(
        `The LLM endpoint ${baseUrl} refused the request (HTTP 403: ${detail}). Check that the key in the \`api-key\` input may use model \`${model}\`.`,
        status,
        'api-key',
      );
    case 404:
      if (error.code === 'model_not_found' || /model/i.test(detail)) {
        return new LlmFatalError(
          `Model \`${model}\` was not found at ${baseUrl} (HTTP 404: ${detail}). Check the \`model\` input.`,
          status,
          'model',
        );
      }
      return new LlmFatalError(
        `Nothing answers Chat Completions at ${baseUrl}/chat/completions (HTTP 404). Check the \`base-url\` input (it usually ends in \`/v1\`), then the \`model\` input.`,
        status,
        'base-url',
      );
    default:
      return new LlmFatalError(
        `The LLM endpoint ${baseUrl} refused the request (HTTP ${status}: ${detail}).`,
        status,
        undefined,
      );
  }
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
