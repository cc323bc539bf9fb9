/**
 * The one agent loop on the Responses API wire, against the fake's Responses persona (which
 * refuses a follow-up that drops the reasoning or pairs an output with no call).
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { RunBudget } from '../../../src/agent/budget.js';
import { runAgent } from '../../../src/agent/loop.js';
import { createLlmClient, type LlmClient } from '../../../src/llm/client.js';
import { buildInitialMessages } from '../../../src/prompt/task-prompt.js';
import { createDefaultRegistry } from '../../../src/tools/default-registry.js';
import { ToolRegistry } from '../../../src/tools/registry.js';
import { reply } from '../../fakes/openai-server.js';
import { createProbeTool, createShellTool } from '../../helpers/agent-tools.js';
import { useFakeOpenAI } from '../../helpers/fake-openai.js';
import { createTempRepo } from '../../helpers/sum-repo.js';

const limits = () => ({ maxTurns: 20, maxTokens: 1_000_000, deadline: Date.now() + 60_000 });
const start = (): ChatCompletionMessageParam[] =>
  buildInitialMessages({ task: 'Fix the sum function; its test fails.' });
const kinds = (input: { type?: string; role?: string }[]) => input.map((item) => item.type ?? item.role);

describe('runAgent on the Responses API', () => {
  const fake = useFakeOpenAI();
  let repo: Awaited<ReturnType<typeof createTempRepo>>;
  const client = (): LlmClient => {
    const llm = createLlmClient({
      baseUrl: fake.url,
      apiKey: 'sk-test',
      model: 'gpt-test',
      api: 'responses',
    });
    llm.retry = { ...llm.retry, baseDelayMs: 1, maxDelayMs: 5 };
    return llm;
  };
  beforeEach(async () => {
    repo = await createTempRepo();
  });
  afterEach(() => repo.cleanup());

  it('fixes the repository with the reasoning of every turn sent back on the next', async () => {
    const registry = createDefaultRegistry({ workspace: repo.dir }, [createShellTool(repo.dir)]);
    fake.enqueue(
      reply()
        .text('Looking.')
        .tool('read_file', { path: 'src/sum.js' })
        .tool('read_file', { path: 'test/sum.test.js' }),
      reply().tool('edit_file', {
        path: 'src/sum.js',
        old_string: 'return a - b;',
        new_string: 'return a + b;',
      }),
      reply().tool('bash', { command: 'node --test' }),
      reply().text('Fixed `sum`: it subtracted instead of adding.'),
    );
    const result = await runAgent({
      llm: client(),
      registry,
      messages: start(),
      budget: new RunBudget(limits()),
    });
    assert.equal(result.stopReason, 'done');
    assert.equal(result.summary, 'Fixed `sum`: it subtracted instead of adding.');
    assert.match(await readFile(path.join(repo.dir, 'src/sum.js'), 'utf8'), /return a \+ b;/);
    assert.ok(fake.requests.every((r) => r.path === '/v1/responses'));
    assert.deepEqual(kinds(fake.requests.at(-1)!.body.input), [
      'user',
      'reasoning',
      'message',
      'function_call',
      'function_call',
      'function_call_output',
      'function_call_output',
      'reasoning',
      'function_call',
      'function_call_output',
      'reasoning',
      'function_call',
      'function_call_output',
    ]);
    assert.ok((result.tokens.reasoning ?? 0) > 0, 'reasoning tokens counted');
    assert.ok((result.tokens.cachedPrompt ?? 0) > 0, 'cached prompt tokens counted');
  });

  it('continues after a stream broke mid-turn, with a history the provider accepts', async () => {
    const reader = createProbeTool({ name: 'look' });
    // created, in_progress, reasoning added/done, look a (added, 2 deltas, done, item done), look b added: cut.
    fake.enqueue(
      reply().tool('look', { key: 'a' }).tool('look', { key: 'b' }).chunks(2).cut(10),
      reply().tool('look', { key: 'b' }),
      reply().text('Looked at a and b.'),
    );
    const result = await runAgent({
      llm: client(),
      registry: new ToolRegistry([reader.tool]),
      messages: start(),
      budget: new RunBudget(limits()),
    });
    assert.equal(result.stopReason, 'done', result.summary);
    assert.deepEqual(reader.runs, ['a', 'b'], 'the read that ran before the break is not re-run');
    const second = fake.requests[1]!.body.input;
    // The broken turn left no output items: its call goes back without an item id, with its result.
    assert.deepEqual(kinds(second), ['user', 'function_call', 'function_call_output']);
    assert.equal(second[1].id, undefined);
    assert.match(second[2].output, /^probe a ok\n\n\[The connection dropped/);
  });
});
