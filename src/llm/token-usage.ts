/**
 * Token usage as providers report it, in one shape for every wire format. Providers put the same
 * facts in different places (OpenAI's `*_tokens_details`, DeepSeek's `prompt_cache_hit_tokens`,
 * Groq's `x_groq.usage`), and some leave fields out; a missing count is 0, never NaN, so budgets
 * keep working whatever the endpoint sends.
 */

/** Tokens of one turn, or of a whole run when summed with {@link addUsage}. */
export interface TokenUsage {
  prompt: number;
  completion: number;
  total: number;
  /** Prompt tokens served from the provider's cache (billed cheaper); part of `prompt`. */
  cachedPrompt?: number;
  /** Completion tokens spent on hidden reasoning; part of `completion`. */
  reasoning?: number;
  /** Set when the counts are the characters/4 estimate, not the provider's. */
  estimated?: true;
}

/** A usage object as any provider spells it; every field optional. */
type RawUsage = Record<string, unknown>;

/** A fresh zero usage (the start of a run's totals). */
export function zeroUsage(): TokenUsage {
  return { prompt: 0, completion: 0, total: 0 };
}

/**
 * Reads a provider usage object (Chat Completions `usage`, Groq's `x_groq.usage`, or the Responses
 * API's `usage` with `input_tokens`/`output_tokens`). Returns undefined when nothing in it counts.
 */
export function usageFromProvider(raw: unknown): TokenUsage | undefined {
  if (!raw || typeof raw !== 'object') return undefined;
  const u = raw as RawUsage;
  const prompt = count(u['prompt_tokens']) ?? count(u['input_tokens']);
  const completion = count(u['completion_tokens']) ?? count(u['output_tokens']);
  const total = count(u['total_tokens']);
  if (prompt === undefined && completion === undefined && total === undefined) return undefined;
  const promptTokens = prompt ?? Math.max(0, (total ?? 0) - (completion ?? 0));
  const completionTokens = completion ?? Math.max(0, (total ?? 0) - promptTokens);
  const cached =
    count(detail(u['prompt_tokens_details'], 'cached_tokens')) ??
    count(detail(u['input_tokens_details'], 'cached_tokens')) ??
    count(u['prompt_cache_hit_tokens']);
  const reasoning =
    count(detail(u['completion_tokens_details'], 'reasoning_tokens')) ??
    count(detail(u['output_tokens_details'], 'reasoning_tokens'));
  return {
    prompt: promptTokens,
    completion: completionTokens,
    total: total ?? promptTokens + completionTokens,
    ...(cached ? { cachedPrompt: cached } : {}),
    ...(reasoning ? { reasoning } : {}),
  };
}

/** `sum` plus `turn`, in place; optional counts are added when either side has them. */
export function addUsage(sum: TokenUsage, turn: TokenUsage): TokenUsage {
  sum.prompt += turn.prompt;
  sum.completion += turn.completion;
  sum.total += turn.total;
  if (turn.cachedPrompt) sum.cachedPrompt = (sum.cachedPrompt ?? 0) + turn.cachedPrompt;
  if (turn.reasoning) sum.reasoning = (sum.reasoning ?? 0) + turn.reasoning;
  if (turn.estimated) sum.estimated = true;
  return sum;
}

function detail(value: unknown, key: string): unknown {
  return value && typeof value === 'object' ? (value as RawUsage)[key] : undefined;
}

function count(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
}
