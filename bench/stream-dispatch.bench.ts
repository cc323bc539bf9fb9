/**
 * `stream.dispatch_speedup`: one turn of 4 read-only calls, each taking ~100 ms, streamed by the
 * fake server at 30 ms per SSE chunk with each call's arguments in 4 chunks. Turn time (request
 * to last result) with batch dispatch (wait for the whole turn, then run the calls concurrently)
 * divided by the turn time with streaming dispatch (start each call once its arguments close).
 * Runs alternate between the two modes so machine noise hits both alike; medians are compared.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { streamAndDispatch } from '../src/agent/streaming-dispatch.js';
import { createLlmClient } from '../src/llm/client.js';
import { ToolRegistry } from '../src/tools/registry.js';
import { defineTool } from '../src/tools/tool.js';
import { reply, startFakeOpenAI } from '../test/fakes/openai-server.js';
import type { BenchFigure } from './run.js';

const CHUNK_MS = 30;
const TOOL_MS = 100;
const ROUNDS = 7;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function turnTime(
  fake: Awaited<ReturnType<typeof startFakeOpenAI>>,
  registry: ToolRegistry,
  mode: 'batch' | 'streaming',
  toolMs: number[],
): Promise<number> {
  const script = reply().text('Reading the four files.').chunks(4).delay(CHUNK_MS);
  for (const [i, ms] of toolMs.entries()) script.tool('slow_read', { path: `src/file-${i}.ts`, ms });
  fake.enqueue(script);
  const llm = createLlmClient({ baseUrl: fake.url, apiKey: 'k', model: 'bench' });
  const started = performance.now();
  const outcome = await streamAndDispatch({
    llm,
    messages: [{ role: 'user', content: 'read them' }],
    tools: registry.definitions(),
    registry,
    signal: new AbortController().signal,
    mode,
  });
  if (outcome.kind !== 'complete' || outcome.results.length !== toolMs.length)
    throw new Error('bench turn failed');
  return performance.now() - started;
}

export default async function bench(): Promise<BenchFigure[]> {
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
  const measure = async (toolMs: number[]) => {
    const batch: number[] = [];
    const streaming: number[] = [];
    await turnTime(fake, registry, 'streaming', toolMs); // warm-up (connections, JIT)
    for (let i = 0; i < ROUNDS; i++) {
      batch.push(await turnTime(fake, registry, 'batch', toolMs));
      streaming.push(await turnTime(fake, registry, 'streaming', toolMs));
    }
    return { batch: median(batch), streaming: median(streaming) };
  };
  try {
    const even = await measure([TOOL_MS, TOOL_MS, TOOL_MS, TOOL_MS]);
    // A slow first read (a big grep, say) is where overlap pays: it runs during the later calls' streaming.
    const uneven = await measure([4 * TOOL_MS, TOOL_MS, TOOL_MS, TOOL_MS]);
    return [
      { name: 'stream.dispatch_speedup', value: even.batch / even.streaming, unit: 'x', target: '>= 1.5' },
      { name: 'stream.turn_ms_batch', value: Math.round(even.batch), unit: 'ms' },
      { name: 'stream.turn_ms_streaming', value: Math.round(even.streaming), unit: 'ms' },
      { name: 'stream.dispatch_speedup_slow_first', value: uneven.batch / uneven.streaming, unit: 'x' },
    ];
  } finally {
    await fake.close();
  }
}
