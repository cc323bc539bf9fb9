/**
 * One streamed turn on the OpenAI Responses API (`POST /responses`), with the same contract as
 * the Chat Completions turn in `stream-turn.ts`: the Chat-shaped conversation in; text, tool calls
 * (each reported the moment its arguments are done) and usage out.
 *
 * Nothing is stored at the provider (`store: false`): each request carries the whole
 * conversation, and the reasoning items come back encrypted (`include`) and ride on the assistant
 * message of the history (`assistantFields`), so the next request hands them back and the model
 * keeps its reasoning across tool calls.
 *
 * The SSE body is read with `sse-reader.ts`, as on Chat Completions, so any byte re-arms the idle
 * watchdog. One attempt only. A response that fails inside the stream becomes the same `APIError`
 * an HTTP refusal would be, so `retry.ts` sorts both alike (retry, compact, or quote and stop); a
 * stream that stops before the response finished is a {@link StreamBrokenError}.
 */
import { APIError } from 'openai';
import type {
  ResponseCreateParamsStreaming,
  ResponseStreamEvent,
} from 'openai/resources/responses/responses';
import type { LlmClient } from './client.js';
import { parseErrorBody } from './error-body.js';
import { IdleWatch } from './idle-watch.js';
import { withoutImages } from './image-parts.js';
import { responsesTextFormat, sendsResponseSchema } from './response-format.js';
import { type ResponsesEnd, ResponsesTurnReader } from './responses-events.js';
import { RESPONSES_OUTPUT_FIELD, toResponsesInput, toResponsesTools } from './responses-input.js';
import { StreamBrokenError } from './retry.js';
import { streamedTurnEvents } from './sse-reader.js';
import type { StreamedTurn, StreamTurnRequest } from './stream-turn.js';
import { usageFromProvider } from './token-usage.js';
import type { ToolCall } from './tool-call.js';

/** Runs one streamed Responses turn against `llm`. */
export async function streamResponsesTurn(llm: LlmClient, request: StreamTurnRequest): Promise<StreamedTurn> {
  const idle = new IdleWatch(llm.idleTimeoutMs);
  const signal = request.signal ? AbortSignal.any([request.signal, idle.signal]) : idle.signal;
  const reader = new ResponsesTurnReader();
  let model: string | undefined;
  const emit = (calls: ToolCall[]) => {
    for (const call of calls) request.onEvent?.({ type: 'call', call });
  };
  try {
    const response = await llm.openai.responses
      .create(responsesParams(llm, request), { signal, timeout: llm.idleTimeoutMs })
      .asResponse()
      .catch((error: unknown) => {
        throw idle.fired ? idle.error() : error;
      });
    for await (const { data } of streamedTurnEvents(response, idle, request.signal)) {
      const event = parseEvent(data);
      if ('response' in event && typeof event.response?.model === 'string') model = event.response.model;
      const step = reader.read(event);
      if (step.text) request.onEvent?.({ type: 'text', text: step.text });
      emit(step.calls);
      // The response is over; nothing after it is waited for.
      if (reader.end) break;
    }
  } finally {
    idle.stop();
  }
  const turn = finishTurn(reader, reader.end);
  return model ? { ...turn, model } : turn;
}

/** The request body: the whole conversation, nothing stored, reasoning handed back encrypted. */
export function responsesParams(llm: LlmClient, request: StreamTurnRequest): ResponseCreateParamsStreaming {
  const messages = llm.rules.allows('image-input') ? request.messages : withoutImages(request.messages);
  const { instructions, input } = toResponsesInput(messages);
  return {
    model: llm.model,
    ...(instructions === undefined ? {} : { instructions }),
    input,
    stream: true,
    store: false,
    ...(llm.rules.allows('include') ? { include: ['reasoning.encrypted_content' as const] } : {}),
    // The SDK's type trails the values OpenAI accepts (`none`, `xhigh`); the input validated it.
    ...(llm.reasoningEffort
      ? {
          reasoning: {
            effort: llm.reasoningEffort as NonNullable<ResponseCreateParamsStreaming['reasoning']>['effort'],
          },
        }
      : {}),
    ...(request.tools.length > 0
      ? {
          tools: toResponsesTools(request.tools),
          ...(llm.rules.allows('parallel_tool_calls') ? { parallel_tool_calls: true } : {}),
        }
      : {}),
    ...(llm.promptCacheKey && llm.rules.allows('prompt_cache_key')
      ? { prompt_cache_key: llm.promptCacheKey }
      : {}),
    ...(request.responseSchema && sendsResponseSchema(llm.rules)
      ? { text: responsesTextFormat(request.responseSchema, llm.rules) }
      : {}),
  };
}

function parseEvent(data: string): ResponseStreamEvent {
  let event: unknown;
  try {
    event = JSON.parse(data);
  } catch {
    throw new StreamBrokenError(`the endpoint sent data that is not JSON: ${data.slice(0, 200)}`);
  }
  if (!event || typeof event !== 'object' || typeof (event as { type?: unknown }).type !== 'string') {
    throw new StreamBrokenError(`the endpoint sent an event without a type: ${data.slice(0, 200)}`);
  }
  const typed = event as ResponseStreamEvent;
  // The error event as documented has `code` and `message` at the top; some servers nest them.
  if (typed.type === 'error' && typeof typed.message !== 'string') {
    const { message, code } = parseErrorBody(data);
    return { ...typed, message, code: code ?? null };
  }
  return typed;
}

function finishTurn(reader: ResponsesTurnReader, end: ResponsesEnd | undefined): StreamedTurn {
  if (!end) throw new StreamBrokenError('the stream ended before the response completed');
  if (end.kind === 'failed') throw failureError(end);
  const usage = usageFromProvider(end.usage);
  return {
    content: reader.content(),
    toolCalls: reader.toolCalls(),
    finishReason: end.finishReason,
    usage,
    assistantFields: { [RESPONSES_OUTPUT_FIELD]: reader.outputItems() },
  };
}

// A failure reported inside the stream carries a code, not an HTTP status. It gets the status the
// same refusal has as an HTTP answer, so one classifier decides what is retried (server trouble,
// rate limits), what shrinks the conversation (`context_length_exceeded`) and what is quoted.
const transientCodes = new Set(['server_error', 'vector_store_timeout']);

/** The `APIError` for a `response.failed` or `error` event. */
export function failureError(end: Extract<ResponsesEnd, { kind: 'failed' }>): APIError {
  const status =
    end.code === 'rate_limit_exceeded' ? 429 : end.code === null || transientCodes.has(end.code) ? 500 : 400;
  const error = {
    message: end.message,
    type: status === 400 ? 'invalid_request_error' : 'server_error',
    param: null,
    code: end.code,
  };
  return APIError.generate(status, { error }, undefined, new Headers());
}

function _describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
  return `${error.message}${cause}`;
}
