import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { DoomLoopGuard } from '../../../src/agent/doom-loop.js';
import type { TurnOutcome } from '../../../src/agent/run-turn.js';
import { appendTurn } from '../../../src/agent/turn-record.js';
import { createLlmClient } from '../../../src/llm/client.js';
import { RequestRules } from '../../../src/llm/request-rules.js';
import { RESPONSES_OUTPUT_FIELD } from '../../../src/llm/responses-input.js';
import { streamResponsesTurn } from '../../../src/llm/responses-turn.js';
import { classifyLlmError, StreamBrokenError } from '../../../src/llm/retry.js';
import type { StreamedTurn, TurnStreamEvent } from '../../../src/llm/stream-turn.js';
import { reply, type Step } from '../../fakes/openai-server.js';
import { useFakeOpenAI } from '../../helpers/fake-openai.js';

const tools = [
  {
    type: 'function' as const,
    function: {
      name: 'read_file',
      description: 'Read a file.',
      parameters: { type: 'object', properties: { path: { type: 'string' } } },
    },
  },
];
const start = (): ChatCompletionMessageParam[] => [
  { role: 'system', content: 'You fix bugs.' },
  { role: 'user', content: 'fix it' },
];

/** A 200 event stream of the given `event: type` + data frames, for failures the builder cannot script. */
function rawEvents(...events: object[]): Step {
  const body = events
    .map(
      (event, i) =>
        `event: ${(event as { type: string }).type}\ndata: ${JSON.stringify({ ...event, sequence_number: i })}\n\n`,
    )
    .join('');
  return { kind: 'http-error', status: 200, headers: { 'content-type': 'text/event-stream' }, body };
}

/** Records a finished turn into the history the way the loop does. */
function record(messages: ChatCompletionMessageParam[], turn: StreamedTurn, outputs: string[]) {
  const outcome: TurnOutcome = {
    kind: 'complete',
    content: turn.content,
    calls: turn.toolCalls,
    results: turn.toolCalls.map((call, i) => ({
      callId: call.id,
      output: outputs[i] ?? 'ok',
      isError: false,
      meta: { tool: call.name, status: 'ok', readOnly: true, durationMs: 1 },
    })),
    usage: turn.usage,
    ...(turn.assistantFields ? { assistantFields: turn.assistantFields } : {}),
    attempts: 1,
  };
  appendTurn(messages, outcome, new DoomLoopGuard());
}

