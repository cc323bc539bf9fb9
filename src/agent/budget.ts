/**
 * Every budget of a run in one place: `max-turns`, `max-tokens`, `max-cost-usd` and the deadline
 * derived from `timeout-minutes`. One {@link RunBudget} is made per run; the agent loop asks it
 * before each turn whether the turn may start, CI rounds ask it how much time is left and whether
 * another agent call fits, and every turn's spending is recorded on it, so a later agent call of
 * the same run (a CI fix round) goes on from what the earlier ones used. Also the summary a run
 * gets when a budget (not the model) ended it, so the pull request still says what was done.
 */
import type { TimeBudget } from '../ci/wait-for-run.js';
import { PUBLISH_RESERVE_MAX_MS } from '../limits.js';
import type { Prices } from '../llm/model-prices.js';
import { formatUsd } from '../llm/model-prices.js';
import { addUsage, type TokenUsage, zeroUsage } from '../llm/token-usage.js';
import type { ToolCall } from '../llm/tool-call.js';
import { SpendMeter } from './spend.js';

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
  return Math.min(PUBLISH_RESERVE_MAX_MS, (timeoutMinutes * 60_000) / 4);
}

/** Epoch ms at which the loop must stop so publishing still fits in `timeout-minutes`. */
export function loopDeadline(startedAt: number, timeoutMinutes: number): number {
  return startedAt + timeoutMinutes * 60_000 - publishReserveMs(timeoutMinutes);
}

/** The stops a budget decides; the others come from the model, the job or the endpoint. */
export type BudgetStop = Extract<StopReason, 'max-turns' | 'max-tokens' | 'max-cost' | 'timeout'>;

/** The limits one run's agent calls share. */
export interface BudgetLimits {
  /** LLM round trips at most, over every agent call of the run. */
  maxTurns: number;
  /** Prompt + completion tokens over all turns; no turn starts that would pass it. */
  maxTokens: number;
  /** Epoch ms when turns and CI waiting stop (see {@link loopDeadline}). */
  deadline: number;
  /** USD over all turns (`max-cost-usd`); no turn starts that would pass it. Needs `prices`. */
  maxCostUsd?: number | undefined;
  /** The model's prices; undefined: the cost is unknown (and unbudgeted). */
  prices?: Prices | undefined;
}

/** The budget inputs as the action and the CLI read them; the deadline follows from `timeoutMinutes`. */
export interface RunLimits {
  maxTurns: number;
  maxTokens: number;
  timeoutMinutes: number;
  maxCostUsd?: number | undefined;
}

/** What (part of) a run used: turns, tokens, and USD when the model has a price. */
export interface Spent {
  turns: number;
  tokens: TokenUsage;
  costUsd: number | undefined;
}

/**
 * The run's budgets and what has been spent against them. An agent call begins with
 * {@link beginCall}; its limits are what earlier calls left ({@link callLimits}), which is also
 * what a budget stop's summary quotes.
 */
export class RunBudget implements TimeBudget {
  /** What the finished agent calls of the run used. */
  private before: Spent = { turns: 0, tokens: zeroUsage(), costUsd: undefined };
  private call = { turns: 0, tokens: zeroUsage() };
  private meter: SpendMeter;

  constructor(readonly limits: BudgetLimits) {
    this.meter = new SpendMeter(limits.prices);
  }

  /** A run's budget from its inputs, with the deadline counted from `startedAt` (epoch ms). */
  static forRun(limits: RunLimits, startedAt: number, prices?: Prices): RunBudget {
    return new RunBudget({
      maxTurns: limits.maxTurns,
      maxTokens: limits.maxTokens,
      deadline: loopDeadline(startedAt, limits.timeoutMinutes),
      maxCostUsd: limits.maxCostUsd,
      prices,
    });
  }

  get deadline(): number {
    return this.limits.deadline;
  }

  msLeft(now: number): number {
    return Math.max(0, this.limits.deadline - now);
  }

  /** Starts an agent call: earlier calls' spending is kept, the call's own counts start at zero. */
  beginCall(): void {
    this.before = this.spent();
    this.call = { turns: 0, tokens: zeroUsage() };
    this.meter = new SpendMeter(this.limits.prices);
  }

  /** What the current agent call has used. */
  callSpent(): Spent {
    return { turns: this.call.turns, tokens: { ...this.call.tokens }, costUsd: this.meter.costUsd };
  }

  /** What the whole run has used: the earlier calls and the current one. */
  spent(): Spent {
    const cost = this.meter.costUsd;
    return {
      turns: this.before.turns + this.call.turns,
      tokens: addUsage({ ...this.before.tokens }, this.call.tokens),
      costUsd: cost === undefined ? this.before.costUsd : (this.before.costUsd ?? 0) + cost,
    };
  }

