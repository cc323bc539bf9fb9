/**
 * The OpenAI Responses API persona of the fake server (`POST /v1/responses`, and Azure OpenAI's
 * `/openai/v1/responses`). It plays the same scripted replies as Chat Completions
 * (`reply().text(…).tool(…)`), streamed the way OpenAI documents the Responses stream: named SSE
 * events (`event: <type>` + `data: {…, sequence_number}`), `response.created`/`in_progress`, a
 * reasoning item (with `encrypted_content` when `include` asks for it), message text as
 * `response.output_text.delta`, each call as `response.output_item.added` → many
 * `response.function_call_arguments.delta` → `.done` → `response.output_item.done`, then
 * `response.completed` (or `response.incomplete`) with the usage, and no `[DONE]`.
 *
 * It refuses, with OpenAI's error bodies, the follow-ups OpenAI refuses: a function call sent
 * back without the reasoning item that preceded it, a reasoning item whose encrypted content is
 * missing while nothing is stored, a reasoning item with nothing after it, a
 * `function_call_output` with no matching call, Chat-shaped tools and roles. Models named
 * `gpt-4…` behave like OpenAI's non-reasoning models: no reasoning items, and `reasoning` or
 * `include: ["reasoning.encrypted_content"]` refused by name.
 */

import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Step, StreamScript } from './openai-reply.js';
import type { RecordedRequest, ScriptEntry } from './openai-server.js';

/** What the persona needs of the server: where requests are recorded and the next scripted reply. */
export interface ResponsesRoute {
  requests: RecordedRequest[];
  take(): ScriptEntry | undefined;
}

interface IssuedReasoning {
  encrypted: string;
}

interface IssuedCall {
  itemId: string;
  reasoningId: string | undefined;
}

/** True for the paths the persona answers. */
export function isResponsesPath(url: string | undefined): boolean {
  return url === '/v1/responses' || url === '/openai/v1/responses';
}

/** Creates the persona; it remembers what it issued, so it can check what comes back. */
export function responsesPersona(route: ResponsesRoute) {
  const reasoning = new Map<string, IssuedReasoning>();
  const calls = new Map<string, IssuedCall>();
  let served = 0;
  let previousInput: unknown[] = [];

  return async (req: IncomingMessage, raw: string, res: ServerResponse): Promise<void> => {
    const request: RecordedRequest = {
      method: req.method ?? 'POST',
      path: req.url ?? '',
      headers: req.headers,
      body: JSON.parse(raw),
      at: Date.now(),
    };
    route.requests.push(request);
    served += 1;
    const refusal = refuse(request.body, reasoning, calls);
    if (refusal) {
      res.writeHead(refusal.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: refusal.error }));
      return;
    }
    const entry = route.take();
    const step: Step | undefined = typeof entry === 'function' ? entry(request) : entry;
    if (!step) {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'fake: no scripted reply left', type: 'server_error' } }));
      return;
    }
    const input: unknown[] = Array.isArray(request.body.input) ? request.body.input : [];
    const cachedItems = commonPrefix(previousInput, input);
    previousInput = input;
    switch (step.kind) {
      case 'http-error':
        res.writeHead(step.status, step.headers).end(step.body);
        return;
      case 'hang':
        return;
      case 'reset':
        res.socket?.destroy();
        return;
      case 'stream': {
        let issued: Issued | undefined;
        const frames = responseFrames(step, request, served, cachedItems, (items) => {
          issued = items;
        });
        // Only a response delivered whole binds the client to send its items back.
        if (!(await writeFrames(step, frames, res)) || !issued) return;
        const { reasoning: rs, calls: issuedCalls } = issued;
        if (rs) reasoning.set(rs.id, { encrypted: rs.encrypted });
        for (const call of issuedCalls) calls.set(call.callId, { itemId: call.itemId, reasoningId: rs?.id });
        return;
      }
    }
  };
}

interface Refusal {
  status: number;
  error: { message: string; type: string; param: string | null; code: string | null };
}

const invalid = (
  message: string,
  param: string | null,
  code: string | null = null,
  status = 400,
): Refusal => ({
  status,
  error: { message, type: 'invalid_request_error', param, code },
});

