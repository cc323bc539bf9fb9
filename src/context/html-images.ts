/**
 * The images of a rendered issue or comment (`body_html`, which GitHub returns for the
 * `application/vnd.github.full+json` media type): each `<img>` with its address and alt text.
 * GitHub's renderer writes well-formed tags, so a tag pattern is enough; emoji images are not
 * the author's pictures and are left out. Pure.
 */
import { decodeEntities } from '../safety/html-rewrite.js';

/** One `<img>` of the body. */
export interface HtmlImage {
  src: string;
  alt: string;
}

const IMG = /<img\b([^>]*)>/gi;
const ATTRIBUTE = /([a-zA-Z_:][-a-zA-Z0-9_:.]*)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/g;

/** The images of `html`, in document order, each address once. */
export function imagesInHtml(html: string): HtmlImage[] {
  const seen = new Set<string>();
  const out: HtmlImage[] = [];
  for (const tag of html.matchAll(IMG)) {
    const attributes = new Map<string, string>();
    for (const a of tag[1]!.matchAll(ATTRIBUTE)) {
      attributes.set(a[1]!.toLowerCase(), decodeEntities(a[2] ?? a[3] ?? a[4] ?? '') ?? '');
    }
    const src = attributes.get('src') ?? '';
    if (!src || /\bemoji\b/.test(attributes.get('class') ?? '') || seen.has(src)) continue;
    seen.add(src);
    out.push({ src, alt: attributes.get('alt') ?? '' });
  }
  return out;
}
