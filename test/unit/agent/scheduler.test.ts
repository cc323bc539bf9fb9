import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { scheduleToolCalls } from '../../../src/agent/scheduler.js';
import type { ToolCall } from '../../../src/llm/tool-call.js';
import { FAILURE_HINT } from '../../../src/tools/invoke.js';
import { ToolRegistry } from '../../../src/tools/registry.js';
import { defineTool } from '../../../src/tools/tool.js';

const params = z.object({
  id: z.string(),
  fail: z.boolean().optional(),
  throws: z.boolean().optional(),
  ms: z.number().optional(),
  /** Ids of calls that must have started before this one may finish (proves overlap). */
  awaits: z.array(z.string()).optional(),
});

/** Instrumented tools that record what ran when, and how many ran at once. */
function harness() {
  const events: string[] = [];
  const started = new Map<string, () => void>();
  const startedPromise = new Map<string, Promise<void>>();
  const whenStarted = (id: string) => {
    let p = startedPromise.get(id);
    if (!p) {
      p = new Promise<void>((resolve) => started.set(id, resolve));
      startedPromise.set(id, p);
    }
    return p;
  };
  let active = 0;
  let activeWrites = 0;
  const peak = { active: 0, writes: 0, readsDuringWrite: 0 };

  const body =
    (readOnly: boolean) => async (args: z.infer<typeof params>, context: { signal: AbortSignal }) => {
      whenStarted(args.id);
      started.get(args.id)?.();
      events.push(`start ${args.id}`);
      active++;
      if (!readOnly) activeWrites++;
      if (readOnly && activeWrites > 0) peak.readsDuringWrite++;
      if (!readOnly && active > 1) peak.readsDuringWrite++;
      peak.active = Math.max(peak.active, active);
      peak.writes = Math.max(peak.writes, activeWrites);
      try {
        if (args.awaits) {
          const timeout = sleep(2_000, undefined, { ref: false }).then(() => 'timeout');
          const all = Promise.all(args.awaits.map(whenStarted)).then(() => 'ok');
          if ((await Promise.race([all, timeout])) === 'timeout')
            return { output: 'no overlap', isError: true };
        }
        if (args.ms) await sleep(args.ms, undefined, { signal: context.signal }).catch(() => {});
        if (context.signal.aborted) return { output: `${args.id} aborted`, isError: true };
        if (args.throws) throw new Error(`${args.id} blew up`);
        return args.fail
          ? { output: `${args.id} failed\nsecond line`, isError: true }
          : { output: `${args.id} ok`, isError: false };
      } finally {
        active--;
        if (!readOnly) activeWrites--;
        events.push(`end ${args.id}`);
      }
    };
  const registry = new ToolRegistry([
    defineTool({
      name: 'look',
      description: 'read-only probe',
      parameters: params,
      readOnly: true,
      execute: body(true),
    }),
    defineTool({
      name: 'change',
      description: 'writing probe',
      parameters: params,
      readOnly: false,
      execute: body(false),
    }),
  ]);
  return { registry, events, peak };
}

let n = 0;
const call = (name: 'look' | 'change', args: z.infer<typeof params>): ToolCall => ({
  id: `c${++n}`,
  name,
  arguments: JSON.stringify(args),
});
const live = () => new AbortController().signal;

