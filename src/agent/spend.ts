/**
 * What a run has spent in money, and whether the next turn may start under `max-cost-usd`. The
 * next turn's cost is estimated from its prompt before it is sent: the share of the prompt the
 * provider served from its cache on the previous turn is assumed cached again (the history is
 * append-only between compactions, so the prefix repeats), and the rest is priced in full. Its
 * completion is not known yet, so the budget is checked again, with real counts, after each turn.
 */
import type { Prices } from '../inputs.js';
import { costUsd } from '../llm/model-prices.js';
import type { TokenUsage } from '../llm/token-usage.js';

/** One per `runAgent` call; `prices` undefined means the cost is unknown (and unbudgeted). */
export class SpendMeter {
  private spent = 0;
  private cachedShare = 0;

  constructor(
    private readonly prices: Prices | undefined,
    /** USD this call may spend; undefined: no money budget. */
    private readonly maxCostUsd: number | undefined,
  ) {}

  /** USD spent so far, or undefined when the model has no price. */
  get costUsd(): number | undefined {
    return this.prices ? this.spent : undefined;
  }

  /** Adds a finished turn's tokens. */
  add(usage: TokenUsage): void {
    if (!this.prices) return;
    this.spent += costUsd(usage, this.prices);
    this.cachedShare = usage.prompt > 0 ? Math.min(1, (usage.cachedPrompt ?? 0) / usage.prompt) : 0;
  }

  /** Whether a turn with about `promptTokens` of prompt would take the run past `max-cost-usd`. */
  wouldPass(promptTokens: number): boolean {
    if (!this.prices || this.maxCostUsd === undefined) return false;
    const cachedPrompt = Math.floor(promptTokens * this.cachedShare);
    return (
      this.spent + costUsd({ prompt: promptTokens, completion: 0, cachedPrompt }, this.prices) >
      this.maxCostUsd
    );
  }
}
