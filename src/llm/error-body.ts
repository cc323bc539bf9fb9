/**
 * Reads a provider's refusal out of an HTTP error body, whatever its shape. The SDK only finds a
 * message under a top-level `error` key, so Gemini's JSON array, the `{"object":"error",…}` of
 * Mistral and older vLLM, Azure AI's `{"detail":…}` and OpenRouter's upstream `metadata.raw`
 * would all be lost; {@link readableErrorFetch} rewrites each body into that one envelope before
 * the SDK sees it, so every wire format gets the provider's own words.
 */
import { PROVIDER_ERROR_CHARS } from '../limits.js';

/** What a refusal says, in one shape. */
export interface ProviderError {
  /** The provider's message, one line, at most {@link PROVIDER_ERROR_CHARS} characters. */
  message: string;
  code?: string;
  param?: string;
  type?: string;
}

/** Parses an error body (JSON of any known shape, or plain text or HTML). */
export function parseErrorBody(text: string): ProviderError {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { message: oneLine(text.replace(/<[^>]*>/g, ' ')) };
  }
  return fromJson(json) ?? { message: oneLine(text) };
}

function fromJson(json: unknown): ProviderError | undefined {
  // Gemini's compatibility layer answers with an array of error objects.
  if (Array.isArray(json)) return json.length > 0 ? fromJson(json[0]) : undefined;
  if (!json || typeof json !== 'object')
    return typeof json === 'string' ? { message: oneLine(json) } : undefined;
  const body = json as Record<string, unknown>;
  const inner = body['error'];
  if (typeof inner === 'string') return { message: oneLine(inner), ...fields(body) };
  if (inner && typeof inner === 'object') {
    const error = inner as Record<string, unknown>;
    const upstream = rawUpstream(error['metadata']);
    const base = messageOf(error['message']) ?? JSON.stringify(error);
    return { message: oneLine(upstream ? `${base}: ${upstream}` : base), ...fields(error) };
  }
  const message = messageOf(body['message']) ?? messageOf(body['detail']);
  if (message === undefined) return undefined;
  return {
    message: oneLine(message),
    ...fields(body),
    ...paramFromDetail(body['message'] ?? body['detail']),
  };
}

/** OpenRouter puts the upstream provider's own refusal in `metadata.raw`. */
function rawUpstream(metadata: unknown): string | undefined {
  if (!metadata || typeof metadata !== 'object') return undefined;
  const { raw, provider_name: provider } = metadata as Record<string, unknown>;
  if (raw === undefined) return undefined;
  const text = typeof raw === 'string' ? raw : JSON.stringify(raw);
  return typeof provider === 'string' ? `${text} (${provider})` : text;
}

/** A message that may be a string, pydantic's `detail` list, or an object holding either. */
function messageOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) {
    const parts = value.map((item) => {
      if (!item || typeof item !== 'object') return String(item);
      const { msg, loc, type } = item as Record<string, unknown>;
      const where = Array.isArray(loc) ? loc.join('.') : '';
      return `${typeof type === 'string' ? `${type} ` : ''}${where ? `at ${where}: ` : ''}${typeof msg === 'string' ? msg : JSON.stringify(item)}`;
    });
    return parts.join('; ');
  }
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    return messageOf(record['detail']) ?? messageOf(record['message']) ?? JSON.stringify(value);
  }
  return undefined;
}

/** Pydantic's `loc: ["body", "stream_options", …]` names the refused parameter. */
function paramFromDetail(value: unknown): { param?: string } {
  const detail =
    value && typeof value === 'object' && !Array.isArray(value)
      ? (value as { detail?: unknown }).detail
      : value;
  if (!Array.isArray(detail)) return {};
  for (const item of detail) {
    const loc = (item as { loc?: unknown } | null)?.loc;
    if (Array.isArray(loc) && loc[0] === 'body' && typeof loc[1] === 'string') return { param: loc[1] };
  }
  return {};
}

function fields(source: Record<string, unknown>): Omit<ProviderError, 'message'> {
  const text = (value: unknown) =>
    typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;
  const code = text(source['code']) ?? text(source['status']);
  const param = text(source['param']);
  const type = text(source['type']);
  return { ...(code ? { code } : {}), ...(param ? { param } : {}), ...(type ? { type } : {}) };
}

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > PROVIDER_ERROR_CHARS ? `${flat.slice(0, PROVIDER_ERROR_CHARS - 1)}…` : flat;
}

/**
 * Wraps `fetch` so every non-2xx response reaches the SDK as `{"error": ProviderError}`: the
 * SDK's `APIError` then carries the provider's message, code and param for any body shape.
 */
export function readableErrorFetch(fetchImpl: typeof fetch): typeof fetch {
  return async (input, init) => {
    const response = await fetchImpl(input, init);
    if (response.ok || response.status < 400) return response;
    const text = await response.text().catch(() => '');
    const error = text.trim() ? parseErrorBody(text) : { message: response.statusText || 'no body' };
    const headers = new Headers(response.headers);
    headers.delete('content-length');
    headers.delete('content-encoding');
    headers.set('content-type', 'application/json');
    return new Response(JSON.stringify({ error }), {
      status: response.status,
      statusText: response.statusText,
      headers,
    });
  };
}
