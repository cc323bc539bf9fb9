/**
 * The phases a change run and a review run share, written once: a step line on the log and the
 * tracking comment, the cancel check between phases, the checkout with the transcript opened
 * after it, and what the action gives the shared agent runner (`pipeline/agent-runner.ts`): its
 * model inputs, the tracking comment as progress, the prompt-cache key and the OIDC bearer. A
 * model endpoint that failed outright ends the run here, before anything is published.
 */

import type { AgentResult } from '../agent/loop.js';
import type { TranscriptWriter } from '../agent/transcript.js';
import { type CheckoutResult, checkoutRef } from '../git/checkout.js';
import type { GitCommandManager } from '../git/git-command-manager.js';
import { promptCacheKey } from '../llm/prompt-cache-key.js';
import type { TrackingComment } from '../outputs/tracking-comment.js';
import type { AgentRunnerOptions } from '../pipeline/agent-runner.js';
import { progressReporter } from '../pipeline/progress.js';
import type { WorkInput } from './carry-out-plan.js';
import { commandHost, type RunContext } from './context.js';
import { startRunTranscript } from './run-transcript.js';

/** What every phase reports through. */
export interface Phases {
  /** One line on the log and the tracking comment's current step. */
  step(text: string): void;
  /** Throws once the job is cancelled, so no later phase starts. */
  stopIfCancelled(): void;
}

/** The step reporter and cancel check of one run. */
export function runPhases(ctx: RunContext, input: Pick<WorkInput, 'tracking'>): Phases {
  return {
    step(text) {
      ctx.log.info(text);
      input.tracking?.update({ step: text });
    },
    stopIfCancelled() {
      if (ctx.signal.aborted) throw new Error('The job was cancelled.');
    },
  };
}

/** Checks the plan's branch out with `git`, then opens the run's transcript. */
export async function checkOutAndOpenTranscript(
  ctx: RunContext,
  input: Pick<WorkInput, 'plan' | 'trigger'>,
  git: GitCommandManager,
  phases: Phases,
): Promise<{ checkout: CheckoutResult; transcript: TranscriptWriter }> {
  const { plan } = input;
  const checkout = await checkoutRef(git, {
    remoteUrl: ctx.remoteUrl,
    branch: plan.branch,
    from: plan.from,
    leaseBranch: plan.leaseBranch,
  });
  phases.stopIfCancelled();
  return { checkout, transcript: startRunTranscript(ctx, input.trigger) };
}

/**
 * The action's part of an agent runner's options: its model inputs, the run's log, redaction and
 * signal, the tracking comment (none for concurrent calls), and the prompt-cache key of `runKind`
 * (`pull-request`, `push`, `comment`, `review`, `plan`) in this repository.
 */
export function actionRunnerOptions(
  ctx: RunContext,
  runKind: string,
  tracking: TrackingComment | undefined,
): Pick<AgentRunnerOptions, 'model' | 'host' | 'progress' | 'promptCacheKey' | 'oidc'> {
  return {
    model: ctx.config.llm,
    host: commandHost(ctx),
    progress: progressReporter(ctx.log, tracking),
    promptCacheKey: promptCacheKey(`${ctx.repo.owner}/${ctx.repo.repo}`, runKind),
    oidc: ctx.oidc,
  };
}

/** Throws when the job was cancelled or the endpoint failed outright; the agent's result otherwise. */
export function requireAnswered(agent: AgentResult, phases: Phases): AgentResult {
  phases.stopIfCancelled();
  if (agent.stopReason === 'error') throw new Error(agent.error ?? 'The model endpoint failed.');
  return agent;
}
