/**
 * The price arithmetic of an agent call: what its turns cost, and what the next turn would bring
 * the total to. The next turn's cost is estimated from its prompt before it is sent: the share of
 * the prompt the provider served from its cache on the previous turn is assumed cached again (the
 * history is append-only between compactions, so the prefix repeats), and the rest is priced in
 * full. Its completion is not known yet. Whether that total is too much is the budget's call
 * (`RunBudget` in budget.ts).
 */
import type { Prices } from '../llm/model-prices.js';
import { costUsd } from '../llm/model-prices.js';
import type { TokenUsage } from '../llm/token-usage.js';

/** One per agent call; `prices` undefined means the cost is unknown. */
export class SpendMeter {
  private spent = 0;
  private cachedShare = 0;

  constructor(private readonly prices: Prices | undefined) {}

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

  /** USD spent once a turn with about `promptTokens` of prompt is sent; undefined without prices. */
  costWith(promptTokens: number): number | undefined {
    if (!this.prices) return undefined;
    const cachedPrompt = Math.floor(promptTokens * this.cachedShare);
    return this.spent + costUsd({ prompt: promptTokens, completion: 0, cachedPrompt }, this.prices);
  }
}
