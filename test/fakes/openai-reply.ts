/**
 * Scripted replies for the fake OpenAI server: `reply().text('…').tool('read_file', {...})`, plus
 * the failures a real endpoint produces (HTTP errors, hangs, resets, cut streams).
 */

export interface ScriptedCall {
  id: string;
  name: string;
  /** Exactly the string streamed as `function.arguments`. */
  arguments: string;
}

export interface StreamScript {
  kind: 'stream';
  /** Assistant text, streamed in pieces before the calls. */
  content: string;
  calls: ScriptedCall[];
  /** Pieces each call's arguments are split into. */
  argChunks: number;
  /** Characters of text per chunk. */
  textChunkChars: number;
  /** Send argument pieces of all calls round-robin instead of call after call. */
  interleave: boolean;
  chunkDelayMs: number;
  usage: { prompt: number; completion: number; cached?: number } | 'auto' | 'none';
  finishReason: string | undefined;
  /** Destroy the socket after this many SSE events. */
  cutAfter: number | undefined;
  /** Stop writing (but keep the socket open) after this many SSE events. */
  hangAfter: number | undefined;
  /** End with `data: [DONE]` (some servers just close the stream). */
  sendDone: boolean;
}

export type Step =
  | StreamScript
  | { kind: 'http-error'; status: number; headers: Record<string, string>; body: string }
  | { kind: 'hang' }
  | { kind: 'reset' };

let callCounter = 0;

/** Builds one streamed assistant turn. */
export class ReplyBuilder implements StreamScript {
  readonly kind = 'stream' as const;
  content = '';
  calls: ScriptedCall[] = [];
  argChunks = 4;
  textChunkChars = 12;
  interleave = false;
  chunkDelayMs = 0;
  usage: StreamScript['usage'] = 'auto';
  finishReason: string | undefined = undefined;
  cutAfter: number | undefined = undefined;
  hangAfter: number | undefined = undefined;
  sendDone = true;

  /** Adds assistant text (streamed in several chunks). */
  text(text: string): this {
    this.content += text;
    return this;
  }

  /** Adds a tool call; `args` is JSON-encoded unless it is already a string (to send broken JSON). */
  tool(name: string, args: Record<string, unknown> | string, options: { id?: string } = {}): this {
    callCounter += 1;
    const id = options.id ?? `call_${callCounter.toString(36).padStart(6, '0')}`;
    this.calls.push({ id, name, arguments: typeof args === 'string' ? args : JSON.stringify(args) });
    return this;
  }

  /** Splits each call's arguments into `n` pieces. */
  chunks(n: number): this {
    this.argChunks = Math.max(1, n);
    return this;
  }

  delay(ms: number): this {
    this.chunkDelayMs = ms;
    return this;
  }

  interleaved(): this {
    this.interleave = true;
    return this;
  }

  /** The usage to report; `cached` prompt tokens go in `prompt_tokens_details.cached_tokens`. */
  tokens(prompt: number, completion: number, cached = 0): this {
    this.usage = { prompt, completion, ...(cached > 0 ? { cached } : {}) };
    return this;
  }

  /** Behave like an endpoint that ignores `stream_options` and never reports usage. */
  noUsage(): this {
    this.usage = 'none';
    return this;
  }

  finish(reason: string): this {
    this.finishReason = reason;
    return this;
  }

  /** Cut the connection after `events` SSE events (a broken stream). */
  cut(events: number): this {
    this.cutAfter = events;
    return this;
  }

  /** End the stream without `data: [DONE]`. */
  noDone(): this {
    this.sendDone = false;
    return this;
  }

  /** Go silent after `events` SSE events, socket left open. */
  stall(events: number): this {
    this.hangAfter = events;
    return this;
  }
}

/** Starts a scripted streamed reply. */
export function reply(): ReplyBuilder {
  return new ReplyBuilder();
}

/** An HTTP error the way OpenAI sends it (`{"error": {...}}`), e.g. 429 with `retry-after`. */
export function httpError(
  status: number,
  options: { retryAfter?: string; code?: string; message?: string; plain?: string } = {},
): Step {
  const headers: Record<string, string> = options.retryAfter ? { 'retry-after': options.retryAfter } : {};
  if (options.plain !== undefined) {
    return {
      kind: 'http-error',
      status,
      headers: { ...headers, 'content-type': 'text/plain' },
      body: options.plain,
    };
  }
  const error = {
    message: options.message ?? `fake error ${status}`,
    type: status === 429 ? 'rate_limit_exceeded' : status >= 500 ? 'server_error' : 'invalid_request_error',
    param: null,
    code: options.code ?? null,
  };
  return {
    kind: 'http-error',
    status,
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ error }),
  };
}

/** Accept the request and never answer. */
export function hang(): Step {
  return { kind: 'hang' };
}

/** Destroy the connection before any response (ECONNRESET on the client). */
export function reset(): Step {
  return { kind: 'reset' };
}
