/**
 * The commit subject and pull request title made from the model's summary. Pure, so the local
 * runner uses it without pulling in the publishing code.
 */
import { stripInvisible } from '../safety/invisible-chars.js';

/**
 * First line of the summary without markdown decoration: the commit subject and PR title.
 * Callers redact the result, so it never cuts inside a word nor drops an underscore within one
 * (a `ghs_…` token that lost its `_`, or its tail, would no longer be recognised), and invisible
 * characters go first so a secret split by them is whole again.
 */
export function titleFrom(summary: string, fallback: string): string {
  // A fenced block (an `output-schema` answer's JSON, a command) is not a sentence to title with.
  const line = stripInvisible(summary)
    .replace(/^(`{3,}|~{3,})[^\n]*\n[\s\S]*?^\1[ \t]*$/gm, '')
    .split('\n')
    .map((l) =>
      l
        .replace(/^[#>*\-\s]+/, '')
        .replace(/[*`]|(?<![A-Za-z0-9])_+|_+(?![A-Za-z0-9])/g, '')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .find((l) => l !== '');
  if (!line) return fallback;
  if (line.length <= 72) return line;
  const cut = line.lastIndexOf(' ', 71);
  return cut > 0 ? `${line.slice(0, cut)}…` : fallback;
}
