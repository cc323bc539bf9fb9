import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildChatRequest, EMPTY_ANSWER, providerSafeOrder } from '../../../src/llm/chat-request.js';
import { RequestRules } from '../../../src/llm/request-rules.js';

describe('RequestRules', () => {
  it('names the optional parameters a refusal is about, from its param or its words', () => {
    const rules = new RequestRules();
    assert.deepEqual(
      rules.refusedBy({
        message: "Unsupported parameter: 'parallel_tool_calls' is not supported with this model.",
        param: 'parallel_tool_calls',
      }),
      ['parallel_tool_calls'],
    );
    assert.deepEqual(
      rules.refusedBy({
        message: "Extra parameters ['stream_options'] are not allowed when extra-parameters is not set",
      }),
      ['stream_options'],
    );
    assert.deepEqual(
      rules.refusedBy({
        message: 'extra_forbidden at body.stream_options.include_usage: Extra inputs are not permitted',
        param: 'stream_options',
      }),
      ['stream_options'],
    );
    assert.deepEqual(
      rules.refusedBy({ message: "property 'stream_options' is unsupported, did you mean 'stream'?" }),
      ['stream_options'],
    );
    assert.deepEqual(rules.refusedBy({ message: 'Function call is missing a thought_signature' }), []);
    assert.deepEqual(
      rules.refusedBy({
        message: 'Function tools with reasoning_effort are not supported',
        param: 'reasoning_effort',
      }),
      [],
    );
  });

  it('drops a parameter once, logs it once, and then no longer offers it', () => {
    const logged: string[] = [];
    const rules = new RequestRules((m) => logged.push(m));
    rules.drop(['parallel_tool_calls'], 'HTTP 400: Unsupported parameter');
    rules.drop(['parallel_tool_calls'], 'HTTP 400: Unsupported parameter');
    assert.equal(rules.allows('parallel_tool_calls'), false);
    assert.equal(rules.allows('stream_options'), true);
    assert.equal(logged.length, 1);
    assert.match(logged[0]!, /refused `parallel_tool_calls` \(HTTP 400: Unsupported parameter\)/);
    assert.deepEqual(
      rules.refusedBy({ message: 'parallel_tool_calls is not supported', param: 'parallel_tool_calls' }),
      [],
    );
  });
});

describe('RequestRules and image input', () => {
  it('learns from a text-only model’s refusal of an image part to drop image input, once', () => {
    const dropped: string[] = [];
    const logged: string[] = [];
    const rules = new RequestRules(
      (m) => logged.push(m),
      (input, quoted) => dropped.push(`${input}: ${quoted}`),
    );
    const deepSeek = {
      message:
        'Failed to deserialize the JSON body into the target type: messages[1]: unknown variant `image_url`, expected `text` at line 1 column 172946',
    };
    assert.deepEqual(rules.refusedBy(deepSeek, 400), ['image-input']);
    assert.deepEqual(
      rules.refusedBy(
        { message: 'Invalid content type. image_url is only supported by certain models.' },
        400,
      ),
      ['image-input'],
    );
    assert.deepEqual(rules.refusedBy(deepSeek, 429), [], 'a rate limit is never about images');
    assert.deepEqual(rules.refusedBy({ message: 'Incorrect API key provided' }, 401), []);
    rules.drop(['image-input'], 'HTTP 400: unknown variant `image_url`');
    rules.drop(['image-input'], 'HTTP 400: unknown variant `image_url`');
    assert.equal(rules.allows('image-input'), false);
    assert.equal(rules.refusal('image-input'), 'HTTP 400: unknown variant `image_url`');
    assert.deepEqual(rules.refusedBy(deepSeek, 400), [], 'dropping again cannot help');
    assert.deepEqual(dropped, ['image-input: HTTP 400: unknown variant `image_url`']);
    assert.deepEqual(logged, [
      'The LLM endpoint refused image input (HTTP 400: unknown variant `image_url`); requests of this run are sent without images.',
    ]);
  });
});

describe('buildChatRequest', () => {
  const tools = [
    { type: 'function' as const, function: { name: 'read_file', parameters: { type: 'object' } } },
  ];
  const messages = [{ role: 'user' as const, content: 'hi' }];

  it('sends the optional parameters until they are dropped, and reasoning_effort when set', () => {
    const rules = new RequestRules();
    const full = buildChatRequest({ model: 'm', messages, tools, rules, reasoningEffort: 'none' });
    assert.deepEqual(full.stream_options, { include_usage: true });
    assert.equal(full.parallel_tool_calls, true);
    assert.equal(full.reasoning_effort, 'none');
    rules.drop(['parallel_tool_calls', 'stream_options'], 'x');
    const lean = buildChatRequest({ model: 'm', messages, tools, rules, reasoningEffort: undefined });
    assert.ok(
      !('stream_options' in lean) && !('parallel_tool_calls' in lean) && !('reasoning_effort' in lean),
    );
    assert.equal(lean.tools?.length, 1);
  });

  it('sends no tool parameters without tools', () => {
    const request = buildChatRequest({
      model: 'm',
      messages,
      tools: [],
      rules: new RequestRules(),
      reasoningEffort: undefined,
    });
    assert.ok(!('tools' in request) && !('parallel_tool_calls' in request));
  });
});

describe('providerSafeOrder', () => {
  it('returns the history itself when every provider takes it', () => {
    const messages = [
      { role: 'system' as const, content: 's' },
      { role: 'user' as const, content: 'u' },
      {
        role: 'assistant' as const,
        content: null,
        tool_calls: [{ id: 'a', type: 'function' as const, function: { name: 'f', arguments: '{}' } }],
      },
      { role: 'tool' as const, tool_call_id: 'a', content: 'r' },
      { role: 'assistant' as const, content: 'done' },
    ];
    assert.equal(providerSafeOrder(messages), messages);
  });

  it('folds a user message after tool results into the last one, and fills an empty answer', () => {
    const messages = [
      { role: 'user' as const, content: 'u' },
      {
        role: 'assistant' as const,
        content: null,
        tool_calls: [{ id: 'a', type: 'function' as const, function: { name: 'f', arguments: '{}' } }],
      },
      { role: 'tool' as const, tool_call_id: 'a', content: 'r' },
      { role: 'user' as const, content: 'CI failed' },
      { role: 'assistant' as const, content: null },
      { role: 'user' as const, content: 'again' },
    ];
    const safe = providerSafeOrder(messages);
    assert.deepEqual(
      safe.map((m) => m.role),
      ['user', 'assistant', 'tool', 'assistant', 'user'],
    );
    assert.equal(safe[2]!.content, 'r\n\nCI failed');
    assert.equal(safe[3]!.content, EMPTY_ANSWER);
    assert.equal(messages[2]!.content, 'r', 'the history itself is not changed');
  });
});
