import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import {
  RESPONSES_OUTPUT_FIELD,
  toResponsesInput,
  toResponsesTools,
} from '../../../src/llm/responses-input.js';

const reasoning = { id: 'rs_1', type: 'reasoning', summary: [], encrypted_content: 'gAAAAABblob' };
const message = {
  id: 'msg_1',
  type: 'message',
  status: 'completed',
  role: 'assistant',
  phase: 'commentary',
  content: [{ type: 'output_text', text: 'Looking.', annotations: [] }],
};
const call = {
  id: 'fc_1',
  type: 'function_call',
  status: 'completed',
  call_id: 'call_a',
  name: 'read_file',
  arguments: '{"path":"a.ts"',
};

describe('toResponsesInput', () => {
  it('puts the first system message in instructions and replays stored output items in their order', () => {
    const messages = [
      { role: 'system', content: 'You are an agent.' },
      { role: 'user', content: 'fix it' },
      {
        role: 'assistant',
        content: 'Looking.',
        [RESPONSES_OUTPUT_FIELD]: [reasoning, message, call],
        // The history holds the arguments the run settled on (here: repaired), not the raw stream.
        tool_calls: [
          { id: 'call_a', type: 'function', function: { name: 'read_file', arguments: '{"path":"a.ts"}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'call_a', content: 'file text' },
      { role: 'system', content: 'Context was compacted.' },
    ] as ChatCompletionMessageParam[];
    const { instructions, input } = toResponsesInput(messages);
    assert.equal(instructions, 'You are an agent.');
    assert.deepEqual(input, [
      { role: 'user', content: 'fix it' },
      reasoning,
      message,
      {
        type: 'function_call',
        id: 'fc_1',
        call_id: 'call_a',
        name: 'read_file',
        arguments: '{"path":"a.ts"}',
      },
      { type: 'function_call_output', call_id: 'call_a', output: 'file text' },
      { role: 'developer', content: 'Context was compacted.' },
    ]);
  });

  it('converts an assistant message without stored items into a message and function calls', () => {
    const { instructions, input } = toResponsesInput([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'part one, ' },
          { type: 'text', text: 'part two' },
        ],
      },
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'call_b', type: 'function', function: { name: 'grep', arguments: '{}' } }],
      },
      { role: 'tool', tool_call_id: 'call_b', content: [{ type: 'text', text: 'no match' }] },
      { role: 'assistant', content: 'Done.' },
    ]);
    assert.equal(instructions, undefined);
    assert.deepEqual(input, [
      { role: 'user', content: 'part one, part two' },
      { type: 'function_call', call_id: 'call_b', name: 'grep', arguments: '{}' },
      { type: 'function_call_output', call_id: 'call_b', output: 'no match' },
      { role: 'assistant', content: 'Done.' },
    ]);
  });

  it('never leaves a reasoning item without the call it led to', () => {
    // The call was taken out of the history (a broken turn keeps only what ran): its reasoning goes too.
    const { input } = toResponsesInput([
      { role: 'user', content: 'go' },
      {
        role: 'assistant',
        content: null,
        [RESPONSES_OUTPUT_FIELD]: [reasoning, call],
      } as ChatCompletionMessageParam,
    ]);
    assert.deepEqual(input, [{ role: 'user', content: 'go' }]);
  });

  it('leaves out reasoning without encrypted content, and the ids that would ask for it', () => {
    const bare = { id: 'rs_2', type: 'reasoning', summary: [] };
    const { input } = toResponsesInput([
      {
        role: 'assistant',
        content: 'Looking.',
        [RESPONSES_OUTPUT_FIELD]: [bare, message, call],
        tool_calls: [{ id: 'call_a', type: 'function', function: { name: 'read_file', arguments: '{}' } }],
      } as ChatCompletionMessageParam,
    ]);
    const { id: _id, ...messageWithoutId } = message;
    assert.deepEqual(input, [
      messageWithoutId,
      { type: 'function_call', call_id: 'call_a', name: 'read_file', arguments: '{}' },
    ]);
  });

  it('adds calls the stored items do not know, after them', () => {
    const { input } = toResponsesInput([
      {
        role: 'assistant',
        content: null,
        [RESPONSES_OUTPUT_FIELD]: [reasoning, call],
        tool_calls: [
          { id: 'call_a', type: 'function', function: { name: 'read_file', arguments: '{}' } },
          { id: 'call_z', type: 'function', function: { name: 'glob', arguments: '{"pattern":"*"}' } },
        ],
      } as ChatCompletionMessageParam,
    ]);
    assert.deepEqual(
      input.map((item) => ('call_id' in item ? item.call_id : item.type)),
      ['reasoning', 'call_a', 'call_z'],
    );
  });
});

describe('toResponsesTools', () => {
  it('flattens Chat function tools into non-strict Responses function tools', () => {
    const parameters = { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] };
    assert.deepEqual(
      toResponsesTools([
        { type: 'function', function: { name: 'read_file', description: 'Read a file.', parameters } },
        { type: 'function', function: { name: 'noop' } },
      ]),
      [
        { type: 'function', name: 'read_file', description: 'Read a file.', parameters, strict: false },
        { type: 'function', name: 'noop', parameters: { type: 'object', properties: {} }, strict: false },
      ],
    );
  });
});
