import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { createSemaphore } from '../../../src/agent/semaphore.js';

describe('createSemaphore', () => {
  it('admits at most `limit` tasks at once, in FIFO order, and releases on failure', async () => {
    const semaphore = createSemaphore(2);
    let active = 0;
    let peak = 0;
    const order: number[] = [];
    const task = (i: number) =>
      semaphore.run(async () => {
        active++;
        peak = Math.max(peak, active);
        order.push(i);
        await sleep(5);
        active--;
        if (i === 1) throw new Error('task 1 fails');
        return i;
      });
    const results = await Promise.allSettled([0, 1, 2, 3, 4].map(task));
    assert.equal(peak, 2);
    assert.deepEqual(order, [0, 1, 2, 3, 4]);
    assert.equal(results[1]?.status, 'rejected');
    assert.deepEqual(
      results.filter((r) => r.status === 'fulfilled').map((r) => r.value),
      [0, 2, 3, 4],
    );
  });

  it('rejects a non-positive limit (a wiring bug)', () => {
    assert.throws(() => createSemaphore(0), /positive integer/);
  });
});
