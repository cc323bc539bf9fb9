/**
 * Checks on the model endpoint before the first turn, so a missing key or a server that is not
 * running is one clear line instead of a retry loop that ends in a stack of network errors.
 */
import { isIP } from 'node:net';
import { ENDPOINT_PROBE_TIMEOUT_MS } from '../limits.js';
import { CliError } from './cli-error.js';

/**
 * True for endpoints on this machine or a private network (Ollama, vLLM, LM Studio …), which
 * usually need no key: loopback and private addresses, `localhost`, `*.local`, `*.internal`,
 * `*.lan`, and single-label host names.
 */
export function isLocalEndpoint(baseUrl: string): boolean {
  const host = new URL(baseUrl).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (/\.(local|internal|lan|home\.arpa)$/.test(host)) return true;
  const family = isIP(host);
  if (family === 4) {
    const [a = 0, b = 0] = host.split('.').map(Number);
    return a === 127 || a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168);
  }
  if (family === 6) return host === '::1' || /^f[cd]/.test(host) || host.startsWith('fe80:');
  return !host.includes('.');
}

/** Refuses a remote endpoint without a key, naming both ways out. */
export function requireKey(baseUrl: string, apiKey: string): void {
  if (apiKey !== '' || isLocalEndpoint(baseUrl)) return;
  throw new CliError(
    `OPENAI_API_KEY is not set: export OPENAI_API_KEY=<key> for ${baseUrl}, or point --base-url at a local endpoint such as http://localhost:11434/v1`,
  );
}

/**
 * Sends one cheap request (`GET <base>/models`). Any HTTP answer proves the server is there (some
 * endpoints do not implement `/models`); a refused connection, an unknown host or no answer within
 * `timeoutMs` is an error naming the fix. A 401/403 means the key was refused.
 */
export async function probeEndpoint(
  baseUrl: string,
  apiKey: string,
  options: { timeoutMs?: number; fetch?: typeof fetch } = {},
): Promise<void> {
  const doFetch = options.fetch ?? fetch;
  let status: number;
  try {
    const response = await doFetch(`${baseUrl}/models`, {
      headers: apiKey ? { authorization: `Bearer ${apiKey}` } : {},
      signal: AbortSignal.timeout(options.timeoutMs ?? ENDPOINT_PROBE_TIMEOUT_MS),
    });
    status = response.status;
    await response.body?.cancel();
  } catch (error) {
    throw new CliError(
      `cannot reach the model endpoint ${baseUrl} (${networkReason(error)}): start the model server or fix --base-url`,
    );
  }
  if (status === 401 || status === 403) {
    throw new CliError(
      `${baseUrl} refused the key (HTTP ${status}): check OPENAI_API_KEY, or unset it for an endpoint that needs none`,
    );
  }
}

function networkReason(error: unknown): string {
  const err = error as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (err.name === 'TimeoutError') return 'no answer';
  return err.cause?.code ?? err.cause?.message ?? err.message ?? String(error);
}
