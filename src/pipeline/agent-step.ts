/**
 * The one step every run takes once its task is messages: the agent works on them, then the
 * maintainer's `verify-command` checks the result, then the sandbox settles before git reads the
 * workspace. The action's change runs, plans and reviews and the local runner all go through it,
 * so the same task gets the same agent, the same verification and the same transcript whichever
 * way it is started. What it returns are the step's facts; the caller decides what they mean
 * (the action fails on an endpoint error, the local runner reports it).
 */
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { AgentResult } from '../agent/loop.js';
import type { VerificationReport } from '../outputs/pull-request-body.js';
import type { Sandbox } from '../sandbox/sandbox.js';
import { settleBeforeGit } from '../sandbox/settle-first.js';
import type { AgentRunner } from './agent-runner.js';
import type { CommandHost } from './command-host.js';
import { runVerification } from './verify.js';

export interface AgentStepInput {
  runner: AgentRunner;
  messages: ChatCompletionMessageParam[];
  /** Who stopped, in the log line: "Agent", "Planner", "Reviewer". */
  who: string;
  host: CommandHost;
  /** The tools' sandbox (verification runs in it; it settles before git) and their extra environment. */
  tools: { sandbox: Sandbox; commandEnv?: Readonly<Record<string, string>> };
  /** `verify-command`, when the run has one. */
  verify?: {
    command: string;
    timeoutMinutes: number;
    /** Wraps the command (the action credits the hosts it was refused to it). */
    around?: <T>(label: string, run: () => Promise<T>) => Promise<T>;
  };
  /** Reports the verification as a phase of the run. */
  step?: (text: string) => void;
}

/** What the step found. */
export interface AgentStepResult {
  agent: AgentResult;
  /** Absent without `verify-command`, or when the agent was cancelled or the endpoint failed. */
  verification?: VerificationReport;
}

/** One agent call, logged as it stopped. */
export async function runAgentCall(
  runner: AgentRunner,
  messages: ChatCompletionMessageParam[],
  who: string,
  log: CommandHost['log'],
): Promise<AgentResult> {
  const agent = await runner(messages);
  log.info(`${who} stopped: ${agent.stopReason} after ${agent.turns} turns, ${agent.tokens.total} tokens`);
  return agent;
}

/** messages → agent → verify → settled workspace; see the module comment. */
export async function runAgentStep(input: AgentStepInput): Promise<AgentStepResult> {
  const { host, verify } = input;
  const agent = await runAgentCall(input.runner, input.messages, input.who, host.log);
  const verifies =
    verify !== undefined &&
    agent.stopReason !== 'cancelled' &&
    agent.stopReason !== 'error' &&
    !host.signal.aborted;
  let verification: VerificationReport | undefined;
  if (verifies) {
    input.step?.(`Verifying with \`${verify.command}\``);
    const around = verify.around ?? (<T>(_label: string, run: () => Promise<T>) => run());
    verification = await around(`verify-command: ${verify.command}`, () =>
      runVerification(host, verify.command, {
        sandbox: input.tools.sandbox,
        timeoutMinutes: verify.timeoutMinutes,
        ...(input.tools.commandEnv ? { env: input.tools.commandEnv } : {}),
      }),
    );
  }
  await settleBeforeGit(input.tools.sandbox, (m) => host.log.warning(m));
  return { agent, ...(verification ? { verification } : {}) };
}
