/**
 * A body that ends with the collapsed transcript: the text first, whole when it leaves the
 * transcript its reserved room, and the transcript rendered into whatever is left, so the body
 * stays under GitHub's limit however long either part is.
 */
import { GITHUB_BODY_LIMIT, TRANSCRIPT_RESERVE_CHARS } from '../limits.js';
import { openFence } from '../safety/fit-markdown.js';

const SEPARATOR = '\n\n';
/** Marks a text cut to make room for the transcript. */
const CUT_NOTE = '\n\n…';

/**
 * `text`, a blank line and `transcript(room)`, then `footer` after another blank line, at most
 * `limit` characters. A text longer than `limit - TRANSCRIPT_RESERVE_CHARS` is cut at a line end
 * (an open code fence closed) and ends with `…`. `transcript` must keep within the room it is
 * given; a block that does not is left out rather than push the body over the limit. The footer
 * is kept whole: it is short, and it carries the run's link.
 */
export function fitWithTranscript(
  text: string,
  transcript: (maxChars: number) => string,
  limit: number = GITHUB_BODY_LIMIT,
  footer?: string,
): string {
  const end = footer ? `${SEPARATOR}${footer}` : '';
  const available = limit - end.length;
  // A limit smaller than the usual reserve (a body shared with other parts) splits it evenly.
  const room = available - Math.min(TRANSCRIPT_RESERVE_CHARS, Math.floor(available / 2));
  const cut = text.length > room ? `${cutMarkdown(text, room)}${CUT_NOTE}` : text;
  const top = cut.length > available ? cut.slice(0, Math.max(0, available)) : cut;
  const left = available - top.length - SEPARATOR.length;
  const block = left > 0 ? transcript(left) : '';
  return `${block && block.length <= left ? `${top}${SEPARATOR}${block.trimEnd()}` : top}${end}`;
}

/** Cuts at a line end and closes a code fence left open, so the cut cannot swallow what follows. */
export function cutMarkdown(text: string, max: number): string {
  if (text.length <= max) return text;
  const end = text.lastIndexOf('\n', max);
  const cut = text.slice(0, end > 0 ? end : max);
  const fence = openFence(cut);
  return fence === undefined ? cut : `${cut}\n${fence}`;
}
