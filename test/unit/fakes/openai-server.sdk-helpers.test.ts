/**
 * The fake server must speak the protocol the real API speaks. The `openai` package's own stream
 * helpers validate chunks strictly (ids, indices, roles), so they are run against the fake here and
 * their result compared with ours: a protocol mistake in the fake shows up as a failure here.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createLlmClient } from '../../../src/llm/client.js';
import { streamTurn } from '../../../src/llm/stream-turn.js';
import { reply } from '../../fakes/openai-server.js';
import { useFakeOpenAI } from '../../helpers/fake-openai.js';

describe('fake server vs the openai package stream helpers', () => {
  const fake = useFakeOpenAI();

  const tools = ['read_file', 'grep'].map((name) => ({
    type: 'function' as const,
    function: {
      name,
      parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
    },
  }));

  for (const interleave of [false, true]) {
    it(`chat.completions.stream() assembles the same turn as streamTurn (interleaved: ${interleave})`, async () => {
      const script = () => {
        const r = reply()
          .text('Reading the two files you mentioned.')
          .tool('read_file', { path: 'src/a.ts' }, { id: 'call_1' })
          .tool('grep', { path: 'src', pattern: 'TODO' }, { id: 'call_2' })
          .chunks(6)
          .tokens(50, 20);
        return interleave ? r.interleaved() : r;
      };
      const llm = createLlmClient({ baseUrl: fake.url, apiKey: 'k', model: 'gpt-test' });
      fake.enqueue(script(), script());

      const argsDone: string[] = [];
      const stream = llm.openai.chat.completions
        .stream({
          model: 'gpt-test',
          messages: [{ role: 'user', content: 'go' }],
          tools,
          stream_options: { include_usage: true },
        })
        .on('tool_calls.function.arguments.done', (e) => argsDone.push(e.name));
      const completion = await stream.finalChatCompletion();
      const message = completion.choices[0]!.message;
      const ours = await streamTurn(llm, { messages: [{ role: 'user', content: 'go' }], tools });

      assert.equal(message.content, ours.content);
      assert.deepEqual(
        message.tool_calls?.map((c) =>
          c.type === 'function' ? { id: c.id, name: c.function.name, arguments: c.function.arguments } : c,
        ),
        ours.toolCalls,
      );
      assert.equal(completion.choices[0]!.finish_reason, ours.finishReason);
      assert.equal(completion.usage?.total_tokens, ours.usage?.total);
      // The SDK, like us, closes a call when the next index starts; it assumes the real API never
      // interleaves, so with interleaved pieces it fires once per switch. Only check the real shape.
      if (!interleave) assert.deepEqual(argsDone, ['read_file', 'grep']);
    });
  }

  it('runTools() drives a two-turn conversation through the fake', async () => {
    const llm = createLlmClient({ baseUrl: fake.url, apiKey: 'k', model: 'gpt-test' });
    fake.enqueue(
      reply().tool('read_file', { path: 'README.md' }).chunks(3),
      reply().text('The README says hello.'),
    );
    const seen: string[] = [];
    const runner = llm.openai.chat.completions.runTools({
      model: 'gpt-test',
      stream: true,
      messages: [{ role: 'user', content: 'what does the README say?' }],
      tools: [
        {
          type: 'function',
          function: {
            name: 'read_file',
            description: 'Read a file.',
            parameters: { type: 'object', properties: { path: { type: 'string' } } },
            parse: JSON.parse,
            function: (args: { path: string }) => {
              seen.push(args.path);
              return 'hello';
            },
          },
        },
      ],
    });
    assert.equal(await runner.finalContent(), 'The README says hello.');
    assert.deepEqual(seen, ['README.md']);
    const second = fake.requests.at(-1)!.body;
    assert.equal(second.messages.at(-1).role, 'tool');
    assert.equal(second.messages.at(-1).content, 'hello');
  });
});
