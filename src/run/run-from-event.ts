/**
 * One run of the action, from a validated config to its outcome: resolve the trigger, ask the
 * gate, then hand an allowed run to `runTracked` (reaction, tracking comment, checkout, agent,
 * verification, publishing). Every exit path returns an outcome with all the facts it knows.
 */

import { describeRuleProblem, type ExtraRule, parseAllowedCommands } from '../bash-policy/index.js';
import { readEventPayload } from '../event.js';
import { RUN_TRAILER } from '../git/commit.js';
import { type Config, InputError } from '../inputs.js';
import type { RunOutcome } from '../outputs/action-outputs.js';
import { confirmCheckRunHead } from '../triggers/check-run-head.js';
import { checkGate } from '../triggers/gate.js';
import { resolveTrigger } from '../triggers/resolve-trigger.js';
import { describeTrigger } from '../triggers/trigger.js';
import { createRunContext } from './context.js';
import { watchJobCancel } from './job-cancel.js';
import { reportUntracked, runTracked } from './tracked-run.js';

/** Runs the action once. Throws only for misconfiguration found before any work started. */
export async function runFromEvent(config: Config): Promise<RunOutcome> {
  if (config.runner.platform !== 'linux') {
    throw new Error(
      `agent-action needs a Linux runner (runs-on: ubuntu-latest or a self-hosted Linux runner); this runner is ${config.runner.platform}. Its command sandbox relies on Linux namespaces.`,
    );
  }
  const startedAt = Date.now();
  const allowedCommands = await admitAllowedCommands(config.allowedCommands);
  const cancel = watchJobCancel((signal) => ctx.log.warning(`Received ${signal}: stopping and finalising.`));
  const ctx = createRunContext({ ...config, allowedCommands }, cancel.signal);
  try {
    const payload = await readEventPayload(config.runner.eventPath);
    const resolved = resolveTrigger(config.runner.eventName, payload, {
      triggerPhrase: config.triggerPhrase,
      label: config.label,
      prompt: config.prompt,
      runId: config.runner.runId,
      actor: config.runner.actor,
      mode: config.mode,
      planFirst: config.gates.planFirst,
    });
    // Whether a failed check is on a branch of this repository only the API can tell.
    const trigger =
      resolved.kind === 'check-run' ? await confirmCheckRunHead(ctx.octokit, ctx.repo, resolved) : resolved;
    ctx.log.info(`Trigger: ${describeTrigger(trigger)}`);
    if (trigger.kind === 'skip')
      return await reportUntracked(ctx, { conclusion: 'skipped', reason: trigger.reason }, startedAt);

    const decision = await checkGate(ctx.octokit, ctx.repo, trigger, {
      minPermission: config.minPermission,
      branchPrefix: config.branchPrefix,
      runTrailer: RUN_TRAILER,
    });
    if (decision.kind === 'denied') {
      ctx.log.info(`Denied: ${decision.reason}`);
      const outcome: RunOutcome = { conclusion: 'denied', reason: decision.reason };
      return await reportUntracked(ctx, outcome, startedAt, trigger.actor.login);
    }
    return await runTracked(ctx, trigger, startedAt);
  } catch (error) {
    // Before the tracked run: an unreadable event, a failing permission check … (redacted for the log).
    const failure = ctx.redact((error as Error).message);
    const reason = failure.split('\n')[0] ?? failure;
    return await reportUntracked(ctx, { conclusion: 'failed', failure, reason }, startedAt);
  } finally {
    cancel.dispose();
  }
}

/**
 * `allowed-commands` rules are read with the bash parser, which loads asynchronously, so the input
 * schema cannot parse them. Parsed here, once, before the reaction or the tracking comment, a typo
 * fails the step like any other bad input, with nothing posted on the issue.
 */
async function admitAllowedCommands(lines: readonly string[]): Promise<ExtraRule[]> {
  const parsed = await parseAllowedCommands(lines);
  if (parsed.kind === 'rules') return parsed.rules;
  throw new InputError([
    `allowed-commands: ${describeRuleProblem(parsed)} Write one command per line, as it would be typed.`,
  ]);
}
