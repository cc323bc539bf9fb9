/**
 * The commit subject and pull request title made from the model's summary. Pure, so the local
 * runner uses it without pulling in the publishing code.
 */

import { TITLE_CHARS } from '../limits.js';
import { stripInvisible } from '../safety/invisible-chars.js';

/**
 * First line of the summary without markdown decoration: the commit subject and PR title. A line
 * too long for a title gives its first sentence or clause, and only failing that a cut with `…`.
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
  if (line.length <= TITLE_CHARS) return line.replace(/(?<!\.)\.$/, '');
  return shorterTitle(line) ?? wordCut(line) ?? fallback;
}

/**
 * A title that says a whole thing: the line's first sentence, else the part before its first
 * colon, dash or semicolon, when that fits and is not a fragment of a few characters.
 */
function shorterTitle(line: string): string | undefined {
  for (const boundary of [/[.!?](?=\s)/, /\s[—–-]\s|[:;](?=\s)/]) {
    const match = boundary.exec(line);
    if (match && match.index >= 15 && match.index <= TITLE_CHARS) return line.slice(0, match.index).trim();
  }
  return undefined;
}

/** The line cut at a word boundary, marked with `…`. */
function wordCut(line: string): string | undefined {
  const cut = line.lastIndexOf(' ', TITLE_CHARS - 1);
  return cut > 0 ? `${line.slice(0, cut)}…` : undefined;
}

/**
 * The summary without its first line when that line is the title whole (it is on the pull
 * request already) and more follows; else the summary as it is.
 */
export function summaryBelowTitle(summary: string, title: string): string {
  const lines = summary.trim().split('\n');
  const rest = lines.slice(1).join('\n').trim();
  return rest !== '' && titleFrom(lines[0] ?? '', '') === title ? rest : summary.trim();
}
