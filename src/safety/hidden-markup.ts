/**
 * Removes markdown and HTML that a person reading the rendered issue does not see but a model
 * reading the raw text does: HTML comments (also unterminated ones, which hide the rest of the
 * document), hidden elements, non-rendered elements, image alt text, link titles and link
 * reference definitions (`[//]: # (…)` is the classic markdown comment). `<details>` stays: its
 * content is one click away for the reader.
 *
 * This deliberately ignores code fences: a parser that disagrees with GitHub's about where a fence
 * starts would let hidden text through, so removing a little too much from code samples is the
 * price of never keeping too much.
 */

const IMAGE_PLACEHOLDER = '[image]';

// `<!-->` and `<!--->` are complete (empty) comments in HTML; otherwise up to `-->`/`--!>` or the end.
const HTML_COMMENT = /<!--(?:-?>|[\s\S]*?(?:--!?>|$))/g;
// Elements whose content is never rendered as text.
const NON_RENDERED =
  /<(script|style|template|noscript|iframe|object|svg|math|head)\b[^<>]*>[\s\S]*?(?:<\/\1\s*>|$)/gi;
const VOID_ELEMENTS = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);
// An open tag as CommonMark recognises raw HTML (attribute names and unquoted values exclude
// `<`), which also keeps matching linear on inputs like `<a <a <a …`.
const ATTRIBUTES = String.raw`(?:\s+[a-zA-Z_:][a-zA-Z0-9_.:-]*(?:\s*=\s*(?:[^\s"'=<>\x60]+|'[^']*'|"[^"]*"))?)*`;
const OPEN_TAG = new RegExp(String.raw`<([a-zA-Z][a-zA-Z0-9-]*)(${ATTRIBUTES}\s*\/?)>`, 'g');
const HIDING_ATTRIBUTE =
  /(?:^|[\s"'])(?:hidden(?:\s*=|\s|\/|$)|type\s*=\s*["']?hidden)|display\s*:\s*none|visibility\s*:\s*(?:hidden|collapse)|opacity\s*:\s*0(?:\.0*)?(?![.\d])|font-size\s*:\s*0(?![.\d])|(?:height|width)\s*:\s*0(?![.\d])|clip(?:-path)?\s*:/i;
// Attributes that carry text the reader never sees (tooltips, alt text, data payloads).
const INVISIBLE_ATTRIBUTE =
  /\s(?:alt|title|aria-label|aria-description|data-[\w-]*)\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+)/gi;

// `![alt](url "title")`, `![alt][ref]`, `![alt][]`, `![alt]` — alt text may nest brackets.
const BRACKETED = String.raw`\[(?:[^\[\]\\]|\\[\s\S]|\[(?:[^\[\]\\]|\\[\s\S])*\])*\]`;
const PARENTHESISED = String.raw`\((?:[^()\\]|\\[\s\S]|\((?:[^()\\]|\\[\s\S])*\))*\)`;
const MARKDOWN_IMAGE = new RegExp(String.raw`!${BRACKETED}(?:${PARENTHESISED}|\[[^\]]*\])?`, 'g');
// Inline link titles: `[text](url "title")` → `[text](url)`.
const LINK_TITLE =
  /(\]\(\s*(?:<[^>\n]*>|[^\s()]*(?:\([^\s()]*\)[^\s()]*)*))\s+(?:"(?:[^"\\]|\\[\s\S]){0,10000}"|'(?:[^'\\]|\\[\s\S]){0,10000}'|\((?:[^()\\]|\\[\s\S]){0,10000}\))\s*\)/g;
// Link reference definitions are not rendered; their label and title can span lines. Footnote
// definitions (`[^1]: …`) are rendered and stay. Labels are at most 999 characters (CommonMark);
// titles are bounded too, which keeps the match linear on unclosed quotes.
const REFERENCE_DEFINITION =
  /^ {0,3}\[(?!\^)(?:[^\]\\]|\\[\s\S]){1,999}\]:[ \t]*\n?[ \t]*(?:<[^>\n]*>|\S+)(?:[ \t]*\n?[ \t]*(?:"(?:[^"\\]|\\[\s\S]){0,10000}"|'(?:[^'\\]|\\[\s\S]){0,10000}'|\((?:[^()\\]|\\[\s\S]){0,10000}\)))?[ \t]*$\n?/gm;

/** Returns `text` without the parts a reader of the rendered markdown cannot see. */
export function removeHiddenMarkup(text: string): string {
  let out = text.replace(HTML_COMMENT, '');
  out = out.replace(NON_RENDERED, '');
  out = removeHiddenElements(out);
  out = out.replace(MARKDOWN_IMAGE, IMAGE_PLACEHOLDER);
  out = out.replace(REFERENCE_DEFINITION, '');
  out = out.replace(LINK_TITLE, '$1)');
  out = out.replace(OPEN_TAG, (_tag, name: string, attributes: string) => {
    if (name.toLowerCase() === 'img') return IMAGE_PLACEHOLDER;
    return `<${name}${attributes.replace(INVISIBLE_ATTRIBUTE, '')}>`;
  });
  return out;
}

/** Removes every element whose attributes hide it, with its content (to the end if unclosed). */
function removeHiddenElements(text: string): string {
  const tags = new RegExp(OPEN_TAG.source, 'g');
  let out = '';
  let cursor = 0;
  for (let m = tags.exec(text); m; m = tags.exec(text)) {
    if (!HIDING_ATTRIBUTE.test(m[2] ?? '')) continue;
    const name = (m[1] ?? '').toLowerCase();
    const openEnd = m.index + m[0].length;
    out += text.slice(cursor, m.index);
    cursor = VOID_ELEMENTS.has(name) || m[0].endsWith('/>') ? openEnd : findClosingTag(text, name, openEnd);
    tags.lastIndex = cursor;
  }
  return out + text.slice(cursor);
}

/** Index just past the `</name>` that balances an opening tag ending at `from`, or the text's end. */
function findClosingTag(text: string, name: string, from: number): number {
  const tags = new RegExp(String.raw`<(/?)${name}(?:${ATTRIBUTES}\s*\/?|\s*)>`, 'gi');
  tags.lastIndex = from;
  let depth = 1;
  for (let m = tags.exec(text); m; m = tags.exec(text)) {
    if (m[0].endsWith('/>')) continue;
    depth += m[1] === '/' ? -1 : 1;
    if (depth === 0) return m.index + m[0].length;
  }
  return text.length;
}
