/**
 * The Responses API wire.
 *
 * - `responses.shaping_us_per_turn`: building one Responses request body (history → input items,
 *   tools → Responses tools) for a 40-turn history whose assistant messages carry reasoning items
 *   of 1.5 kB, median µs; `responses.shaping_share_of_serialise` compares it with
 *   `JSON.stringify` of the same body, which the SDK does for every request anyway.
 * - `responses.dispatch_speedup`: one Responses turn of 4 read-only calls of mixed duration
 *   streamed at 30 ms per event: batch dispatch turn time ÷ streaming dispatch turn time (calls
 *   start at `response.function_call_arguments.done`). Runs alternate so noise hits both alike.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { z } from 'zod';
import { streamAndDispatch } from '../src/agent/streaming-dispatch.js';
import { createLlmClient } from '../src/llm/client.js';
import { RESPONSES_OUTPUT_FIELD } from '../src/llm/responses-input.js';
import { responsesParams } from '../src/llm/responses-turn.js';
import { createDefaultRegistry } from '../src/tools/default-registry.js';
import { ToolRegistry } from '../src/tools/registry.js';
import { defineTool } from '../src/tools/tool.js';
import { reply, startFakeOpenAI } from '../test/fakes/openai-server.js';
import type { BenchFigure } from './run.js';

const TURNS = 40;
const SHAPING_ROUNDS = 400;
const CHUNK_MS = 30;
const DISPATCH_ROUNDS = 7;
const MIXED_MS = [300, 60, 150, 90];

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** A history as a long run leaves it: each turn a reasoning item, a call and a 4 kB result. */
function longHistory(): ChatCompletionMessageParam[] {
  const messages: ChatCompletionMessageParam[] = [
    { role: 'system', content: 'You are a coding agent. '.repeat(200) },
    { role: 'user', content: 'Fix the failing test in src/sum.js.' },
  ];
  for (let turn = 0; turn < TURNS; turn++) {
    const callId = `call_${turn}`;
    const args = JSON.stringify({ path: `src/file-${turn}.ts`, offset: 1, limit: 200 });
    messages.push({
      role: 'assistant',
      content: null,
      tool_calls: [{ id: callId, type: 'function', function: { name: 'read_file', arguments: args } }],
      [RESPONSES_OUTPUT_FIELD]: [
        { id: `rs_${turn}`, type: 'reasoning', summary: [], encrypted_content: `gAAAAAB${'x'.repeat(1500)}` },
        {
          id: `fc_${turn}`,
          type: 'function_call',
          status: 'completed',
          call_id: callId,
          name: 'read_file',
          arguments: args,
        },
      ],
    } as ChatCompletionMessageParam);
    messages.push({ role: 'tool', tool_call_id: callId, content: 'line of source code\n'.repeat(200) });
  }
  return messages;
}

async function shaping(): Promise<{ shaping: number; serialising: number }> {
  const messages = longHistory();
  const tools = createDefaultRegistry({ workspace: '/tmp' }).definitions();
  const llm = createLlmClient({
    baseUrl: 'http://127.0.0.1:9/v1',
    apiKey: 'k',
    model: 'bench',
    api: 'responses',
  });
  const shaped: number[] = [];
  const serialised: number[] = [];
  let sink = 0;
  for (let i = 0; i < SHAPING_ROUNDS; i++) {
    let started = performance.now();
    const body = responsesParams(llm, { messages, tools });
    shaped.push((performance.now() - started) * 1000);
    started = performance.now();
    sink += JSON.stringify(body).length;
    serialised.push((performance.now() - started) * 1000);
  }
  if (sink === 0) throw new Error('nothing was built');
  // The first rounds warm the JIT; the median ignores them.
  return { shaping: median(shaped), serialising: median(serialised) };
}

async function dispatch(): Promise<{ batch: number; streaming: number }> {
  const fake = await startFakeOpenAI();
  const registry = new ToolRegistry([
    defineTool({
      name: 'slow_read',
      description: 'A read that takes `ms` milliseconds.',
      parameters: z.object({ path: z.string(), ms: z.number() }),
      readOnly: true,
      execute: async ({ path, ms }) => {
        await sleep(ms);
        return { output: `contents of ${path}`, isError: false };
      },
    }),
  ]);
  const llm = createLlmClient({ baseUrl: fake.url, apiKey: 'k', model: 'bench', api: 'responses' });
  const turn = async (mode: 'batch' | 'streaming') => {
    const script = reply().text('Reading the four files.').chunks(4).delay(CHUNK_MS);
    for (const [i, ms] of MIXED_MS.entries()) script.tool('slow_read', { path: `src/file-${i}.ts`, ms });
    fake.enqueue(script);
    const started = performance.now();
    const outcome = await streamAndDispatch({
      llm,
      messages: [{ role: 'user', content: 'read them' }],
      tools: registry.definitions(),
      registry,
      signal: new AbortController().signal,
      mode,
    });
    if (outcome.kind !== 'complete' || outcome.results.length !== MIXED_MS.length)
      throw new Error('bench turn failed');
    return performance.now() - started;
  };
  try {
    await turn('streaming'); // warm-up
    const batch: number[] = [];
    const streaming: number[] = [];
    for (let i = 0; i < DISPATCH_ROUNDS; i++) {
      batch.push(await turn('batch'));
      streaming.push(await turn('streaming'));
    }
    return { batch: median(batch), streaming: median(streaming) };
  } finally {
    await fake.close();
  }
}

export default async function bench(): Promise<BenchFigure[]> {
  const shaped = await shaping();
  const dispatched = await dispatch();
  return [
    { name: 'responses.shaping_us_per_turn', value: shaped.shaping, unit: 'µs', target: '< 100' },
    {
      name: 'responses.shaping_share_of_serialise',
      value: shaped.shaping / shaped.serialising,
      unit: '×',
      target: '< 0.1',
    },
    {
      name: 'responses.dispatch_speedup',
      value: dispatched.batch / dispatched.streaming,
      unit: 'x',
      target: '> 1',
    },
    { name: 'responses.turn_ms_batch', value: Math.round(dispatched.batch), unit: 'ms' },
    { name: 'responses.turn_ms_streaming', value: Math.round(dispatched.streaming), unit: 'ms' },
  ];
}
