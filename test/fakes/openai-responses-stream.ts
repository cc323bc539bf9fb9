/**
 * The stream of the Responses API persona (`openai-responses.ts`): one scripted reply as the SSE
 * frames OpenAI sends for a response, its usage, and the writer that cuts or stalls it as scripted.
 */
import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { StreamScript } from './openai-reply.js';
import type { RecordedRequest } from './openai-server.js';

/** What a response handed out: the client must send these back. */
export interface Issued {
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
export async function writeFrames(
  script: StreamScript,
  frames: string[],
  res: ServerResponse,
): Promise<boolean> {
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
export function reasoningModel(model: unknown): boolean {
  return !/^gpt-(3|4)/.test(String(model ?? ''));
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
