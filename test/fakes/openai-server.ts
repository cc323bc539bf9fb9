/**
 * A fake OpenAI-compatible Chat Completions server on 127.0.0.1 that streams SSE exactly like the
 * real API: `data: {chat.completion.chunk}\n\n` events, a first delta with the role, tool-call
 * deltas with `index`/`id`/`type`/`function.name` first and `arguments` in pieces, a finish chunk,
 * a usage chunk with empty `choices` when `stream_options.include_usage` is set, then
 * `data: [DONE]`. Replies are scripted in order (see `openai-reply.ts`); every request is recorded.
 *
 * A *persona* (see `providers/`) makes it behave like one real provider instead: its URL path,
 * the requests it refuses (with that provider's exact error bodies) and its stream shape.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Step, StreamScript } from './openai-reply.js';
import { isResponsesPath, responsesPersona } from './openai-responses.js';
import { type Chunk, dataFrame, type Persona } from './providers/persona.js';

export { hang, httpError, ReplyBuilder, reply, reset, type Step } from './openai-reply.js';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  /** Parsed JSON body. */
  body: any;
  at: number;
}

/** A scripted reply, or a function of the request giving one (it may wait, e.g. for a push to land). */
export type ScriptEntry = Step | ((request: RecordedRequest) => Step | Promise<Step>);

export interface FakeOpenAI {
  /** Base URL to hand to the client, ending in `/v1`. */
  url: string;
  /** `http://127.0.0.1:<port>`, for personas whose base path is not `/v1`. */
  origin: string;
  /** Behave like `persona` from now on (undefined: the plain fake); forgets its state. */
  usePersona(persona: Persona | undefined): void;
  /**
   * Checks every model request's credentials first (undefined: any are accepted); a refusal is
   * served without taking a scripted reply, and the request is still recorded.
   */
  useAuth(check: ((request: RecordedRequest) => Step | undefined) | undefined): void;
  requests: RecordedRequest[];
  /** Queues replies; each chat-completions request takes the next one. */
  enqueue(...steps: ScriptEntry[]): void;
  /** Replies still queued. */
  pending(): number;
  /** Forgets queued replies and recorded requests (between tests). */
  clear(): void;
  close(): Promise<void>;
}

