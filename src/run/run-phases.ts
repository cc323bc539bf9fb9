/**
 * The phases a change run and a review run share, written once: a step line on the log and the
 * tracking comment, the cancel check between phases, the checkout with the transcript opened
 * after it, and the agent's call with its usage added to the outcome. A model endpoint that failed outright ends the run here, before anything is published.
 */

import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { AgentResult } from '../agent/loop.js';
import type { TranscriptWriter } from '../agent/transcript.js';
import { type CheckoutResult, checkoutRef } from '../git/checkout.js';
import type { GitCommandManager } from '../git/git-command-manager.js';
import { type AgentRunner, addAgentUsage } from './agent-runner.js';
import type { WorkInput } from './carry-out-plan.js';
import type { RunContext } from './context.js';
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

/** Checks the plan's branch out with `git`, then opens the run's transcript (its path goes on the outcome). */
export async function checkOutAndOpenTranscript(
  ctx: RunContext,
  input: Pick<WorkInput, 'plan' | 'trigger' | 'outcome'>,
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
  const transcript = startRunTranscript(ctx, input.trigger);
  input.outcome.transcriptPath = transcript.path;
  return { checkout, transcript };
}

/**
 * Runs one call of the run's agent, adds its usage to the outcome and logs how it stopped (`who`:
 * "Agent", "Reviewer"); throws when the job was cancelled or the endpoint failed.
 */
export async function runAgentPhase(
  ctx: RunContext,
  input: Pick<WorkInput, 'outcome'>,
  call: { runner: AgentRunner; messages: ChatCompletionMessageParam[]; who: string },
  phases: Phases,
): Promise<AgentResult> {
  const agent = await call.runner(call.messages);
  addAgentUsage(input.outcome, agent);
  ctx.log.info(
    `${call.who} stopped: ${agent.stopReason} after ${agent.turns} turns, ${agent.tokens.total} tokens`,
  );
  phases.stopIfCancelled();
  if (agent.stopReason === 'error') throw new Error(agent.error ?? 'The model endpoint failed.');
  return agent;
}
