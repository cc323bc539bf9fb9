/**
 * A body that ends with the collapsed transcript: the text first, whole when it leaves the
 * transcript its reserved room, and the transcript rendered into whatever is left, so the body
 * stays under GitHub's limit however long either part is.
 */
import { GITHUB_BODY_LIMIT, TRANSCRIPT_RESERVE_CHARS } from '../limits.js';

const SEPARATOR = '\n\n';
/** Marks a text cut to make room for the transcript. */
const CUT_NOTE = '\n\n…';

/**
 * `text`, a blank line and `transcript(room)`, at most `limit` characters. A text longer than
 * `limit - TRANSCRIPT_RESERVE_CHARS` is cut at a line end (an open code fence closed) and ends
 * with `…`. `transcript` must keep within the room it is given; a block that does not is left out
 * rather than push the body over the limit.
 */
export function fitWithTranscript(
  text: string,
  transcript: (maxChars: number) => string,
  limit: number = GITHUB_BODY_LIMIT,
): string {
  // A limit smaller than the usual reserve (a body shared with other parts) splits it evenly.
  const room = limit - Math.min(TRANSCRIPT_RESERVE_CHARS, Math.floor(limit / 2));
  const cut = text.length > room ? `${cutMarkdown(text, room)}${CUT_NOTE}` : text;
  const top = cut.length > limit ? cut.slice(0, Math.max(0, limit)) : cut;
  const left = limit - top.length - SEPARATOR.length;
  const block = left > 0 ? transcript(left) : '';
  return block.length <= left ? `${top}${SEPARATOR}${block}` : top;
}

/** Cuts at a line end and closes a code fence left open, so the cut cannot swallow what follows. */
export function cutMarkdown(text: string, max: number): string {
  if (text.length <= max) return text;
  const end = text.lastIndexOf('\n', max);
  const cut = text.slice(0, end > 0 ? end : max);
  const fences = cut.split('\n').filter((line) => /^\s*(```|~~~)/.test(line)).length;
  return fences % 2 === 1 ? `${cut}\n\`\`\`` : cut;
}