/** Starts the fake on a free port of 127.0.0.1. */
export async function startFakeOpenAI(): Promise<FakeOpenAI> {
  const queue: ScriptEntry[] = [];
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  let served = 0;
  let persona: Persona | undefined;
  let auth: ((request: RecordedRequest) => Step | undefined) | undefined;

  const responses = responsesPersona({ requests, take: () => queue.shift() });
  const server = createServer(async (req, res) => {
    const raw = await readBody(req);
    const refusedAuth = req.method === 'POST' ? authRefusal(req, raw) : undefined;
    if (refusedAuth) {
      await serve(refusedAuth, requests.at(-1)!, res, 'chatcmpl-unauthorized', undefined);
      return;
    }
    if (req.method === 'POST' && isResponsesPath(req.url)) return responses(req, raw, res);
    const path = (req.url ?? '').split('?')[0];
    const expected = `${persona?.basePath ?? '/v1'}/chat/completions`;
    if (req.method !== 'POST' || path !== expected) {
      const notFound = persona?.notFound?.() ?? {
        status: 404,
        type: 'text/plain',
        body: '404 page not found',
      };
      res.writeHead(notFound.status, { 'content-type': notFound.type }).end(notFound.body);
      return;
    }
    const request: RecordedRequest = {
      method: req.method,
      path: req.url ?? '',
      headers: req.headers,
      body: JSON.parse(raw),
      at: Date.now(),
    };
    requests.push(request);
    served += 1;
    const refusal = persona?.refuse?.(request);
    if (refusal) {
      await serve(refusal, request, res, `chatcmpl-fake${served}`, persona);
      return;
    }
    const interruption = persona?.interrupt?.(request);
    if (interruption) {
      res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8' });
      for (const frame of interruption) res.write(frame);
      res.end();
      return;
    }
    const entry = queue.shift();
    const step = typeof entry === 'function' ? await entry(request) : entry;
    if (!step) {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'fake: no scripted reply left', type: 'server_error' } }));
      return;
    }
    await serve(step, request, res, `chatcmpl-fake${served}`, persona);
  });
  function authRefusal(req: IncomingMessage, raw: string): Step | undefined {
    if (!auth) return undefined;
    const request: RecordedRequest = {
      method: req.method ?? 'POST',
      path: req.url ?? '',
      headers: req.headers,
      body: safeJson(raw),
      at: Date.now(),
    };
    const refusal = auth(request);
    if (refusal) requests.push(request);
    return refusal;
  }
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    origin: `http://127.0.0.1:${port}`,
    usePersona: (next) => {
      persona = next;
    },
    useAuth: (check) => {
      auth = check;
    },
    requests,
    enqueue: (...steps) => queue.push(...steps),
    pending: () => queue.length,
    clear: () => {
      queue.length = 0;
      requests.length = 0;
      auth = undefined;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function serve(
  step: Step,
  request: RecordedRequest,
  res: ServerResponse,
  id: string,
  persona: Persona | undefined,
): Promise<void> {
  switch (step.kind) {
    case 'http-error':
      res.writeHead(step.status, step.headers).end(step.body);
      return;
    case 'hang':
      return;
    case 'reset':
      res.socket?.destroy();
      return;
    case 'stream':
      await streamReply(step, request, res, id, persona);
      return;
  }
}

async function streamReply(
  script: StreamScript,
  request: RecordedRequest,
  res: ServerResponse,
  id: string,
  persona: Persona | undefined,
) {
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
  const chunks = streamChunks(script, request, id);
  const events = persona?.frames ? persona.frames(chunks, request) : chunks.map(dataFrame);
  let sent = 0;
  for (const event of events) {
    if (script.cutAfter !== undefined && sent >= script.cutAfter) {
      res.socket?.destroy();
      return;
    }
    if (script.hangAfter !== undefined && sent >= script.hangAfter) return;
    if (res.destroyed) return;
    if (sent > 0 && script.chunkDelayMs > 0) await sleep(script.chunkDelayMs);
    // Wait until the bytes are on the socket, so a cut after N events really delivered N events.
    await new Promise<void>((resolve) => res.write(event, () => resolve()));
    sent += 1;
  }
  res.end();
}

/** The SSE `data:` payloads of one reply, in order, ending with `[DONE]`. */
export function sseEvents(script: StreamScript, request: RecordedRequest, id: string): string[] {
  return streamChunks(script, request, id).map((chunk) =>
    chunk === '[DONE]' ? chunk : JSON.stringify(chunk),
  );
}

/** The chunks of one reply as OpenAI streams them, in order, ending with `[DONE]`. */
export function streamChunks(script: StreamScript, request: RecordedRequest, id: string): Chunk[] {
  const includeUsage = request.body?.stream_options?.include_usage === true && script.usage !== 'none';
  const model = String(request.body?.model ?? 'fake-model');
  const created = Math.floor(Date.now() / 1000);
  const envelope = (rest: object): Chunk =>
    ({
      id,
      object: 'chat.completion.chunk',
      created,
      model,
      system_fingerprint: 'fp_fake',
      ...rest,
    }) as Chunk;
  const chunk = (delta: object, finishReason: string | null = null) =>
    envelope({
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
      ...(includeUsage ? { usage: null } : {}),
    });

  const out: Chunk[] = [chunk({ role: 'assistant', content: script.content ? '' : null, refusal: null })];
  for (const piece of split(script.content, Math.ceil(script.content.length / script.textChunkChars))) {
    out.push(chunk({ content: piece }));
  }
  const header = (i: number) => {
    const call = script.calls[i]!;
    return chunk({
      tool_calls: [{ index: i, id: call.id, type: 'function', function: { name: call.name, arguments: '' } }],
    });
  };
  const piece = (i: number, text: string) =>
    chunk({ tool_calls: [{ index: i, function: { arguments: text } }] });
  const pieces = script.calls.map((call) => split(call.arguments, script.argChunks));
  if (script.interleave) {
    for (let i = 0; i < script.calls.length; i++) out.push(header(i));
    for (let round = 0; round < script.argChunks; round++) {
      for (const [i, list] of pieces.entries()) {
        if (list[round] !== undefined) out.push(piece(i, list[round]!));
      }
    }
  } else {
    for (const [i, list] of pieces.entries()) out.push(header(i), ...list.map((text) => piece(i, text)));
  }
  const finish = script.finishReason ?? (script.calls.length > 0 ? 'tool_calls' : 'stop');
  if (finish) out.push(chunk({}, finish));
  if (includeUsage) {
    const usage =
      script.usage === 'auto'
        ? {
            prompt: Math.ceil(JSON.stringify(request.body?.messages ?? []).length / 4),
            completion: Math.ceil((script.content.length + pieces.flat().join('').length) / 4) + 1,
          }
        : (script.usage as { prompt: number; completion: number; cached?: number });
    out.push(
      envelope({
        choices: [],
        usage: {
          prompt_tokens: usage.prompt,
          completion_tokens: usage.completion,
          total_tokens: usage.prompt + usage.completion,
          prompt_tokens_details: {
            cached_tokens: 'cached' in usage ? (usage.cached ?? 0) : 0,
            audio_tokens: 0,
          },
          completion_tokens_details: { reasoning_tokens: 0, audio_tokens: 0 },
        },
      }),
    );
  }
  if (script.sendDone) out.push('[DONE]');
  return out;
}

/** Splits `text` into `n` nearly equal, non-empty pieces (fewer when the text is short). */
function split(text: string, n: number): string[] {
  if (!text) return [];
  const size = Math.max(1, Math.ceil(text.length / Math.max(1, n)));
  const pieces: string[] = [];
  for (let i = 0; i < text.length; i += size) pieces.push(text.slice(i, i + size));
  return pieces;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function safeJson(raw: string): any {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}