/** OpenAI's checks of a follow-up request, in the order it reports them. */
function refuse(
  body: any,
  reasoning: Map<string, IssuedReasoning>,
  calls: Map<string, IssuedCall>,
): Refusal | undefined {
  if (body.messages !== undefined) {
    return invalid(
      "Unsupported parameter: 'messages'. In the Responses API, this parameter has moved to 'input'. Try again with the new parameter.",
      'messages',
      'unsupported_parameter',
    );
  }
  for (const [i, tool] of (body.tools ?? []).entries()) {
    if (typeof tool?.name !== 'string') {
      return invalid(
        `Missing required parameter: 'tools[${i}].name'.`,
        `tools[${i}].name`,
        'missing_required_parameter',
      );
    }
  }
  // OpenAI's models before the GPT-5 family do not reason: they refuse the reasoning settings.
  if (!reasoningModel(body.model)) {
    if (body.reasoning?.effort !== undefined) {
      return invalid(
        "Unsupported parameter: 'reasoning.effort' is not supported with this model.",
        'reasoning.effort',
        'unsupported_parameter',
      );
    }
    if ((body.include ?? []).includes('reasoning.encrypted_content')) {
      return invalid('Encrypted content is not supported with this model.', 'include');
    }
  }
  const input: any[] = Array.isArray(body.input) ? body.input : [];
  const stored = body.store !== false;
  const seenReasoning = new Set<string>();
  const seenCalls = new Set<string>();
  for (const [i, item] of input.entries()) {
    const type = item?.type ?? 'message';
    if (type === 'message' && !['user', 'assistant', 'system', 'developer'].includes(item.role)) {
      return invalid(
        `Invalid value: '${item.role}'. Supported values are: 'assistant', 'system', 'developer', and 'user'.`,
        `input[${i}]`,
        'invalid_value',
      );
    }
    if (type === 'reasoning') {
      const issued = reasoning.get(item.id);
      if (!stored && item.encrypted_content !== issued?.encrypted) {
        return invalid(
          `Item with id '${item.id}' not found. Items are not persisted when \`store\` is set to false. Try again with \`store\` set to true, or remove this item from your input.`,
          'input',
          null,
          404,
        );
      }
      const next = input[i + 1];
      if (!next || !(next.type === 'function_call' || (next.type ?? 'message') === 'message')) {
        return invalid(
          `Item '${item.id}' of type 'reasoning' was provided without its required following item.`,
          'input',
        );
      }
      seenReasoning.add(item.id);
    }
    if (type === 'function_call') {
      const issued = calls.get(item.call_id);
      if (issued?.reasoningId && !seenReasoning.has(issued.reasoningId)) {
        return invalid(
          `Item '${item.id ?? issued.itemId}' of type 'function_call' was provided without its required 'reasoning' item: '${issued.reasoningId}'.`,
          'input',
        );
      }
      seenCalls.add(item.call_id);
    }
    if (type === 'function_call_output' && !seenCalls.has(item.call_id)) {
      return invalid(`No tool call found for function call output with call_id ${item.call_id}.`, 'input');
    }
  }
  return undefined;
}

interface Issued {
  reasoning: { id: string; encrypted: string } | undefined;
  calls: { callId: string; itemId: string }[];
}

/** The SSE frames of one scripted reply, as OpenAI streams a response. */
export function responseFrames(
  script: StreamScript,
  request: RecordedRequest,
  served: number,
  cachedItems: number,
  onIssued: (issued: Issued) => void = () => {},
): string[] {
  const body = request.body ?? {};
  const id = `resp_fake${served}`;
  const model = String(body.model ?? 'fake-model');
  const frames: string[] = [];
  let sequence = 0;
  const event = (type: string, rest: object) => {
    frames.push(
      `event: ${type}\ndata: ${JSON.stringify({ type, sequence_number: sequence++, ...rest })}\n\n`,
    );
  };
  const response = (status: string, output: object[], extra: object = {}) => ({
    id,
    object: 'response',
    created_at: Math.floor(Date.now() / 1000),
    status,
    model,
    output,
    parallel_tool_calls: body.parallel_tool_calls ?? true,
    reasoning: body.reasoning ?? null,
    store: body.store ?? true,
    tools: body.tools ?? [],
    error: null,
    incomplete_details: null,
    usage: null,
    ...extra,
  });
  event('response.created', { response: response('in_progress', []) });
  event('response.in_progress', { response: response('in_progress', []) });

  const output: object[] = [];
  const reasons = reasoningModel(body.model) && body.reasoning?.effort !== 'none';
  let reasoningItem: { id: string; encrypted: string } | undefined;
  if (reasons) {
    const rsId = `rs_${served}${hash(id).slice(0, 20)}`;
    const wantsEncrypted = (body.include ?? []).includes('reasoning.encrypted_content');
    const encrypted = `gAAAAAB${hash(`${rsId}:${JSON.stringify(body.input ?? [])}`)}`;
    const item = {
      id: rsId,
      type: 'reasoning',
      summary: [],
      ...(wantsEncrypted ? { encrypted_content: encrypted } : {}),
    };
    event('response.output_item.added', { output_index: output.length, item });
    event('response.output_item.done', { output_index: output.length, item });
    output.push(item);
    // Without `include`, nothing the client holds can bring this reasoning back.
    reasoningItem = { id: rsId, encrypted: wantsEncrypted ? encrypted : '' };
  }
  if (script.content) {
    const index = output.length;
    const msgId = `msg_${served}${hash(`${id}:msg`).slice(0, 20)}`;
    const phase = script.calls.length > 0 ? 'commentary' : 'final_answer';
    const part = { type: 'output_text', text: '', annotations: [], logprobs: [] };
    event('response.output_item.added', {
      output_index: index,
      item: { id: msgId, type: 'message', status: 'in_progress', role: 'assistant', phase, content: [] },
    });
    event('response.content_part.added', { item_id: msgId, output_index: index, content_index: 0, part });
    for (const piece of split(script.content, Math.ceil(script.content.length / script.textChunkChars))) {
      event('response.output_text.delta', {
        item_id: msgId,
        output_index: index,
        content_index: 0,
        delta: piece,
        logprobs: [],
      });
    }
    const done = { ...part, text: script.content };
    event('response.output_text.done', {
      item_id: msgId,
      output_index: index,
      content_index: 0,
      text: script.content,
      logprobs: [],
    });
    event('response.content_part.done', {
      item_id: msgId,
      output_index: index,
      content_index: 0,
      part: done,
    });
    const item = {
      id: msgId,
      type: 'message',
      status: 'completed',
      role: 'assistant',
      phase,
      content: [done],
    };
    event('response.output_item.done', { output_index: index, item });
    output.push(item);
  }
  const issuedCalls: Issued['calls'] = [];
  for (const call of script.calls) {
    const index = output.length;
    const fcId = `fc_${served}${hash(`${id}:${call.id}`).slice(0, 20)}`;
    const base = { id: fcId, type: 'function_call', call_id: call.id, name: call.name };
    event('response.output_item.added', {
      output_index: index,
      item: { ...base, status: 'in_progress', arguments: '' },
    });
    for (const piece of split(call.arguments, script.argChunks)) {
      event('response.function_call_arguments.delta', { item_id: fcId, output_index: index, delta: piece });
    }
    event('response.function_call_arguments.done', {
      item_id: fcId,
      output_index: index,
      name: call.name,
      arguments: call.arguments,
    });
    const item = { ...base, status: 'completed', arguments: call.arguments };
    event('response.output_item.done', { output_index: index, item });
    output.push(item);
    issuedCalls.push({ callId: call.id, itemId: fcId });
  }
  onIssued({ reasoning: reasoningItem, calls: issuedCalls });

  const usage = usageOf(script, body, cachedItems);
  if (script.finishReason === 'length' || script.finishReason === 'content_filter') {
    const reason = script.finishReason === 'length' ? 'max_output_tokens' : 'content_filter';
    event('response.incomplete', {
      response: response('incomplete', output, { incomplete_details: { reason }, usage }),
    });
  } else {
    event('response.completed', { response: response('completed', output, { usage }) });
  }
  return frames;
}

