/**
 * The run's transcript file under `RUNNER_TEMP`, opened with the line every run starts with, so
 * issue runs and review runs write the same header and the `transcript-path` output means one thing.
 */
import path from 'node:path';
import { createTranscript, type TranscriptWriter } from '../agent/transcript.js';
import { describeTrigger, type Trigger } from '../triggers/trigger.js';
import type { RunContext } from './context.js';

/** Where the run's transcript is written (the `transcript-path` output, once it exists). */
export function runTranscriptPath(runner: Pick<RunContext['config']['runner'], 'tempDir' | 'runId'>): string {
  return path.join(runner.tempDir, 'agent-action', `transcript-${runner.runId}.jsonl`);
}

/** Creates the transcript and writes its `run-start` event. */
export function startRunTranscript(ctx: RunContext, trigger: Trigger): TranscriptWriter {
  const { config } = ctx;
  const transcript = createTranscript({ path: runTranscriptPath(config.runner), redact: ctx.redact });
  transcript.write({
    type: 'run-start',
    trigger: describeTrigger(trigger),
    model: config.llm.model,
    limits: { ...config.limits },
  });
  return transcript;
}
