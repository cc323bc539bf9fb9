/**
 * Fits markdown into a size limit (GitHub rejects longer comment and PR bodies)
 * without leaving a code fence or an HTML comment open, which would swallow the truncation note
 * and anything appended after it.
 */
import { GITHUB_BODY_LIMIT } from '../limits.js';

// Room for the closing fence, a comment closer and the note, so one pass almost always fits.
const RESERVE = 120;

/**
 * Returns `markdown` unchanged if it fits in `maxChars`; otherwise cuts it (at a line break when
 * one is near), closes an open code fence or HTML comment, and appends `[truncated N chars]`.
 * `alreadyDropped` counts characters a caller cut earlier: the note includes them, and is added
 * even if `markdown` itself fits.
 */
export function fitMarkdown(
  markdown: string,
  maxChars: number = GITHUB_BODY_LIMIT,
  alreadyDropped = 0,
): string {
  if (markdown.length <= maxChars && alreadyDropped === 0) return markdown;
  let budget = Math.max(0, maxChars - RESERVE);
  for (;;) {
    const cut = cutPoint(markdown, budget);
    const head = markdown.slice(0, cut);
    const fence = openFence(head);
    let closing = '';
    if (fence !== undefined) closing = `${head.endsWith('\n') ? '' : '\n'}${fence}`;
    else if (head.lastIndexOf('<!--') > head.lastIndexOf('-->')) closing = ' -->';
    const note = `[truncated ${markdown.length - cut + alreadyDropped} chars]`;
    const fitted = head === '' ? note : `${head}${closing}\n\n${note}`;
    if (fitted.length <= maxChars || budget === 0) return fitted;
    budget = Math.max(0, budget - (fitted.length - maxChars));
  }
}

/** A cut at or before `budget`: the last line break in the final quarter, else `budget` itself. */
function cutPoint(text: string, budget: number): number {
  if (budget >= text.length) return text.length;
  const lineBreak = text.lastIndexOf('\n', budget);
  let cut = lineBreak >= budget * 0.75 ? lineBreak : budget;
  if (cut > 0 && /[\uD800-\uDBFF]/.test(text[cut - 1] ?? '')) cut--;
  return cut;
}

/**
 * The fence that closes the code block open at the end of `markdown`, if any. Follows CommonMark:
 * an opening run of 3+ backticks or tildes (indented up to 3 spaces, also inside block quotes
 * and list items) is closed by a run of the same character at least as long with nothing after.
 */
export function openFence(markdown: string): string | undefined {
  let open: { char: string; length: number } | undefined;
  for (const rawLine of markdown.split('\n')) {
    const line = rawLine.replace(/^(?:\s{0,3}>\s?)+/, '').replace(/^\s*(?:[-+*]|\d{1,9}[.)])\s+(?=[`~])/, '');
    const match = /^\s*(`{3,}|~{3,})(.*)$/.exec(line);
    if (!match) continue;
    const run = match[1] ?? '';
    const rest = match[2] ?? '';
    if (open === undefined) {
      if (run[0] === '`' && rest.includes('`')) continue;
      open = { char: run[0] ?? '`', length: run.length };
    } else if (run[0] === open.char && run.length >= open.length && rest.trim() === '') {
      open = undefined;
    }
  }
  return open === undefined ? undefined : open.char.repeat(open.length);
}
