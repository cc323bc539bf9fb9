import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loopDeadline, RunBudget, stopSummary } from '../../../src/agent/budget.js';
import { type AgentEvent, runAgent } from '../../../src/agent/loop.js';
import { timeBudget } from '../../../src/ci/wait-for-run.js';
import type { ToolCall } from '../../../src/llm/tool-call.js';
import { buildInitialMessages } from '../../../src/prompt/task-prompt.js';
import { ToolRegistry } from '../../../src/tools/registry.js';
import { reply } from '../../fakes/openai-server.js';
import { createProbeTool } from '../../helpers/agent-tools.js';
import { fakeClient } from '../../helpers/fake-llm-client.js';
import { useFakeOpenAI } from '../../helpers/fake-openai.js';

const call = (name: string, args: object, id = 'c'): ToolCall => ({
  id,
  name,
  arguments: JSON.stringify(args),
});

const T0 = 1_700_000_000_000;
const prices = { input: 2, cachedInput: 0.2, output: 10 };
const budget = (over: Partial<ConstructorParameters<typeof RunBudget>[0]> = {}) =>
  new RunBudget({ maxTurns: 10, maxTokens: 100_000, deadline: T0 + 60_000, ...over });
const usage = (prompt: number, completion: number, cachedPrompt?: number) => ({
  prompt,
  completion,
  total: prompt + completion,
  ...(cachedPrompt ? { cachedPrompt } : {}),
});

/** Starts and records `n` turns of `tokens` prompt tokens and no completion. */
function spend(b: RunBudget, n: number, tokens = 1_000) {
  for (let i = 0; i < n; i++) {
    b.startTurn();
    b.record(usage(tokens, 0));
  }
}

describe('RunBudget before a turn', () => {
  it('lets a turn start while every budget has room', () => {
    const b = budget();
    b.beginCall();
    assert.equal(b.stopBeforeTurn(T0), undefined);
    assert.equal(b.stopBeforeTurn(T0, 5_000), undefined);
  });

  it('stops at max-turns once the last allowed turn has started', () => {
    const b = budget({ maxTurns: 3 });
    b.beginCall();
    spend(b, 2);
    assert.equal(b.stopBeforeTurn(T0), undefined);
    spend(b, 1);
    assert.equal(b.stopBeforeTurn(T0), 'max-turns');
    assert.equal(b.stopBeforeTurn(T0, 1), 'max-turns');
  });

  it('counts a refused turn, and not one taken back to be sent again', () => {
    const b = budget({ maxTurns: 1 });
    b.beginCall();
    b.startTurn();
    b.retractTurn();
    assert.equal(b.stopBeforeTurn(T0), undefined);
    assert.equal(b.callSpent().turns, 0);
    b.startTurn();
    assert.equal(b.stopBeforeTurn(T0), 'max-turns');
  });

  it('stops at max-tokens when the spent tokens plus the prompt estimate would pass it', () => {
    const b = budget({ maxTokens: 10_000 });
    b.beginCall();
    b.startTurn();
    b.record(usage(6_000, 1_000));
    // 7,000 spent: a 3,000-token prompt lands on the budget, one more token passes it.
    assert.equal(b.stopBeforeTurn(T0, 3_000), undefined);
    assert.equal(b.stopBeforeTurn(T0, 3_001), 'max-tokens');
    // Asked before compacting (no estimate yet), tokens are not judged.
    assert.equal(b.stopBeforeTurn(T0), undefined);
  });

  it('stops at the deadline, ahead of the other budgets', () => {
    const b = budget({ maxTurns: 1, deadline: T0 + 1_000 });
    b.beginCall();
    assert.equal(b.stopBeforeTurn(T0 + 999), undefined);
    assert.equal(b.msLeft(T0 + 999), 1);
    assert.equal(b.stopBeforeTurn(T0 + 1_000), 'timeout');
    assert.equal(b.msLeft(T0 + 5_000), 0);
    spend(b, 1);
    assert.equal(b.stopBeforeTurn(T0 + 1_000), 'timeout');
    assert.equal(b.stopBeforeTurn(T0), 'max-turns');
  });

  it('stops at max-cost when the next prompt, at the last turn’s cache share, would pass it', () => {
    const b = budget({ maxTokens: 100_000_000, prices, maxCostUsd: 2.5 });
    b.beginCall();
    b.startTurn();
    b.record(usage(1_000_000, 0, 900_000));
    // Spent 0.2 + 0.18 = 0.38; a 1M-token prompt 90% cached costs 0.38 more: under 2.5.
    assert.equal(b.stopBeforeTurn(T0, 1_000_000), undefined);
    // Ten of them would not fit.
    assert.equal(b.stopBeforeTurn(T0, 10_000_000), 'max-cost');
    assert.ok(Math.abs((b.callSpent().costUsd ?? 0) - 0.38) < 1e-12);
  });

  it('has no money budget without prices, and no cost', () => {
    const b = budget({ maxTokens: 100_000_000, maxCostUsd: 0.01 });
    b.beginCall();
    spend(b, 1, 1_000_000);
    assert.equal(b.stopBeforeTurn(T0, 10_000_000), undefined);
    assert.equal(b.callSpent().costUsd, undefined);
    assert.equal(b.spent().costUsd, undefined);
  });
});