function usageOf(script: StreamScript, body: any, cachedItems: number) {
  if (script.usage === 'none') return null;
  const input: unknown[] = Array.isArray(body.input) ? body.input : [];
  const inputChars = JSON.stringify(body.instructions ?? '').length + JSON.stringify(input).length;
  const cachedChars =
    cachedItems > 0
      ? JSON.stringify(body.instructions ?? '').length + JSON.stringify(input.slice(0, cachedItems)).length
      : 0;
  const auto = {
    prompt: Math.ceil(inputChars / 4),
    completion:
      Math.ceil((script.content.length + script.calls.map((c) => c.arguments).join('').length) / 4) + 1,
  };
  const { prompt, completion } = script.usage === 'auto' ? auto : script.usage;
  const reasoningTokens = reasoningModel(body.model) && body.reasoning?.effort !== 'none' ? 16 : 0;
  return {
    input_tokens: prompt,
    input_tokens_details: { cached_tokens: Math.min(prompt, Math.floor(cachedChars / 4)) },
    output_tokens: completion + reasoningTokens,
    output_tokens_details: { reasoning_tokens: reasoningTokens },
    total_tokens: prompt + completion + reasoningTokens,
  };
}

/** Streams `frames`, cut or stalled as scripted; true when all of them went out. */
async function writeFrames(script: StreamScript, frames: string[], res: ServerResponse): Promise<boolean> {
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
  let sent = 0;
  for (const frame of frames) {
    if (script.cutAfter !== undefined && sent >= script.cutAfter) {
      res.socket?.destroy();
      return false;
    }
    if (script.hangAfter !== undefined && sent >= script.hangAfter) return false;
    if (res.destroyed) return false;
    if (sent > 0 && script.chunkDelayMs > 0) await sleep(script.chunkDelayMs);
    await new Promise<void>((resolve) => res.write(frame, () => resolve()));
    sent += 1;
  }
  res.end();
  return true;
}

/** gpt-4o, gpt-4.1 and older answer without reasoning; everything else here reasons. */
function reasoningModel(model: unknown): boolean {
  return !/^gpt-(3|4)/.test(String(model ?? ''));
}

/** Leading input items equal to the previous request's: what OpenAI's prompt cache would hit. */
function commonPrefix(previous: unknown[], input: unknown[]): number {
  let n = 0;
  while (n < previous.length && n < input.length && JSON.stringify(previous[n]) === JSON.stringify(input[n]))
    n++;
  return n;
}

function hash(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function split(text: string, n: number): string[] {
  if (!text) return [];
  const size = Math.max(1, Math.ceil(text.length / Math.max(1, n)));
  const pieces: string[] = [];
  for (let i = 0; i < text.length; i += size) pieces.push(text.slice(i, i + size));
  return pieces;
}
