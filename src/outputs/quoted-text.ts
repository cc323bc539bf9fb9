/**
 * Text the action did not write — GitHub's and providers' answers, a command the agent ran, a
 * line of test output — shown as text: in a code block whose fence nothing inside can close, so a
 * `#` never becomes a heading and `<h1>` never becomes HTML. An HTML error page (a proxy's 502) is
 * reduced to its words first, so the reader sees "502 Bad Gateway", not the page's markup.
 */

const TAGS = /<[^>]*>/g;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

// Where an HTML document or fragment starts in a message (a proxy's error page quoted whole).
const HTML_START = /<(?:!doctype|html|head|body|title|h[1-6]|center|div|p)\b/i;

/** An HTML page's words: its title when it has one, else its text without tags. */
function htmlWords(html: string): string {
  const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html)?.[1];
  const body = html
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(TAGS, ' ');
  const words = (title?.trim() ? title : body)
    .replace(/&(#\d+|#x[0-9a-f]+|\w+);/gi, (entity, name: string) => {
      if (name.startsWith('#x')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
      if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
      return ENTITIES[name.toLowerCase()] ?? entity;
    })
    .replace(/\s+/g, ' ')
    .trim();
  return words || 'an HTML page with no text';
}

/**
 * `answer` as plain text: an HTML page in it reduced to its words (what precedes the page is
 * kept), at most `maxLines` lines (a cut says so), each at most `maxLineChars`.
 */
export function plainAnswer(answer: string, maxLines = 15, maxLineChars = 300): string {
  const start = HTML_START.exec(answer)?.index;
  let text = answer.trim();
  if (start !== undefined) {
    const close = /<\/html\s*>/i.exec(answer.slice(start));
    const end = close ? start + close.index + close[0].length : answer.length;
    const page = htmlWords(answer.slice(start, end));
    text = `${answer.slice(0, start)}${page} (an HTML page)${answer.slice(end)}`.trim();
  }
  const lines = text.split('\n').map((l) => (l.length > maxLineChars ? `${l.slice(0, maxLineChars)}…` : l));
  const kept = lines.slice(0, maxLines);
  if (lines.length > maxLines) kept.push(`… ${lines.length - maxLines} more lines`);
  return kept.join('\n');
}

/**
 * A message that mixes the action's words with someone else's, as markdown text that cannot
 * turn into markup: HTML reduced to words, `<` and `>` escaped, and no line able to start a
 * heading, a quote or a list.
 */
export function plainParagraph(text: string, maxLines?: number, maxLineChars?: number): string {
  return plainAnswer(text, maxLines, maxLineChars)
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .split('\n')
    .map((line) => line.replace(/^(\s*)([#>+*=-])/, '$1\\$2').replace(/^(\s*\d+)([.)])/, '$1\\$2'))
    .join('\n');
}

/** `text` in a fenced code block no line of it can close (the fence outruns any inside). */
export function fenceBlock(text: string, info = 'text'): string {
  const longest = Math.max(2, ...Array.from(text.matchAll(/`+/g), (m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${info}\n${text.trimEnd()}\n${fence}`;
}

/** An answer from GitHub or a provider, ready to publish under a line that says whose it is. */
export function quoteAnswer(answer: string, maxLines?: number): string {
  return fenceBlock(plainAnswer(answer, maxLines));
}

/** One line of untrusted text inside an inline code span (backticks inside outrun). */
export function inlineCode(text: string, maxChars = 120): string {
  const line = text.replace(/\s+/g, ' ').trim();
  const cut = line.length > maxChars ? `${line.slice(0, maxChars - 1)}…` : line;
  const longest = Math.max(0, ...Array.from(cut.matchAll(/`+/g), (m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  const pad = cut.startsWith('`') || cut.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${cut}${pad}${fence}`;
}
