/**
 * The run's transcript file under `RUNNER_TEMP`, opened with the line every run starts with, so
 * issue runs and review runs write the same header and the `transcript-path` output means one thing.
 */
import path from 'node:path';
import { createTranscript, type TranscriptWriter } from '../agent/transcript.js';
import { describeTrigger, type Trigger } from '../triggers/trigger.js';
import type { RunContext } from './context.js';

/** Creates the transcript and writes its `run-start` event. */
export function startRunTranscript(ctx: RunContext, trigger: Trigger): TranscriptWriter {
  const { config } = ctx;
  const transcript = createTranscript({
    path: path.join(config.runner.tempDir, 'agent-action', `transcript-${config.runner.runId}.jsonl`),
    redact: ctx.redact,
  });
  transcript.write({
    type: 'run-start',
    trigger: describeTrigger(trigger),
    model: config.llm.model,
    limits: { ...config.limits },
  });
  return transcript;
}
