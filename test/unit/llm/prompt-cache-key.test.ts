import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { RunBudget } from '../../../src/agent/budget.js';
import { runAgent } from '../../../src/agent/loop.js';
import { buildChatRequest } from '../../../src/llm/chat-request.js';
import { createLlmClient } from '../../../src/llm/client.js';
import { promptCacheKey } from '../../../src/llm/prompt-cache-key.js';
import { RequestRules } from '../../../src/llm/request-rules.js';
import { responsesParams } from '../../../src/llm/responses-turn.js';
import { buildInitialMessages } from '../../../src/prompt/task-prompt.js';
import { ToolRegistry } from '../../../src/tools/registry.js';
import { reply } from '../../fakes/openai-server.js';
import { mistral } from '../../fakes/providers/mistral.js';
import { createProbeTool } from '../../helpers/agent-tools.js';
import { useFakeOpenAI } from '../../helpers/fake-openai.js';

describe('prompt_cache_key', () => {
  it('is stable per repository and run kind, and differs between them', () => {
    const key = promptCacheKey('octo/app', 'pull-request');
    assert.match(key, /^agent-action-[0-9a-f]{24}$/);
    assert.equal(promptCacheKey('Octo/App', 'pull-request'), key);
    assert.notEqual(promptCacheKey('octo/app', 'comment'), key);
    assert.notEqual(promptCacheKey('octo/other', 'pull-request'), key);
    assert.ok(!key.includes('octo'));
  });

  it('is sent on both wires until the endpoint refuses it', () => {
    const rules = new RequestRules();
    const input = {
      model: 'm',
      messages: [],
      tools: [],
      rules,
      reasoningEffort: undefined,
      promptCacheKey: 'k',
    };
    assert.equal(buildChatRequest(input).prompt_cache_key, 'k');
    const llm = createLlmClient({
      baseUrl: 'http://127.0.0.1:9/v1',
      apiKey: '',
      model: 'm',
      promptCacheKey: 'k',
    });
    assert.equal(
      (responsesParams(llm, { messages: [], tools: [] }) as { prompt_cache_key?: string }).prompt_cache_key,
      'k',
    );
    rules.drop(['prompt_cache_key'], 'refused');
    assert.equal('prompt_cache_key' in buildChatRequest(input), false);
  });

  describe('on an endpoint that refuses it', () => {
    const fake = useFakeOpenAI();

    it('drops it once, remembered for the rest of the run', async () => {
      fake.usePersona(mistral());
      const notes: string[] = [];
      const llm = createLlmClient({
        baseUrl: `${fake.origin}/v1`,
        apiKey: 'sk-test',
        model: 'mistral-large-latest',
        promptCacheKey: 'agent-action-abc',
        log: (m) => notes.push(m),
      });
      llm.retry = { ...llm.retry, baseDelayMs: 1, maxDelayMs: 5 };
      fake.enqueue(
        reply().tool('probe', { key: 'a' }),
        reply().tool('probe', { key: 'b' }),
        reply().text('Done.'),
      );
      const result = await runAgent({
        llm,
        registry: new ToolRegistry([createProbeTool().tool]),
        messages: buildInitialMessages({ task: 'Probe twice.' }),
        budget: new RunBudget({ maxTurns: 10, maxTokens: 1_000_000, deadline: Date.now() + 60_000 }),
      });
      fake.usePersona(undefined);
      assert.equal(result.stopReason, 'done', result.error);
      // Mistral refuses `stream_options` first, then the key: sent twice, then never again.
      const sent = fake.requests.map((r) => r.body.prompt_cache_key !== undefined);
      assert.deepEqual(sent.slice(0, 3), [true, true, false]);
      assert.ok(sent.slice(2).every((s) => !s));
      assert.equal(fake.requests.length, 5);
      assert.equal(notes.filter((n) => n.includes('`prompt_cache_key`')).length, 1);
    });
  });
});
