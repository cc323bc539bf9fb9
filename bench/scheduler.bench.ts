/**
 * Scheduler figures: how much concurrency buys for I/O-bound read-only calls, and what the
 * pipeline (schedule → invoke → parse → validate → shape) costs per call.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { scheduleToolCalls } from '../src/agent/scheduler.js';
import type { ToolCall } from '../src/llm/tool-call.js';
import { invokeTool } from '../src/tools/invoke.js';
import { ToolRegistry } from '../src/tools/registry.js';
import { defineTool } from '../src/tools/tool.js';
import type { BenchFigure } from './run.js';

const IO_WAIT_MS = 50;

/** A loopback server that answers each request after IO_WAIT_MS: a real socket wait. */
async function slowServer() {
  const server = createServer((_req, res) => {
    setTimeout(() => res.end('ok'), IO_WAIT_MS);
  });
  server.keepAliveTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((resolve) => server.close(resolve)) };
}

function registryFor(url: string) {
  const params = z.object({ path: z.string(), offset: z.number().int().min(1).optional() });
  return new ToolRegistry([
    defineTool({
      name: 'fetch_slow',
      description: 'waits on loopback I/O',
      parameters: params,
      readOnly: true,
      execute: async (_args, { signal }) => ({
        output: await (await fetch(url, { signal })).text(),
        isError: false,
      }),
    }),
    defineTool({
      name: 'noop_read',
      description: 'does nothing',
      parameters: params,
      readOnly: true,
      execute: async (args) => ({ output: args.path, isError: false }),
    }),
    defineTool({
      name: 'noop_write',
      description: 'does nothing, serially',
      parameters: params,
      readOnly: false,
      execute: async (args) => ({ output: args.path, isError: false }),
    }),
  ]);
}

const calls = (name: string, count: number): ToolCall[] =>
  Array.from({ length: count }, (_, i) => ({
    id: `c${i}`,
    name,
    arguments: `{"path":"src/file-${i}.ts","offset":1}`,
  }));

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

export default async function bench(): Promise<BenchFigure[]> {
  const server = await slowServer();
  const registry = registryFor(server.url);
  const signal = new AbortController().signal;
  try {
    const eight = calls('fetch_slow', 8);
    await scheduleToolCalls(eight, { registry, signal }); // warm up sockets and JIT
    const serial: number[] = [];
    const scheduled: number[] = [];
    for (let round = 0; round < 5; round++) {
      let start = performance.now();
      for (const call of eight) await invokeTool(registry, call, signal);
      serial.push(performance.now() - start);
      start = performance.now();
      await scheduleToolCalls(eight, { registry, signal });
      scheduled.push(performance.now() - start);
    }

    const perCall: number[] = [];
    const mixed = [...calls('noop_read', 500), ...calls('noop_write', 500)].sort(() => 0.5 - Math.random());
    for (let round = 0; round < 7; round++) {
      const start = performance.now();
      await scheduleToolCalls(mixed, { registry, signal });
      perCall.push((performance.now() - start) / mixed.length);
    }
    return [
      {
        name: 'scheduler.parallel_speedup',
        value: median(serial) / median(scheduled),
        unit: 'x',
        target: '>= 6.4',
      },
      { name: 'scheduler.overhead_ms_per_call', value: median(perCall), unit: 'ms', target: '< 1' },
    ];
  } finally {
    await server.close();
  }
}
