/**
 * One line of what a run used: tokens, the prompt tokens the provider's cache served and what
 * share of the prompt that was, and the cost. The same words on the tracking comment, the job
 * summary and the transcript header, so a maintainer reads spend the same way everywhere.
 */

/** The counts the line is made of; `costUsd` undefined means the model has no price. */
export interface UsageFacts {
  tokens: number;
  /** Prompt tokens, for the cache-hit rate; without them the rate is left out. */
  promptTokens?: number | undefined;
  cachedTokens: number;
  costUsd: number | undefined;
  /** The counts are (partly) the characters/4 estimate. */
  estimated?: boolean | undefined;
}

/** `12,345 tokens · 9,000 cached (81% of prompt) · $0.0123` (cost `unknown` without a price). */
export function usageLine(facts: UsageFacts): string {
  const estimated = facts.estimated ? ' (estimated: the endpoint reported no usage)' : '';
  const parts = [`${facts.tokens.toLocaleString('en-US')} tokens${estimated}`];
  const rate =
    facts.promptTokens && facts.promptTokens > 0
      ? ` (${Math.round((100 * facts.cachedTokens) / facts.promptTokens)}% of prompt)`
      : '';
  parts.push(`${facts.cachedTokens.toLocaleString('en-US')} cached${rate}`);
  parts.push(
    facts.costUsd === undefined
      ? 'cost unknown (no price for the model; see `prices`)'
      : formatUsd(facts.costUsd),
  );
  return parts.join(' · ');
}

/** `$0.0123`: four decimals, as the `cost-usd` output. */
export function formatUsd(usd: number): string {
  return `$${usd.toFixed(4)}`;
}
