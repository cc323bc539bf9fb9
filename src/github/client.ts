/**
 * The one place Octokit is built. Every GitHub function takes the instance it returns as its first
 * parameter, so tests point it at a server on 127.0.0.1 and GitHub Enterprise works unchanged.
 */
import { retry } from '@octokit/plugin-retry';
import { throttling } from '@octokit/plugin-throttling';
import { Octokit } from '@octokit/rest';
import { GITHUB_RATE_LIMIT_RETRIES, LOOPBACK_RETRY_AFTER_BASE } from '../limits.js';
import { explainMissingApi } from './api-support.js';

const RetryingOctokit = Octokit.plugin(retry, throttling);

/** The Octokit flavour the action uses: REST methods plus retry and throttling. */
export type GitHubClient = InstanceType<typeof RetryingOctokit>;

export interface GitHubClientOptions {
  token: string;
  /** `GITHUB_API_URL`, e.g. `https://api.github.com` or `https://ghe.example.com/api/v3`. */
  baseUrl: string;
  userAgent?: string;
  /** Where the plugins' warnings go (rate limits hit, deprecations). */
  log?: (message: string) => void;
  /** Where one line per failed request goes (after its retries): the log, not an annotation. */
  info?: (message: string) => void;
  /** Retries of a request after a rate limit; more than this and the request fails. */
  rateLimitRetries?: number;
}

/** True for 127.0.0.1 / ::1 / localhost: a local server has no secondary rate limits to respect. */
function isLoopback(baseUrl: string): boolean {
  try {
    const host = new URL(baseUrl).hostname;
    return host === 'localhost' || host === '[::1]' || host.startsWith('127.');
  } catch {
    return false;
  }
}

/** Builds the Octokit for one run. */
export function createGitHubClient(options: GitHubClientOptions): GitHubClient {
  const log = options.log ?? (() => {});
  const maxRetries = options.rateLimitRetries ?? GITHUB_RATE_LIMIT_RETRIES;
  const onLimit =
    (kind: string) =>
    (retryAfter: number, request: { method: string; url: string }, _o: unknown, retryCount: number) => {
      log(
        `GitHub ${kind} rate limit on ${request.method} ${request.url}; retry ${retryCount + 1} in ${retryAfter}s`,
      );
      return retryCount < maxRetries;
    };
  const octokit = new RetryingOctokit({
    auth: options.token,
    baseUrl: options.baseUrl,
    userAgent: options.userAgent ?? 'agent-action',
    // The request log's `error` fires on every attempt, retries included: one failure made four
    // warnings. The error hook below says it once, when the request finally fails.
    log: { debug: () => {}, info: () => {}, warn: log, error: () => {} },
    // GitHub asks clients to space out content-creating requests; a loopback server (tests, a local
    // proxy) has no such limit, and the spacing would only make every run seconds slower.
    // Retries of a 5xx wait 1, 4, 9 s on GitHub; a loopback server answers at once or not at all.
    ...(isLoopback(options.baseUrl) ? { retry: { retryAfterBaseValue: LOOPBACK_RETRY_AFTER_BASE } } : {}),
    throttle: isLoopback(options.baseUrl)
      ? { enabled: false }
      : { onRateLimit: onLimit('primary'), onSecondaryRateLimit: onLimit('secondary') },
  });
  // An older GitHub Enterprise Server answers an API it lacks with a bare 404: name it at first use.
  const explained = new Set<string>();
  const info = options.info ?? (() => {});
  octokit.hook.error('request', (error, request) => {
    // A 4xx is an answer its caller reads (a 404 is often a decision); a 5xx or no answer is news.
    const status = (error as { status?: unknown }).status;
    if (typeof status !== 'number' || status >= 500) info(describeFailure(error, request));
    const why = explainMissingApi(error);
    if (why && !explained.has(why)) {
      explained.add(why);
      log(why);
    }
    throw error;
  });
  return octokit;
}

/** `POST /repos/o/r/pulls failed: HTTP 502 (4 attempts)`: one line, whatever GitHub sent. */
function describeFailure(
  error: unknown,
  request: { method?: string; url?: string; request?: unknown },
): string {
  const status = (error as { status?: unknown }).status;
  // The retry plugin counts every failed attempt, the last one included.
  const attempts = (request.request as { retryCount?: unknown } | undefined)?.retryCount;
  const after = typeof attempts === 'number' && attempts > 1 ? ` (${attempts} attempts)` : '';
  const what =
    typeof status === 'number' ? `HTTP ${status}` : ((error as Error).message ?? 'no answer').split('\n')[0];
  return `GitHub: ${request.method ?? ''} ${request.url ?? ''} failed: ${what}${after}`;
}
