/**
 * Streaming dispatch against the best any dispatcher could do. One turn of 4 read-only calls of
 * mixed duration is streamed by the fake server at 30 ms per SSE chunk, each call's arguments in
 * 4 chunks. The client's fetch is tapped to see, on the wire, when each call's arguments first
 * parse as a complete JSON object and when the stream ends; the ideal turn time is
 * `max(stream end, max over calls of (arguments closed + the call's run time))`.
 *
 * - `stream.dispatch_vs_ideal`: streaming turn time ÷ that ideal bound (median of the ratios).
 * - `stream.dispatch_speedup`: batch dispatch (wait for the whole turn, then run the calls
 *   concurrently) ÷ streaming dispatch, for information: batch dispatch already runs reads
 *   concurrently, so the gain is only the overlap of earlier calls with the rest of the stream.
 *
 * Runs alternate between the modes so machine noise hits both alike.
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
/** Reads of mixed duration: a slow grep first, then quicker reads. */
const MIXED_MS = [300, 60, 150, 90];

/** When, on the wire, each call's arguments closed and the stream ended (ms after `origin`). */
interface WireTimes {
  closedAt: Map<number, number>;
  endedAt: number;
}

/**
 * A fetch that passes the response through unchanged while reading its SSE lines: for each
 * tool-call index it notes the first moment the arguments so far parse as a JSON object.
 */
function tappedFetch(origin: () => number, times: WireTimes): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    if (!response.body) return response;
    const args = new Map<number, string>();
    const decoder = new TextDecoder();
    let pending = '';
    const tap = new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        pending += decoder.decode(chunk, { stream: true });
        const lines = pending.split('\n');
        pending = lines.pop() ?? '';
        for (const line of lines) noteLine(line, args, times, origin());
        controller.enqueue(chunk);
      },
      flush() {
        times.endedAt = origin();
      },
    });
    return new Response(response.body.pipeThrough(tap), response);
  };
}

function noteLine(line: string, args: Map<number, string>, times: WireTimes, now: number): void {
  if (!line.startsWith('data: ') || line === 'data: [DONE]') return;
  const chunk = JSON.parse(line.slice(6)) as {
    choices?: { delta?: { tool_calls?: { index: number; function?: { arguments?: string } }[] } }[];
  };
  for (const delta of chunk.choices?.[0]?.delta?.tool_calls ?? []) {
    const text = (args.get(delta.index) ?? '') + (delta.function?.arguments ?? '');
    args.set(delta.index, text);
    if (times.closedAt.has(delta.index)) continue;
    try {
      if (typeof JSON.parse(text) === 'object') times.closedAt.set(delta.index, now);
    } catch {
      // not complete yet
    }
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function turnTime(
  fake: Awaited<ReturnType<typeof startFakeOpenAI>>,
  registry: ToolRegistry,
  mode: 'batch' | 'streaming',
  toolMs: number[],
): Promise<{ ms: number; idealMs: number }> {
  const script = reply().text('Reading the four files.').chunks(4).delay(CHUNK_MS);
  for (const [i, ms] of toolMs.entries()) script.tool('slow_read', { path: `src/file-${i}.ts`, ms });
  fake.enqueue(script);
  const times: WireTimes = { closedAt: new Map(), endedAt: 0 };
  let started = 0;
  const llm = createLlmClient({
    baseUrl: fake.url,
    apiKey: 'k',
    model: 'bench',
    fetch: tappedFetch(() => performance.now() - started, times),
  });
  started = performance.now();
  const outcome = await streamAndDispatch({
    llm,
    messages: [{ role: 'user', content: 'read them' }],
    tools: registry.definitions(),
    registry,
    signal: new AbortController().signal,
    mode,
  });
  const ms = performance.now() - started;
  if (outcome.kind !== 'complete' || outcome.results.length !== toolMs.length)
    throw new Error('bench turn failed');
  if (times.closedAt.size !== toolMs.length) throw new Error('the tap missed a call');
  const callsDone = toolMs.map((run, i) => (times.closedAt.get(i) ?? Number.POSITIVE_INFINITY) + run);
  return { ms, idealMs: Math.max(times.endedAt, ...callsDone) };
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
    const vsIdeal: number[] = [];
    await turnTime(fake, registry, 'streaming', toolMs); // warm-up (connections, JIT)
    for (let i = 0; i < ROUNDS; i++) {
      batch.push((await turnTime(fake, registry, 'batch', toolMs)).ms);
      const run = await turnTime(fake, registry, 'streaming', toolMs);
      streaming.push(run.ms);
      vsIdeal.push(run.ms / run.idealMs);
    }
    return { batch: median(batch), streaming: median(streaming), vsIdeal: median(vsIdeal) };
  };
  try {
    const mixed = await measure(MIXED_MS);
    const even = await measure([TOOL_MS, TOOL_MS, TOOL_MS, TOOL_MS]);
    return [
      { name: 'stream.dispatch_vs_ideal', value: mixed.vsIdeal, unit: 'x', target: '<= 1.05' },
      { name: 'stream.dispatch_speedup', value: even.batch / even.streaming, unit: 'x' },
      { name: 'stream.dispatch_speedup_mixed', value: mixed.batch / mixed.streaming, unit: 'x' },
      { name: 'stream.turn_ms_streaming_mixed', value: Math.round(mixed.streaming), unit: 'ms' },
    ];
  } finally {
    await fake.close();
  }
}
