/**
 * One run of the action, from a validated config to its outcome. The agent, GitHub publishing
 * and CI rounds plug in here as they land; for now the run resolves the trigger and reports it.
 */
import * as core from '@actions/core';
import { readEventPayload } from './event.js';
import type { Config } from './inputs.js';
import type { RunOutcome } from './outputs/action-outputs.js';
import { resolveTrigger } from './triggers/resolve-trigger.js';
import { describeTrigger } from './triggers/trigger.js';

export async function run(config: Config): Promise<RunOutcome> {
  if (config.runner.platform !== 'linux') {
    throw new Error(
      `agent-action needs a Linux runner (runs-on: ubuntu-latest or a self-hosted Linux runner); this runner is ${config.runner.platform}. Its command sandbox relies on Linux namespaces.`,
    );
  }
  const payload = await readEventPayload(config.runner.eventPath);
  const trigger = resolveTrigger(config.runner.eventName, payload, {
    triggerPhrase: config.triggerPhrase,
    label: config.label,
    prompt: config.prompt,
    runId: config.runner.runId,
    actor: config.runner.actor,
  });
  core.info(`Trigger: ${describeTrigger(trigger)}`);
  if (trigger.kind === 'skip') return { conclusion: 'skipped' };
  core.info(`Would run the agent with ${config.llm.model} at ${config.llm.baseUrl} (mode ${config.mode}).`);
  return { conclusion: 'skipped' };
}