describe('RunBudget over several agent calls', () => {
  it('gives a later call what the earlier ones left, and numbers its turns on', () => {
    const b = budget({ maxTurns: 5, maxTokens: 10_000, prices, maxCostUsd: 1 });
    b.beginCall();
    assert.equal(b.nextTurnNumber(), 1);
    b.startTurn();
    b.record(usage(3_000, 1_000, 1_000));
    b.startTurn();
    b.record(usage(2_000, 0));
    const first = b.callSpent();
    assert.equal(first.turns, 2);
    assert.equal(first.tokens.total, 6_000);

    b.beginCall();
    assert.deepEqual(
      { ...b.callSpent(), tokens: b.callSpent().tokens.total },
      { turns: 0, tokens: 0, costUsd: 0 },
    );
    assert.equal(b.nextTurnNumber(), 3);
    const left = b.callLimits();
    assert.equal(left.maxTurns, 3);
    assert.equal(left.maxTokens, 4_000);
    assert.ok(Math.abs((left.maxCostUsd ?? 0) - (1 - (first.costUsd ?? 0))) < 1e-12);
    assert.equal(left.deadline, T0 + 60_000);

    // 6,000 spent before: a 4,000-token prompt still fits, 4,001 does not.
    assert.equal(b.stopBeforeTurn(T0, 4_000), undefined);
    assert.equal(b.stopBeforeTurn(T0, 4_001), 'max-tokens');
    spend(b, 3, 1);
    assert.equal(b.stopBeforeTurn(T0), 'max-turns');

    const run = b.spent();
    assert.equal(run.turns, 5);
    assert.equal(run.tokens.total, 6_003);
    assert.equal(run.tokens.cachedPrompt, 1_000);
    assert.equal(b.usedUp(), true);
  });

  it('quotes the call’s own figures in a budget stop’s summary, as the call saw its budget', () => {
    const b = budget({ maxTurns: 5, maxTokens: 10_000 });
    b.beginCall();
    spend(b, 2, 3_000);
    b.beginCall();
    spend(b, 1, 1_000);
    const text = stopSummary('max-tokens', { ...b.stopFacts(), calls: [], lastText: '' });
    assert.match(text, /^The agent stopped at 1,000 tokens; the next turn would pass the 4,000-token budget/);
    assert.match(text, /So far: 0 tool calls/);
    assert.equal(
      stopSummary('max-turns', { ...b.stopFacts(), calls: [], lastText: '' }).split('.')[0],
      'The agent used all 3 turns (`max-turns`) before it finished',
    );
  });

  it('says whether another agent call fits: turns, tokens or money left', () => {
    const turns = budget({ maxTurns: 2 });
    turns.beginCall();
    spend(turns, 1);
    assert.equal(turns.usedUp(), false);
    spend(turns, 1);
    assert.equal(turns.usedUp(), true);

    const tokens = budget({ maxTokens: 2_000 });
    tokens.beginCall();
    spend(tokens, 1, 1_999);
    assert.equal(tokens.usedUp(), false);
    spend(tokens, 1, 1);
    assert.equal(tokens.usedUp(), true);

    const money = budget({ maxTokens: 100_000_000, prices, maxCostUsd: 2 });
    money.beginCall();
    spend(money, 1, 500_000);
    assert.equal(money.usedUp(), false);
    money.beginCall();
    spend(money, 1, 500_000);
    assert.equal(money.usedUp(), true);
  });
});