  /** The current call's limits: what the earlier calls left of each budget. */
  callLimits(): BudgetLimits {
    const { maxCostUsd } = this.limits;
    return {
      ...this.limits,
      maxTurns: Math.max(0, this.limits.maxTurns - this.before.turns),
      maxTokens: Math.max(0, this.limits.maxTokens - this.before.tokens.total),
      ...(maxCostUsd !== undefined
        ? { maxCostUsd: Math.max(0, maxCostUsd - (this.before.costUsd ?? 0)) }
        : {}),
    };
  }

  /**
   * Why the next turn may not start, or undefined when it may. Without `promptTokens` only time
   * and turns are asked: the loop asks so before it compacts the conversation (no point compacting
   * for a turn that will not run), then again with the compacted prompt's estimate, for tokens and
   * cost. The completion is not known yet, so spending is checked again before the turn after.
   */
  stopBeforeTurn(now: number, promptTokens?: number): BudgetStop | undefined {
    const left = this.callLimits();
    if (now >= left.deadline) return 'timeout';
    if (this.call.turns >= left.maxTurns) return 'max-turns';
    if (promptTokens === undefined) return undefined;
    if (this.call.tokens.total + promptTokens > left.maxTokens) return 'max-tokens';
    const cost = this.meter.costWith(promptTokens);
    if (cost !== undefined && left.maxCostUsd !== undefined && cost > left.maxCostUsd) return 'max-cost';
    return undefined;
  }

  /** The number the next turn has in the run: earlier calls' turns are counted on, not restarted. */
  nextTurnNumber(): number {
    return this.before.turns + this.call.turns + 1;
  }

  /** Counts a turn as started (a turn the endpoint refuses still counts, as with `max-turns`). */
  startTurn(): void {
    this.call.turns += 1;
  }

  /** Takes back a started turn that is sent again (the request was too large and got compacted). */
  retractTurn(): void {
    this.call.turns = Math.max(0, this.call.turns - 1);
  }

  /** Adds a finished turn's tokens, and their cost when the model has a price. */
  record(usage: TokenUsage): void {
    addUsage(this.call.tokens, usage);
    this.meter.add(usage);
  }

  /** True when the run has no turns, tokens or money left for another agent call (a CI fix round). */
  usedUp(): boolean {
    const spent = this.spent();
    const { maxTurns, maxTokens, maxCostUsd } = this.limits;
    return (
      spent.turns >= maxTurns ||
      spent.tokens.total >= maxTokens ||
      (maxCostUsd !== undefined && (spent.costUsd ?? 0) >= maxCostUsd)
    );
  }

  /** The current call's figures for {@link stopSummary}. */
  stopFacts(): Pick<
    StopFacts,
    'turns' | 'maxTurns' | 'totalTokens' | 'maxTokens' | 'costUsd' | 'maxCostUsd'
  > {
    const left = this.callLimits();
    const cost = this.meter.costUsd;
    return {
      turns: this.call.turns,
      maxTurns: left.maxTurns,
      totalTokens: this.call.tokens.total,
      maxTokens: left.maxTokens,
      ...(cost !== undefined ? { costUsd: cost } : {}),
      ...(left.maxCostUsd !== undefined ? { maxCostUsd: left.maxCostUsd } : {}),
    };
  }
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
    'max-cost': `The agent stopped at an estimated ${formatUsd(facts.costUsd ?? 0)}; the next turn would pass the ${formatUsd(facts.maxCostUsd ?? 0)} budget (\`max-cost-usd\`). Raise \`max-cost-usd\` to let it finish.`,
    timeout: 'The agent ran out of time (`timeout-minutes`) before it finished.',
    cancelled: 'The run was cancelled before the agent finished.',
    stuck: `The agent was stopped because it kept repeating the same failing call${facts.stuckCall ? ` (\`${facts.stuckCall.name}\`)` : ''}.`,
    error: `The agent stopped because the LLM endpoint failed: ${facts.error ?? 'unknown error'}`,
  };
  const edits = facts.calls.filter((c) => WRITE_TOOLS.has(c.name)).length;
  const commands = facts.calls.filter((c) => c.name === 'bash').length;
  // No turn count here: the surfaces' footer states it once.
  const done = `So far: ${facts.calls.length} tool calls (${edits} file edits, ${commands} commands).`;
  const last = facts.lastText.trim() ? `\n\nLast message from the agent:\n\n${facts.lastText.trim()}` : '';
  return `${why[reason]} ${done}${last}`;
}
