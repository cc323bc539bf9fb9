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
 * The stream is built in `openai-responses-stream.ts`. This module holds the route and what the
 * persona remembers, and refuses, with OpenAI's error bodies, the follow-ups OpenAI refuses: a
 * function call sent back without the reasoning item that preceded it, a reasoning item whose
 * encrypted content is missing while nothing is stored, a reasoning item with nothing after it,
 * a `function_call_output` with no matching call, Chat-shaped tools and roles. Models named
 * `gpt-4…` behave like OpenAI's non-reasoning models: no reasoning items, and `reasoning` or
 * `include: ["reasoning.encrypted_content"]` refused by name.
 */

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Step } from './openai-reply.js';
import { type Issued, reasoningModel, responseFrames, writeFrames } from './openai-responses-stream.js';
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
    const step: Step | undefined = typeof entry === 'function' ? await entry(request) : entry;
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
    if (type === 'message' && Array.isArray(item.content)) {
      for (const [k, part] of item.content.entries()) {
        const problem = contentPartProblem(part);
        if (problem) return invalid(problem, `input[${i}].content[${k}]`, 'invalid_value');
      }
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

const PART_TYPES = [
  'input_text',
  'input_image',
  'output_text',
  'refusal',
  'input_file',
  'computer_screenshot',
  'summary_text',
];

/** What OpenAI says of a content part type it does not know (a Chat-shaped `text` or `image_url` part). */
function contentPartProblem(part: any): string | undefined {
  if (PART_TYPES.includes(part?.type)) return undefined;
  const listed = PART_TYPES.map((t) => `'${t}'`);
  return `Invalid value: '${part?.type}'. Supported values are: ${listed.slice(0, -1).join(', ')}, and ${listed.at(-1)}.`;
}

/** Leading input items equal to the previous request's: what OpenAI's prompt cache would hit. */
function commonPrefix(previous: unknown[], input: unknown[]): number {
  let n = 0;
  while (n < previous.length && n < input.length && JSON.stringify(previous[n]) === JSON.stringify(input[n]))
    n++;
  return n;
}