describe('RunBudget from the inputs', () => {
  it('counts the deadline from the start, keeping the publish reserve', () => {
    const b = RunBudget.forRun({ maxTurns: 40, maxTokens: 1_000_000, timeoutMinutes: 20 }, T0, prices);
    assert.equal(b.deadline, loopDeadline(T0, 20));
    assert.equal(b.deadline, T0 + 19 * 60_000);
    assert.equal(b.limits.maxCostUsd, undefined);
    assert.deepEqual(b.limits.prices, prices);
  });

  it('has a time-only form for code that just waits', () => {
    const t = timeBudget(T0 + 100);
    assert.equal(t.deadline, T0 + 100);
    assert.equal(t.msLeft(T0), 100);
    assert.equal(t.msLeft(T0 + 200), 0);
  });
});

describe('runAgent on one RunBudget', () => {
  const fake = useFakeOpenAI();

  it('continues a second call from the first: its turns numbered on, stopped by what was left', async () => {
    const probe = createProbeTool();
    const registry = new ToolRegistry([probe.tool]);
    const b = new RunBudget({ maxTurns: 3, maxTokens: 1_000_000, deadline: Date.now() + 60_000 });
    fake.enqueue(
      reply().tool('probe', { key: 'a' }),
      reply().text('First answer.'),
      reply().tool('probe', { key: 'b' }),
      reply().text('never asked'),
    );
    const first = await runAgent({ llm: fakeClient(fake.url), registry, messages: start(), budget: b });
    assert.equal(first.stopReason, 'done');
    const events: AgentEvent[] = [];
    const second = await runAgent({
      llm: fakeClient(fake.url),
      registry,
      messages: [...first.messages, { role: 'user', content: 'CI failed on your change.' }],
      budget: b,
      onEvent: (e) => events.push(e),
    });
    assert.equal(second.stopReason, 'max-turns');
    assert.equal(second.turns, 1);
    assert.equal(fake.requests.length, 3);
    assert.match(second.summary, /^The agent used all 1 turns \(`max-turns`\)/);
    assert.deepEqual(
      events.filter((e) => e.type === 'turn-start').map((e) => e.turn),
      [3],
    );
    const end = events.find((e) => e.type === 'turn-end');
    assert.equal(end?.type === 'turn-end' && end.tokens.total, b.spent().tokens.total);
    assert.equal(b.spent().tokens.total, first.tokens.total + second.tokens.total);
    assert.equal(b.spent().turns, 3);
  });

  it('sends nothing once the deadline has passed', async () => {
    fake.clear();
    fake.enqueue(reply().text('never asked'));
    const result = await runAgent({
      llm: fakeClient(fake.url),
      registry: new ToolRegistry([]),
      messages: start(),
      budget: new RunBudget({ maxTurns: 3, maxTokens: 1_000_000, deadline: Date.now() - 1 }),
    });
    assert.equal(result.stopReason, 'timeout');
    assert.equal(result.turns, 0);
    assert.equal(fake.requests.length, 0);
    assert.match(result.summary, /^The agent ran out of time \(`timeout-minutes`\)/);
  });
});

function start() {
  return buildInitialMessages({ task: 'Probe, then answer.' });
}

describe('budgets', () => {
  it('keeps about a minute of timeout-minutes for publishing', () => {
    assert.equal(loopDeadline(0, 20), 19 * 60_000);
    assert.equal(loopDeadline(0, 1), 45_000);
  });

  it('says which budget stopped the run and what was done', () => {
    const text = stopSummary('max-turns', {
      turns: 40,
      maxTurns: 40,
      totalTokens: 1,
      maxTokens: 2,
      calls: [call('edit_file', {}), call('bash', {}), call('read_file', {})],
      lastText: 'Still working on the parser.',
    });
    assert.match(
      text,
      /^The agent used all 40 turns \(`max-turns`\) before it finished\. So far: 3 tool calls \(1 file edits, 1 commands\)\./,
    );
    assert.match(text, /Last message from the agent:\n\nStill working on the parser\.$/);
  });
});
