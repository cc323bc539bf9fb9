/**
 * The raw-HTML half of published-markdown rewriting: tags that load or link to a URL outside the
 * repository's GitHub server are dropped (their text content stays), and mentions in the text
 * between tags are neutralised, since GitHub still turns `@user` inside an HTML block into a ping.
 */
import { neutraliseMentionsInMarkdownText } from './mentions.js';

export interface HtmlRewriteOptions {
  isAllowedUrl: (url: string) => boolean;
  neutraliseMentions: boolean;
}

// Tags as CommonMark recognises raw HTML (linear to match); anything else is text.
const ATTRIBUTES = String.raw`(?:\s+[a-zA-Z_:][a-zA-Z0-9_.:-]*(?:\s*=\s*(?:[^\s"'=<>\x60]+|'[^']*'|"[^"]*"))?)*`;
const PIECES = new RegExp(
  String.raw`<!--[\s\S]*?(?:-->|$)|<[a-zA-Z][a-zA-Z0-9-]*${ATTRIBUTES}\s*\/?>|<\/[a-zA-Z][a-zA-Z0-9-]*\s*>|[^<]+|<`,
  'g',
);
// Any URL-bearing attribute, wherever it is: used to catch tags a browser would still build from
// markup the tag grammar above did not accept (`<img src=x <b>`).
const ANY_URL_ATTRIBUTE =
  /\b(?:src|href|srcset|poster|background|action|formaction|data|cite|xlink:href|ping)\s*=/i;
const URL_ATTRIBUTE =
  /(?:^|\s)(?:href|src|srcset|poster|background|action|formaction|data|cite|longdesc|lowsrc|dynsrc|xlink:href|ping|manifest|codebase|archive|icon)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi;
const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  colon: ':',
  sol: '/',
  bsol: '\\',
  period: '.',
  commat: '@',
  num: '#',
  quest: '?',
  equals: '=',
  percnt: '%',
  Tab: '\t',
  NewLine: '\n',
};

/**
 * Rewrites one raw HTML fragment from a markdown document. Fails closed: if a URL attribute is
 * left outside any tag we could parse, the whole fragment is dropped.
 */
export function rewriteHtml(html: string, options: HtmlRewriteOptions): string {
  let out = '';
  let unparsedUrl = false;
  for (const match of html.matchAll(PIECES)) {
    const piece = match[0];
    if (piece.startsWith('<!--')) out += piece;
    else if (piece.startsWith('<') && piece.length > 1)
      out += keepTag(piece, options) ? piece : placeholder(piece);
    else {
      if (ANY_URL_ATTRIBUTE.test(piece)) unparsedUrl = true;
      out += options.neutraliseMentions
        ? neutraliseMentionsInMarkdownText(html, match.index, match.index + piece.length)
        : piece;
    }
  }
  return unparsedUrl ? '' : out;
}

function keepTag(tag: string, options: HtmlRewriteOptions): boolean {
  // CSS can load URLs too (`background: url(…)`); GitHub strips style, but do not rely on it.
  if (/\bstyle\s*=[^>]*url\s*\(/i.test(tag)) return false;
  for (const attribute of tag.matchAll(URL_ATTRIBUTE)) {
    const value = decodeEntities(attribute[1] ?? attribute[2] ?? attribute[3] ?? '');
    if (value === undefined) return false;
    const isSrcset = /^\s*srcset/i.test(attribute[0]);
    const urls = isSrcset
      ? value.split(',').map((candidate) => candidate.trim().split(/\s+/)[0] ?? '')
      : [value];
    if (!urls.every((url) => options.isAllowedUrl(url))) return false;
  }
  return true;
}

function placeholder(tag: string): string {
  return /^<(?:img|picture|source|video|audio|image)\b/i.test(tag) ? '[image removed]' : '';
}

/** Decodes the entities a browser would decode in an attribute; undefined if unsure (fail closed). */
export function decodeEntities(value: string): string | undefined {
  let unknown = false;
  const decoded = value.replace(
    /&(?:#[xX]([0-9a-fA-F]{1,8})|#([0-9]{1,10})|([a-zA-Z][a-zA-Z0-9]*));?/g,
    (entity, hex, dec, name) => {
      if (hex !== undefined || dec !== undefined) {
        const codePoint = hex !== undefined ? Number.parseInt(hex, 16) : Number(dec);
        return codePoint > 0 && codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : '\uFFFD';
      }
      const known = NAMED_ENTITIES[name as string];
      if (known !== undefined) return known;
      // `&b=2` in a query string is not an entity; `&foo;` might be one we do not know.
      if (entity.endsWith(';')) unknown = true;
      return entity;
    },
  );
  return unknown ? undefined : decoded;
}
