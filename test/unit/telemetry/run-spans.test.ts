import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import type { TranscriptRecord } from '../../../src/agent/transcript.js';
import { type RunFacts, recordRunSpans } from '../../../src/telemetry/run-spans.js';

const records: TranscriptRecord[] = [
  { ts: '2026-01-01T00:00:00.000Z', type: 'run-start', trigger: 'issue #1', model: 'gpt-x', limits: {} },
  {
    ts: '2026-01-01T00:00:02.000Z',
    type: 'turn',
    turn: 1,
    tokensIn: 1000,
    tokensOut: 100,
    tokensCached: 400,
    estimated: false,
    durationMs: 1500,
    toolCalls: 1,
    attempts: 1,
    partial: false,
    text: 'I will look.',
  },
  {
    ts: '2026-01-01T00:00:03.000Z',
    type: 'tool-call',
    turn: 1,
    index: 0,
    callId: 'call_1',
    name: 'bash',
    arguments: '{"command":"curl x"}',
    readOnly: false,
    status: 'denied',
    durationMs: 5,
    excerpt: 'Denied by bash policy (rule: network). curl reaches the network.',
  },
  {
    ts: '2026-01-01T00:00:05.000Z',
    type: 'turn',
    turn: 2,
    tokensIn: 1200,
    tokensOut: 50,
    estimated: false,
    durationMs: 1000,
    toolCalls: 0,
    attempts: 1,
    partial: false,
    text: 'Done.',
  },
  {
    ts: '2026-01-01T00:00:05.100Z',
    type: 'agent-end',
    reason: 'done',
    summary: 'Done.',
    turns: 2,
    tokens: { prompt: 2200, completion: 150, total: 2350, cachedPrompt: 400 },
    toolCalls: 1,
  },
  { ts: '2026-01-01T00:00:06.000Z', type: 'run-end', conclusion: 'commented' },
];

const facts: RunFacts = {
  conclusion: 'commented',
  serverAddress: 'api.example.test',
  prices: { input: 2, cachedInput: 0.2, output: 10 },
  costUsd: 0.01,
  failure: undefined,
};

function spansOf(content: boolean) {
  const memory = new InMemorySpanExporter();
  const provider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter: memory })] });
  recordRunSpans(provider.getTracer('t'), records, facts, { content });
  return memory.getFinishedSpans();
}

const ms = (t: [number, number]) => t[0] * 1000 + t[1] / 1e6;

describe('recordRunSpans', () => {
  it('makes a run span with a chat span per turn and a tool span per call under it, at their recorded times', () => {
    const spans = spansOf(false);
    const root = spans.find((s) => s.name === 'invoke_agent agent-action');
    assert.ok(root);
    assert.equal(ms(root.startTime), Date.parse('2026-01-01T00:00:00.000Z'));
    assert.equal(ms(root.endTime), Date.parse('2026-01-01T00:00:06.000Z'));
    assert.deepEqual(
      spans
        .filter((s) => s !== root)
        .map((s) => [s.name, s.parentSpanContext?.spanId === root.spanContext().spanId]),
      [
        ['chat gpt-x', true],
        ['execute_tool bash', true],
        ['chat gpt-x', true],
      ],
    );
    const [chat, tool] = spans;
    assert.equal(ms(chat!.startTime), Date.parse('2026-01-01T00:00:00.500Z'));
    assert.equal(chat!.attributes['gen_ai.usage.input_tokens'], 1000);
    assert.equal(chat!.attributes['gen_ai.usage.cache_read.input_tokens'], 400);
    assert.deepEqual(chat!.attributes['gen_ai.response.finish_reasons'], ['tool_calls']);
    // 600 × $2 + 400 × $0.2 + 100 × $10 per million.
    assert.ok(Math.abs((chat!.attributes['agent_action.cost_usd'] as number) - 0.00228) < 1e-9);
    assert.equal(tool!.attributes['agent_action.tool.denial_rule'], 'network');
    assert.equal(tool!.status.code, 2);
    assert.equal(root.attributes['gen_ai.usage.input_tokens'], 2200);
    assert.equal(root.attributes['agent_action.conclusion'], 'commented');
    assert.equal(root.attributes['agent_action.trigger'], 'issue #1');
  });

  it('carries the answer and the call only with content on', () => {
    const without = spansOf(false);
    assert.ok(
      without.every(
        (s) => !('gen_ai.output.messages' in s.attributes) && !('gen_ai.tool.call.arguments' in s.attributes),
      ),
    );
    const withContent = spansOf(true);
    assert.match(String(withContent[0]!.attributes['gen_ai.output.messages']), /I will look\./);
    assert.equal(withContent[1]!.attributes['gen_ai.tool.call.arguments'], '{"command":"curl x"}');
  });
});
