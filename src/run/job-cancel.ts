/**
 * Job cancellation. On cancel the runner sends SIGINT, then SIGTERM a few seconds later, then
 * kills the process. Catching both turns them into an abort: the agent loop stops, and the run's
 * `finally` blocks still finalise the tracking comment and set the outputs.
 */

export interface JobCancelWatch {
  signal: AbortSignal;
  /** Stops listening (the default signal behaviour returns). */
  dispose(): void;
}

/** Listens for SIGINT/SIGTERM; `onCancel` is told which signal arrived first. */
export function watchJobCancel(onCancel: (signal: NodeJS.Signals) => void): JobCancelWatch {
  const controller = new AbortController();
  const handler = (signal: NodeJS.Signals) => {
    if (controller.signal.aborted) return;
    onCancel(signal);
    controller.abort(new Error(`The job was cancelled (${signal}).`));
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
  return {
    signal: controller.signal,
    dispose() {
      process.off('SIGINT', handler);
      process.off('SIGTERM', handler);
    },
  };
}
