/**
 * Reading GitHub's refusals. Octokit throws a `RequestError` (REST, with `status`, `response` and
 * `request`) or a `GraphqlResponseError` (with `errors`); tests and older code paths may throw
 * plain objects of the same shape. Every caller asks these helpers rather than casting the error,
 * so a refusal is read the same way wherever it is handled.
 */
import { GITHUB_RATE_LIMIT_MIN_WAIT_MS, GITHUB_RATE_LIMIT_WAIT_MS } from '../limits.js';

interface ApiErrorShape {
  status?: unknown;
  message?: unknown;
  errors?: { type?: string; message?: string }[];
  response?: { headers?: Record<string, string | number | undefined>; data?: unknown };
}

const shape = (error: unknown): ApiErrorShape | undefined =>
  typeof error === 'object' && error !== null ? (error as ApiErrorShape) : undefined;

/** The HTTP status of a failed GitHub request, if `error` carries one. */
export function apiStatus(error: unknown): number | undefined {
  const status = shape(error)?.status;
  return typeof status === 'number' ? status : undefined;
}

/** True when GitHub answered 404: the resource is not there (or the token may not see it). */
export function isNotFound(error: unknown): boolean {
  return apiStatus(error) === 404;
}

/** GitHub's own `message` from an error response, else the error's message. */
export function apiMessage(error: unknown): string {
  const e = shape(error);
  const data = e?.response?.data as { message?: unknown } | undefined;
  if (typeof data?.message === 'string' && data.message !== '') return data.message;
  if (error instanceof Error) return error.message;
  return typeof e?.message === 'string' ? e.message : String(error);
}

/** A failed request as the caller reports it. */
export interface ApiErrorDetails {
  status?: number;
  message: string;
  /** The first GraphQL error's `type` (`STALE_DATA`, `NOT_FOUND`, …). */
  type?: string;
}

/**
 * GitHub's message of a failed REST or GraphQL request, with the HTTP status when there was one;
 * a GraphQL answer's errors are joined, as it may carry several.
 */
export function apiError(error: unknown): ApiErrorDetails {
  const errors = shape(error)?.errors;
  if (Array.isArray(errors) && errors.length > 0) {
    const first = errors[0]!;
    return {
      message: errors.map((x) => x.message ?? '').join('; '),
      ...(first.type ? { type: first.type } : {}),
    };
  }
  const status = apiStatus(error);
  const message = apiMessage(error);
  return status === undefined ? { message } : { status, message };
}

/**
 * How long GitHub asks us to wait, in ms, when `error` is a rate-limit answer (403/429 with
 * `retry-after`, or with `x-ratelimit-remaining: 0` and a reset time); undefined otherwise.
 */
export function rateLimitWaitMs(error: unknown, now: number): number | undefined {
  const status = apiStatus(error);
  if (status !== 403 && status !== 429) return undefined;
  const headers = shape(error)?.response?.headers ?? {};
  const retryAfter = Number(headers['retry-after']);
  if (Number.isFinite(retryAfter) && retryAfter >= 0 && headers['retry-after'] !== undefined)
    return retryAfter * 1000;
  if (String(headers['x-ratelimit-remaining']) === '0') {
    const reset = Number(headers['x-ratelimit-reset']) * 1000;
    return Number.isFinite(reset)
      ? Math.max(GITHUB_RATE_LIMIT_MIN_WAIT_MS, reset - now)
      : GITHUB_RATE_LIMIT_WAIT_MS;
  }
  // Secondary limits sometimes come without headers; GitHub says to wait at least a minute.
  return /rate limit/i.test(apiMessage(error)) ? GITHUB_RATE_LIMIT_WAIT_MS : undefined;
}
