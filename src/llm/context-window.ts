/**
 * How many tokens one request may hold. The `context-window` input wins; otherwise a small table
 * of common models, matched on the model name's family so dated or provider-prefixed names
 * (`openai/gpt-4.1`, `gpt-4.1-2025-04-14`) match too; otherwise 128000, which most current
 * models exceed, so compaction starts early rather than late.
 */
import { DEFAULT_CONTEXT_WINDOW_TOKENS } from '../limits.js';

// Longest prefix wins. Figures are the providers' documented context lengths.
const KNOWN: ReadonlyArray<readonly [prefix: string, tokens: number]> = [
  ['gpt-5', 400_000],
  ['gpt-4.1', 1_047_576],
  ['gpt-4o', 128_000],
  ['o1', 200_000],
  ['o3', 200_000],
  ['o4-mini', 200_000],
  ['gemini-', 1_048_576],
  ['claude-', 200_000],
  ['deepseek-', 128_000],
  ['mistral-large', 128_000],
  ['mistral-medium', 128_000],
  ['codestral', 256_000],
  ['devstral', 128_000],
  ['qwen3-coder', 262_144],
  ['llama-3', 128_000],
  ['gpt-oss', 131_072],
];

/** The window for `model`, given the `context-window` input (undefined when empty). */
export function contextWindowFor(model: string, configured: number | undefined): number {
  if (configured !== undefined) return configured;
  const name = (model.split('/').pop() ?? model).toLowerCase();
  let best: readonly [string, number] | undefined;
  for (const entry of KNOWN) {
    if (name.startsWith(entry[0]) && (!best || entry[0].length > best[0].length)) best = entry;
  }
  return best?.[1] ?? DEFAULT_CONTEXT_WINDOW_TOKENS;
}