describe('scheduleToolCalls', () => {
  it('runs consecutive read-only calls concurrently (each waits for the other to start)', async () => {
    const { registry, peak } = harness();
    const results = await scheduleToolCalls(
      [call('look', { id: 'a', awaits: ['b'] }), call('look', { id: 'b', awaits: ['a'] })],
      { registry, signal: live() },
    );
    assert.deepEqual(
      results.map((r) => r.output),
      ['a ok', 'b ok'],
    );
    assert.equal(peak.active, 2);
  });

  it('never overlaps writes with each other or with reads, and keeps call order', async () => {
    const { registry, events, peak } = harness();
    const calls = [
      call('look', { id: 'r1', ms: 20 }),
      call('look', { id: 'r2', ms: 5 }),
      call('change', { id: 'w1', ms: 10 }),
      call('change', { id: 'w2', ms: 5 }),
      call('look', { id: 'r3', ms: 5 }),
      call('look', { id: 'r4' }),
      call('change', { id: 'w3' }),
    ];
    const results = await scheduleToolCalls(calls, { registry, signal: live() });
    assert.deepEqual(
      results.map((r) => r.callId),
      calls.map((c) => c.id),
    );
    assert.equal(peak.writes, 1);
    assert.equal(peak.readsDuringWrite, 0);
    const at = (e: string) => events.indexOf(e);
    assert.ok(
      at('start w1') > at('end r1') && at('start w1') > at('end r2'),
      'w1 waits for the batch before it',
    );
    assert.ok(at('start w2') > at('end w1'));
    assert.ok(at('start r3') > at('end w2') && at('start r4') > at('end w2'), 'reads after a write see it');
    assert.ok(at('start w3') > at('end r3') && at('start w3') > at('end r4'));
  });

  it('bounds a read-only batch by the concurrency limit', async () => {
    const { registry, peak } = harness();
    const calls = Array.from({ length: 10 }, (_, i) => call('look', { id: `r${i}`, ms: 10 }));
    await scheduleToolCalls(calls, { registry, signal: live(), concurrency: 3 });
    assert.equal(peak.active, 3);
  });

  it('skips later serial calls after a serial failure, keeping finished results and later reads', async () => {
    const { registry, events } = harness();
    const calls = [
      call('change', { id: 'w1' }),
      call('look', { id: 'r1' }),
      call('change', { id: 'w2', fail: true }),
      call('look', { id: 'r2' }),
      call('change', { id: 'w3' }),
      call('change', { id: 'w4' }),
    ];
    const results = await scheduleToolCalls(calls, { registry, signal: live() });
    assert.deepEqual(
      results.map((r) => r.meta.status),
      ['ok', 'ok', 'error', 'ok', 'skipped', 'skipped'],
    );
    assert.equal(results[4]?.output.split('\n')[0], 'Skipped: change #3 failed: w2 failed');
    assert.ok(results[4]?.output.endsWith(FAILURE_HINT));
    assert.equal(results[4]?.isError, true);
    assert.ok(!events.includes('start w3') && !events.includes('start w4'));
  });

  it('lets a failing or throwing read-only call cancel nothing', async () => {
    const { registry } = harness();
    const results = await scheduleToolCalls(
      [
        call('look', { id: 'r1', fail: true }),
        call('look', { id: 'r2', throws: true }),
        call('look', { id: 'r3' }),
        call('change', { id: 'w1' }),
      ],
      { registry, signal: live() },
    );
    assert.deepEqual(
      results.map((r) => r.output.split('\n')[0]),
      ['r1 failed', 'look failed unexpectedly: r2 blew up', 'r3 ok', 'w1 ok'],
    );
  });

  it('turns a thrown serial tool into a failure that skips later serial calls', async () => {
    const { registry } = harness();
    const results = await scheduleToolCalls(
      [call('change', { id: 'w1', throws: true }), call('change', { id: 'w2' })],
      { registry, signal: live() },
    );
    assert.match(results[0]?.output ?? '', /^change failed unexpectedly: w1 blew up/);
    assert.match(
      results[1]?.output ?? '',
      /^Skipped: change #1 failed: change failed unexpectedly: w1 blew up/,
    );
  });

  it('starts a read-only call as soon as it is yielded, before the stream ends', async () => {
    const { registry, events } = harness();
    let firstStarted!: () => void;
    const gate = new Promise<void>((resolve) => {
      firstStarted = resolve;
    });
    async function* stream() {
      yield call('look', { id: 'early' });
      const timedOut = await Promise.race([
        gate.then(() => false),
        sleep(2_000, undefined, { ref: false }).then(() => true),
      ]);
      yield call('look', { id: timedOut ? 'late-after-timeout' : 'late' });
    }
    const results = await scheduleToolCalls(stream(), {
      registry,
      signal: live(),
      onStart: (c) => {
        if (JSON.parse(c.arguments).id === 'early') firstStarted();
      },
    });
    assert.deepEqual(
      results.map((r) => r.output),
      ['early ok', 'late ok'],
    );
    assert.equal(events[0], 'start early');
  });

  it('passes the turn signal to running tools and cancels calls not yet started', async () => {
    const { registry } = harness();
    const controller = new AbortController();
    const calls = [call('change', { id: 'w1', ms: 5_000 }), call('look', { id: 'r1' })];
    setTimeout(() => controller.abort(new Error('job cancelled')), 30);
    const results = await scheduleToolCalls(calls, { registry, signal: controller.signal });
    assert.equal(results[0]?.output.split('\n')[0], 'w1 aborted');
    assert.equal(results[1]?.meta.status, 'skipped');
    assert.match(results[1]?.output ?? '', /^Cancelled before it started: job cancelled/);
  });

  it('reports starts and results with their call index; unknown tools fail without cascading', async () => {
    const { registry } = harness();
    const seen: string[] = [];
    const results = await scheduleToolCalls(
      [
        call('change', { id: 'w1' }),
        { id: 'x', name: 'nope', arguments: '{}' },
        call('change', { id: 'w2' }),
      ],
      {
        registry,
        signal: live(),
        onStart: (c, i) => seen.push(`start ${c.name} ${i}`),
        onResult: (r, c, i) => seen.push(`result ${c.name} ${i} ${r.meta.status}`),
      },
    );
    assert.match(results[1]?.output ?? '', /Unknown tool "nope"\. Available tools: change, look\./);
    assert.equal(results[2]?.meta.status, 'ok');
    assert.deepEqual(seen, [
      'start change 0',
      'result change 0 ok',
      'start nope 1',
      'result nope 1 error',
      'start change 2',
      'result change 2 ok',
    ]);
  });

  it('waits for started calls before rethrowing a failing stream', async () => {
    const { registry, events } = harness();
    async function* broken() {
      yield call('look', { id: 'r1', ms: 20 });
      throw new Error('stream reset');
    }
    await assert.rejects(scheduleToolCalls(broken(), { registry, signal: live() }), /stream reset/);
    assert.ok(events.includes('end r1'));
  });
});

describe('scheduleToolCalls with a throwing callback', () => {
  it('rejects with the bug after the stream is drained, without an unhandled rejection', async () => {
    const { registry } = harness();
    async function* slowStream() {
      yield call('look', { id: 'r1' });
      await sleep(20);
      yield call('change', { id: 'w1' });
    }
    const onStart = (c: ToolCall) => {
      if (JSON.parse(c.arguments).id === 'r1') throw new Error('callback bug');
    };
    await assert.rejects(
      scheduleToolCalls(slowStream(), { registry, signal: live(), onStart }),
      /callback bug/,
    );
  });
});
