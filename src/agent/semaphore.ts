/**
 * A counting semaphore: at most `limit` tasks run at once, the rest wait in FIFO order.
 */

/** Runs tasks with bounded concurrency. */
export interface Semaphore {
  run<T>(task: () => Promise<T>): Promise<T>;
}

/** Creates a semaphore admitting `limit` (≥ 1) concurrent tasks. */
export function createSemaphore(limit: number): Semaphore {
  if (!Number.isInteger(limit) || limit < 1)
    throw new Error(`semaphore limit must be a positive integer, got ${limit}`);
  let active = 0;
  const waiting: Array<() => void> = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else active--;
  };
  return {
    async run(task) {
      if (active < limit) active++;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await task();
      } finally {
        release();
      }
    },
  };
}