describe('streamResponsesTurn', () => {
  const fake = useFakeOpenAI();
  const client = (options: { idleTimeoutMs?: number; effort?: 'high' } = {}) =>
    createLlmClient({
      baseUrl: fake.url,
      apiKey: 'sk-test',
      model: 'gpt-test',
      api: 'responses',
      idleTimeoutMs: options.idleTimeoutMs ?? 5000,
      ...(options.effort ? { reasoningEffort: options.effort } : {}),
    });

  it('sends a stateless Responses request and reads text, calls, usage and the output items', async () => {
    fake.enqueue(
      reply()
        .text('Reading both.')
        .tool('read_file', { path: 'src/a.ts' }, { id: 'call_a' })
        .tool('read_file', { path: 'src/b.ts' }, { id: 'call_b' })
        .chunks(6),
    );
    const events: TurnStreamEvent[] = [];
    const turn = await streamResponsesTurn(client({ effort: 'high' }), {
      messages: start(),
      tools,
      onEvent: (e) => events.push(e),
    });
    const request = fake.requests.at(-1)!;
    assert.equal(request.path, '/v1/responses');
    assert.equal(request.headers.authorization, 'Bearer sk-test');
    assert.deepEqual(
      { ...request.body, input: undefined, tools: undefined },
      {
        model: 'gpt-test',
        instructions: 'You fix bugs.',
        stream: true,
        store: false,
        include: ['reasoning.encrypted_content'],
        reasoning: { effort: 'high' },
        parallel_tool_calls: true,
        input: undefined,
        tools: undefined,
      },
    );
    assert.deepEqual(request.body.input, [{ role: 'user', content: 'fix it' }]);
    assert.deepEqual(request.body.tools, [
      {
        type: 'function',
        name: 'read_file',
        description: 'Read a file.',
        parameters: tools[0]!.function.parameters,
        strict: false,
      },
    ]);
    assert.equal(turn.content, 'Reading both.');
    assert.deepEqual(turn.toolCalls, [
      { id: 'call_a', name: 'read_file', arguments: '{"path":"src/a.ts"}' },
      { id: 'call_b', name: 'read_file', arguments: '{"path":"src/b.ts"}' },
    ]);
    assert.equal(turn.finishReason, 'tool_calls');
    assert.equal(turn.usage!.prompt > 0 && turn.usage!.completion > 0, true);
    assert.equal(turn.usage!.total, turn.usage!.prompt + turn.usage!.completion);
    assert.equal(turn.usage!.reasoning, 16, 'reasoning tokens read from output_tokens_details');
    assert.equal(turn.usage!.cachedPrompt, undefined, 'nothing cached on a first request');
    assert.equal(
      events
        .filter((e) => e.type === 'text')
        .map((e) => (e.type === 'text' ? e.text : ''))
        .join(''),
      'Reading both.',
    );
    assert.deepEqual(
      events.filter((e) => e.type === 'call').map((e) => (e.type === 'call' ? e.call.id : '')),
      ['call_a', 'call_b'],
    );
    const items = turn.assistantFields?.[RESPONSES_OUTPUT_FIELD] as {
      type: string;
      encrypted_content?: string;
    }[];
    assert.deepEqual(
      items.map((item) => item.type),
      ['reasoning', 'message', 'function_call', 'function_call'],
    );
    assert.match(items[0]!.encrypted_content ?? '', /^gAAAAAB/);
  });

  it('carries the reasoning into the next request, which the provider accepts', async () => {
    const messages = start();
    fake.enqueue(reply().tool('read_file', { path: 'a.ts' }, { id: 'call_r1' }));
    record(messages, await streamResponsesTurn(client(), { messages, tools }), ['contents of a.ts']);
    fake.enqueue(reply().text('Fixed.'));
    const second = await streamResponsesTurn(client(), { messages, tools });
    assert.equal(second.content, 'Fixed.');
    assert.equal(second.finishReason, 'stop');
    const input = fake.requests.at(-1)!.body.input;
    assert.deepEqual(
      input.map((item: { type?: string; role?: string }) => item.type ?? item.role),
      ['user', 'reasoning', 'function_call', 'function_call_output'],
    );
    const carried = (messages[2] as unknown as Record<string, { encrypted_content: string }[]>)[
      RESPONSES_OUTPUT_FIELD
    ];
    assert.equal(input[1].encrypted_content, carried![0]!.encrypted_content, 'sent back exactly as received');
    // The persona caches the input prefix the two requests share, as OpenAI's prompt cache does.
    assert.ok((second.usage!.cachedPrompt ?? 0) > 0, JSON.stringify(second.usage));
    assert.ok(second.usage!.cachedPrompt! < second.usage!.prompt);
  });

  it('is refused, with the provider quoted, when the reasoning is not sent back', async () => {
    const messages = start();
    fake.enqueue(reply().tool('read_file', { path: 'a.ts' }, { id: 'call_r2' }));
    record(messages, await streamResponsesTurn(client(), { messages, tools }), ['a']);
    const stripped = messages.map((m) => {
      const { [RESPONSES_OUTPUT_FIELD]: _dropped, ...rest } = m as unknown as Record<string, unknown>;
      return rest as unknown as ChatCompletionMessageParam;
    });
    fake.enqueue(reply().text('never sent'));
    const error = await streamResponsesTurn(client(), { messages: stripped, tools }).catch((e: unknown) => e);
    const verdict = classifyLlmError(error, { baseUrl: fake.url, model: 'gpt-test' });
    assert.equal(verdict?.kind, 'fatal');
    assert.match(
      verdict?.kind === 'fatal' ? verdict.error.message : '',
      /HTTP 400: Item 'fc_\w+' of type 'function_call' was provided without its required 'reasoning' item: 'rs_\w+'/,
    );
    assert.equal(fake.pending(), 1, 'the refused request took no scripted reply');
    fake.clear();
  });

  it('is refused when a function_call_output has no matching call', async () => {
    const messages: ChatCompletionMessageParam[] = [
      ...start(),
      { role: 'tool', tool_call_id: 'call_missing', content: 'orphan' },
    ];
    const error = await streamResponsesTurn(client(), { messages, tools }).catch((e: unknown) => e);
    const verdict = classifyLlmError(error, { baseUrl: fake.url, model: 'gpt-test' });
    assert.match(
      verdict?.kind === 'fatal' ? verdict.error.message : '',
      /No tool call found for function call output with call_id call_missing\./,
    );
  });

  it('hands out a call while the stream is still running', async () => {
    // created, in_progress, reasoning added/done, call 1 (added, 3 deltas, done, item done), call 2 added: then silence.
    fake.enqueue(
      reply()
        .tool('read_file', { path: 'a' }, { id: 'early' })
        .tool('read_file', { path: 'b' }, { id: 'late' })
        .chunks(3)
        .stall(11),
    );
    const calls: string[] = [];
    await assert.rejects(
      streamResponsesTurn(client({ idleTimeoutMs: 300 }), {
        messages: start(),
        tools,
        onEvent: (e) => e.type === 'call' && calls.push(e.call.id),
      }),
      StreamBrokenError,
    );
    assert.deepEqual(calls, ['early']);
  });

  it('treats a stream cut before response.completed as broken', async () => {
    fake.enqueue(reply().text('partial answer').cut(5));
    await assert.rejects(streamResponsesTurn(client(), { messages: start(), tools }), StreamBrokenError);
  });

  it('reads max_output_tokens as a length finish', async () => {
    fake.enqueue(reply().text('cut short').finish('length'));
    const turn = await streamResponsesTurn(client(), { messages: start(), tools: [] });
    assert.equal(turn.finishReason, 'length');
    assert.equal(turn.content, 'cut short');
    assert.equal(
      fake.requests.at(-1)!.body.parallel_tool_calls,
      undefined,
      'no tools, no parallel_tool_calls',
    );
  });

  it('sorts in-stream failures like HTTP ones: server errors are retried, a refused prompt is quoted', async () => {
    const failed = (code: string, message: string) =>
      rawEvents(
        {
          type: 'response.created',
          response: { id: 'resp_x', object: 'response', status: 'in_progress', output: [] },
        },
        {
          type: 'response.failed',
          response: {
            id: 'resp_x',
            object: 'response',
            status: 'failed',
            output: [],
            error: { code, message },
          },
        },
      );
    const endpoint = { baseUrl: fake.url, model: 'gpt-test' };
    fake.enqueue(failed('server_error', 'The server had an error while processing your request.'));
    const transient = await streamResponsesTurn(client(), { messages: start(), tools }).catch(
      (e: unknown) => e,
    );
    assert.equal(classifyLlmError(transient, endpoint)?.kind, 'retry');
    fake.enqueue(failed('invalid_prompt', 'Invalid prompt: your prompt was flagged.'));
    const refused = await streamResponsesTurn(client(), { messages: start(), tools }).catch(
      (e: unknown) => e,
    );
    const verdict = classifyLlmError(refused, endpoint);
    assert.match(
      verdict?.kind === 'fatal' ? verdict.error.message : '',
      /HTTP 400: Invalid prompt: your prompt was flagged\./,
    );
    fake.enqueue(
      failed(
        'context_length_exceeded',
        'Your input exceeds the context window of this model. Please adjust your input and try again.',
      ),
    );
    const tooLarge = await streamResponsesTurn(client(), { messages: start(), tools }).catch(
      (e: unknown) => e,
    );
    assert.equal(classifyLlmError(tooLarge, endpoint)?.kind, 'too-large', 'compacted and retried, not fatal');
    fake.enqueue(
      rawEvents({ type: 'error', code: 'rate_limit_exceeded', message: 'Rate limit reached.', param: null }),
    );
    const limited = await streamResponsesTurn(client(), { messages: start(), tools }).catch(
      (e: unknown) => e,
    );
    assert.equal(classifyLlmError(limited, endpoint)?.kind, 'retry');
    // Some servers nest the error event's fields; the message still reaches the user.
    fake.enqueue(
      rawEvents({
        type: 'error',
        error: { type: 'invalid_request_error', code: 'invalid_prompt', message: 'Nested refusal.' },
      }),
    );
    const nested = await streamResponsesTurn(client(), { messages: start(), tools }).catch((e: unknown) => e);
    const quoted = classifyLlmError(nested, endpoint);
    assert.match(quoted?.kind === 'fatal' ? quoted.error.message : '', /HTTP 400: Nested refusal\./);
  });

  it('names the reasoning-effort input when the model refuses the reasoning setting', async () => {
    fake.enqueue({
      kind: 'http-error',
      status: 400,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        error: {
          message: "Unsupported parameter: 'reasoning.effort' is not supported with this model.",
          type: 'invalid_request_error',
          param: 'reasoning.effort',
          code: 'unsupported_parameter',
        },
      }),
    });
    const error = await streamResponsesTurn(client({ effort: 'high' }), { messages: start(), tools }).catch(
      (e: unknown) => e,
    );
    const verdict = classifyLlmError(error, { baseUrl: fake.url, model: 'gpt-test' });
    assert.equal(verdict?.kind === 'fatal' && verdict.error.input, 'reasoning-effort');
    assert.match(
      verdict?.kind === 'fatal' ? verdict.error.message : '',
      /'reasoning\.effort' is not supported with this model/,
    );
  });

  it('names the api input when nothing answers the Responses API there', async () => {
    const llm = createLlmClient({
      baseUrl: `${fake.origin}/no-responses/v1`,
      apiKey: 'sk-test',
      model: 'gpt-test',
      api: 'responses',
    });
    const error = await streamResponsesTurn(llm, { messages: start(), tools }).catch((e: unknown) => e);
    const verdict = classifyLlmError(error, llm);
    assert.equal(verdict?.kind === 'fatal' && verdict.error.input, 'api');
    assert.match(
      verdict?.kind === 'fatal' ? verdict.error.message : '',
      /Nothing answers the Responses API at http:\/\/127\.0\.0\.1:\d+\/no-responses\/v1\/responses \(HTTP 404: 404 page not found\)\. .*set the `api` input to `chat-completions`/,
    );
  });

  it('drops include for the run when a model without reasoning refuses it', async () => {
    const llm = createLlmClient({ baseUrl: fake.url, apiKey: 'sk-test', model: 'gpt-4.1', api: 'responses' });
    const error = await streamResponsesTurn(llm, { messages: start(), tools }).catch((e: unknown) => e);
    const verdict = classifyLlmError(error, llm);
    assert.deepEqual(verdict?.kind === 'adjust' && verdict.drop, ['include']);
    llm.rules.drop(['include'], 'test');
    fake.enqueue(reply().text('Hello.'));
    const turn = await streamResponsesTurn(llm, { messages: start(), tools });
    assert.equal(turn.content, 'Hello.');
    assert.equal(fake.requests.at(-1)!.body.include, undefined);
    const items = turn.assistantFields?.[RESPONSES_OUTPUT_FIELD] as { type: string }[];
    assert.deepEqual(
      items.map((item) => item.type),
      ['message'],
      'a model without reasoning leaves no reasoning to carry',
    );
  });
});

describe('RequestRules and the include parameter', () => {
  it('matches whole parameter names only', () => {
    const rules = new RequestRules();
    // Mistral's refusal of stream_options names include_usage, which is not `include`.
    assert.deepEqual(
      rules.refusedBy({ message: 'Extra inputs are not permitted: body.stream_options.include_usage' }),
      ['stream_options'],
    );
    assert.deepEqual(
      rules.refusedBy({ message: 'Encrypted content is not supported with this model.', param: 'include' }),
      ['include'],
    );
  });
});
