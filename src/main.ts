/** Read the config, run, set the outputs. The only place that fails the step. */
import * as core from '@actions/core';
import { InputError, loadConfig } from './inputs.js';
import { setActionOutputs } from './outputs/action-outputs.js';
import { runFromEvent } from './run/run-from-event.js';

export async function main(): Promise<void> {
  try {
    const outcome = await runFromEvent(loadConfig());
    setActionOutputs(outcome);
    if (outcome.failure !== undefined) core.setFailed(outcome.failure);
  } catch (error) {
    setActionOutputs({ conclusion: 'failed' });
    core.setFailed(error instanceof InputError ? error.message : (error as Error).message);
  }
}
