import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { RunBudget } from '../../../src/agent/budget.js';
import { runAgent } from '../../../src/agent/loop.js';
import { SpendMeter } from '../../../src/agent/spend.js';
import { buildInitialMessages } from '../../../src/prompt/task-prompt.js';
import { ToolRegistry } from '../../../src/tools/registry.js';
import { reply } from '../../fakes/openai-server.js';
import { createProbeTool } from '../../helpers/agent-tools.js';
import { fakeClient } from '../../helpers/fake-llm-client.js';
import { useFakeOpenAI } from '../../helpers/fake-openai.js';

const prices = { input: 2, cachedInput: 0.2, output: 10 };
const start = (): ChatCompletionMessageParam[] => buildInitialMessages({ task: 'Fix the sum function.' });

describe('SpendMeter', () => {
  it('adds what each turn cost, cached prompt tokens at the cached price', () => {
    const meter = new SpendMeter(prices);
    meter.add({ prompt: 1_000_000, completion: 100_000, total: 1_100_000, cachedPrompt: 500_000 });
    // 500k full at $2/M, 500k cached at $0.2/M, 100k out at $10/M.
    assert.equal(meter.costUsd, 1 + 0.1 + 1);
  });

  it('expects the previous turn’s cache share again when it estimates the next turn', () => {
    const meter = new SpendMeter(prices);
    meter.add({ prompt: 1_000_000, completion: 0, total: 1_000_000, cachedPrompt: 900_000 });
    // Spent 0.2 + 0.18 = 0.38; a 1M-token prompt 90% cached costs 0.38 more.
    assert.ok(Math.abs((meter.costWith(1_000_000) ?? 0) - 0.76) < 1e-9);
    // Ten times the prompt: 3.8 more.
    assert.ok(Math.abs((meter.costWith(10_000_000) ?? 0) - 4.18) < 1e-9);
  });

  it('has no cost and no money budget without prices', () => {
    const meter = new SpendMeter(undefined);
    meter.add({ prompt: 10, completion: 10, total: 20 });
    assert.equal(meter.costUsd, undefined);
    assert.equal(meter.costWith(10_000_000), undefined);
  });
});

describe('runAgent with max-cost-usd', () => {
  const fake = useFakeOpenAI();

  it('stops before a turn whose estimated cost would pass the budget, and says so', async () => {
    fake.clear();
    const probe = createProbeTool();
    // Turn 1 costs 100k×$2/M + 0 = $0.20; the next prompt (~60 tokens) would not pass $0.25, turn 2
    // reports 100k more (50% cached, $0.11 + $0.01) → $0.32 spent: turn 3 is not started.
    fake.enqueue(
      reply().tool('probe', { key: 'a' }).tokens(100_000, 0),
      reply().tool('probe', { key: 'b' }).tokens(100_000, 1_000, 50_000),
      reply().text('unreachable'),
    );
    const result = await runAgent({
      llm: fakeClient(fake.url),
      registry: new ToolRegistry([probe.tool]),
      messages: start(),
      budget: new RunBudget({
        maxTurns: 20,
        maxTokens: 10_000_000,
        deadline: Date.now() + 60_000,
        prices,
        maxCostUsd: 0.25,
      }),
    });
    assert.equal(result.stopReason, 'max-cost');
    assert.equal(fake.requests.length, 2);
    assert.equal(result.tokens.cachedPrompt, 50_000);
    assert.ok(Math.abs((result.costUsd ?? 0) - 0.32) < 1e-9, String(result.costUsd));
    assert.match(
      result.summary,
      /\$0\.32; the next turn would pass the \$0\.25 budget \(`max-cost-usd`\)\. Raise `max-cost-usd` to let it finish\./,
    );
  });

  it('reports the cost of a finished run', async () => {
    fake.clear();
    fake.enqueue(reply().text('Done.').tokens(1_000, 100));
    const result = await runAgent({
      llm: fakeClient(fake.url),
      registry: new ToolRegistry([]),
      messages: start(),
      budget: new RunBudget({ maxTurns: 20, maxTokens: 10_000_000, deadline: Date.now() + 60_000, prices }),
    });
    assert.equal(result.stopReason, 'done');
    assert.ok(Math.abs((result.costUsd ?? 0) - 0.003) < 1e-12);
  });
});
