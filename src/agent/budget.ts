/**
 * The loop's budgets: the deadline derived from `timeout-minutes`, and the summary a run gets
 * when a budget (not the model) ended it, so the pull request still says what was done.
 */
import type { ToolCall } from '../tools/tool.js';

/** Why the loop ended. Only `done` means the model finished on its own. */
export type StopReason =
  | 'done'
  | 'max-turns'
  | 'max-tokens'
  | 'max-cost'
  | 'timeout'
  | 'cancelled'
  | 'stuck'
  | 'error';

/** Time kept back from `timeout-minutes` for publishing (commit, push, PR): about a minute. */
export function publishReserveMs(timeoutMinutes: number): number {
  return Math.min(60_000, (timeoutMinutes * 60_000) / 4);
}

/** Epoch ms at which the loop must stop so publishing still fits in `timeout-minutes`. */
export function loopDeadline(startedAt: number, timeoutMinutes: number): number {
  return startedAt + timeoutMinutes * 60_000 - publishReserveMs(timeoutMinutes);
}

export interface StopFacts {
  turns: number;
  maxTurns: number;
  totalTokens: number;
  maxTokens: number;
  costUsd?: number;
  maxCostUsd?: number;
  calls: ToolCall[];
  lastText: string;
  error?: string;
  stuckCall?: ToolCall;
}

const WRITE_TOOLS = new Set(['write_file', 'edit_file', 'apply_patch']);

/** The summary of a run that a budget, a cancel or an error stopped. */
export function stopSummary(reason: Exclude<StopReason, 'done'>, facts: StopFacts): string {
  const why: Record<typeof reason, string> = {
    'max-turns': `The agent used all ${facts.maxTurns} turns (\`max-turns\`) before it finished.`,
    'max-tokens': `The agent stopped at ${facts.totalTokens.toLocaleString('en-US')} tokens; the next turn would pass the ${facts.maxTokens.toLocaleString('en-US')}-token budget (\`max-tokens\`).`,
    'max-cost': `The agent stopped at an estimated $${(facts.costUsd ?? 0).toFixed(4)}; the next turn would pass the $${(facts.maxCostUsd ?? 0).toFixed(2)} budget (\`max-cost-usd\`).`,
    timeout: 'The agent ran out of time (`timeout-minutes`) before it finished.',
    cancelled: 'The run was cancelled before the agent finished.',
    stuck: `The agent was stopped because it kept repeating the same failing call${facts.stuckCall ? ` (\`${facts.stuckCall.name}\`)` : ''}.`,
    error: `The agent stopped because the LLM endpoint failed: ${facts.error ?? 'unknown error'}`,
  };
  const edits = facts.calls.filter((c) => WRITE_TOOLS.has(c.name)).length;
  const commands = facts.calls.filter((c) => c.name === 'bash').length;
  const done = `So far: ${facts.turns} ${facts.turns === 1 ? 'turn' : 'turns'}, ${facts.calls.length} tool calls (${edits} file edits, ${commands} commands).`;
  const last = facts.lastText.trim() ? `\n\nLast message from the agent:\n\n${facts.lastText.trim()}` : '';
  return `${why[reason]} ${done}${last}`;
}
