/**
 * What a run's model calls cost. Prices come from the `prices` input, else from a small table of
 * common models, each row dated with the day it was checked against the provider's price list;
 * an unlisted model has no price, and the run then reports its cost as unknown rather than guess.
 */
import type { TokenUsage } from './token-usage.js';

/** USD per million tokens (the `prices` input, or a dated row below). */
export interface Prices {
  input: number;
  cachedInput: number;
  output: number;
}

/** A row of the built-in table: USD per million tokens and the day the price was checked. */
export interface PriceRow extends Prices {
  checked: string;
  source: string;
}

/** Keyed by the model name without a provider prefix or a dated snapshot suffix. */
export const BUILT_IN_PRICES: Readonly<Record<string, PriceRow>> = {
  'gpt-5.5': { input: 5, cachedInput: 0.5, output: 30, checked: '2026-06-04', source: 'OpenAI pricing' },
  'gpt-5.4': { input: 2.5, cachedInput: 0.25, output: 15, checked: '2026-06-04', source: 'OpenAI pricing' },
  'gpt-5.4-mini': {
    input: 0.75,
    cachedInput: 0.075,
    output: 4.5,
    checked: '2026-06-04',
    source: 'OpenAI pricing',
  },
  'gpt-5.4-nano': {
    input: 0.2,
    cachedInput: 0.02,
    output: 1.25,
    checked: '2026-06-04',
    source: 'OpenAI pricing',
  },
  'gpt-5.1': { input: 1.25, cachedInput: 0.125, output: 10, checked: '2026-04-30', source: 'OpenAI pricing' },
  'gpt-5': { input: 1.25, cachedInput: 0.125, output: 10, checked: '2026-04-30', source: 'OpenAI pricing' },
  'gpt-4.1': { input: 2, cachedInput: 0.5, output: 8, checked: '2026-04-30', source: 'OpenAI pricing' },
  'gpt-4.1-mini': {
    input: 0.4,
    cachedInput: 0.1,
    output: 1.6,
    checked: '2026-04-30',
    source: 'OpenAI pricing',
  },
  'o4-mini': { input: 1.1, cachedInput: 0.275, output: 4.4, checked: '2026-04-30', source: 'OpenAI pricing' },
  o3: { input: 2, cachedInput: 0.5, output: 8, checked: '2026-04-30', source: 'OpenAI pricing' },
  'deepseek-chat': {
    input: 0.28,
    cachedInput: 0.028,
    output: 0.42,
    checked: '2026-04-30',
    source: 'DeepSeek pricing',
  },
  'deepseek-reasoner': {
    input: 0.28,
    cachedInput: 0.028,
    output: 0.42,
    checked: '2026-04-30',
    source: 'DeepSeek pricing',
  },
  'gemini-2.5-pro': {
    input: 1.25,
    cachedInput: 0.125,
    output: 10,
    checked: '2026-04-30',
    source: 'Gemini API pricing',
  },
  'gemini-2.5-flash': {
    input: 0.3,
    cachedInput: 0.03,
    output: 2.5,
    checked: '2026-04-30',
    source: 'Gemini API pricing',
  },
};

/** `openai/gpt-4.1` (OpenRouter) and `gpt-4.1-2025-04-14` both price as `gpt-4.1`. */
export function priceKey(model: string): string {
  return model
    .toLowerCase()
    .replace(/^[\w.-]+\//, '')
    .replace(/-\d{4}-\d{2}-\d{2}$/, '');
}

/** The prices a run uses: the input's, else the table's, else undefined (cost unknown). */
export function pricesFor(model: string, configured: Prices | undefined): Prices | undefined {
  if (configured) return configured;
  const row = BUILT_IN_PRICES[priceKey(model)];
  return row ? { input: row.input, cachedInput: row.cachedInput, output: row.output } : undefined;
}

/** USD for `tokens` at `prices`. Cached tokens are billed at the cached rate, the rest in full. */
export function costUsd(
  tokens: Pick<TokenUsage, 'prompt' | 'completion' | 'cachedPrompt'>,
  prices: Prices,
): number {
  const cached = Math.min(tokens.cachedPrompt ?? 0, tokens.prompt);
  return (
    ((tokens.prompt - cached) * prices.input +
      cached * prices.cachedInput +
      tokens.completion * prices.output) /
    1_000_000
  );
}

/**
 * A price as people read it: cents for a dollar or more (`$1.25`), up to four decimals below
 * (`$0.25`, `$0.0047`), and two significant digits for less than a hundredth of a cent
 * (`$0.000047`), so a small cap is never printed as `$0.00`.
 */
export function formatUsd(usd: number): string {
  if (usd >= 1 || usd === 0) return `$${usd.toFixed(2)}`;
  if (usd >= 0.0001) return `$${usd.toFixed(4).replace(/(\.\d\d\d*?)0+$/, '$1')}`;
  return `$${usd.toPrecision(2)}`;
}
