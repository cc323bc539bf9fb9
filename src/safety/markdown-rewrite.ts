/**
 * Rewrites model-written markdown before it is published, using a GFM parser so that only what
 * GitHub would render is touched: images and links pointing outside the repository's own GitHub
 * server are removed (markdown written by a model is the classic exfiltration channel: an image
 * URL is fetched as soon as the comment is viewed) and mentions are neutralised so the bot cannot
 * be made to ping people. Code blocks and code spans are left exactly as written.
 */
import type { Nodes, Parents } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import { rewriteHtml } from './html-rewrite.js';
import { codeSpanWrapper, neutraliseMentionsInMarkdownText } from './mentions.js';

export interface RewriteOptions {
  /** Whether a URL (already entity-decoded) may stay: true for the repository's GitHub server. */
  isAllowedUrl: (url: string) => boolean;
  neutraliseMentions: boolean;
}

interface Edit {
  start: number;
  end: number;
  text: string;
}

/** Placeholder left where an external image was, so a reader knows something was dropped. */
export const IMAGE_REMOVED = '[image removed]';

/** Applies the link, image and mention rules to `markdown`; see the module comment. */
export function rewritePublishedMarkdown(markdown: string, options: RewriteOptions): string {
  const tree = fromMarkdown(markdown, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
  const definitions = new Map<string, string>();
  collectDefinitions(tree, definitions);
  const edits: Edit[] = [];
  // Code spans pair backtick runs of equal length within one paragraph (or heading, or cell).
  let fenceLength = 1;
  const visit = (node: Nodes): void => {
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    if (start === undefined || end === undefined) return;
    if (node.type === 'paragraph' || node.type === 'heading' || node.type === 'tableCell') {
      fenceLength = longestBacktickRun(markdown.slice(start, end)) + 1;
    }
    switch (node.type) {
      case 'code':
      case 'inlineCode':
        return;
      case 'image':
      case 'imageReference': {
        const url = node.type === 'image' ? node.url : definitions.get(node.identifier);
        if (url === undefined || !options.isAllowedUrl(url)) edits.push({ start, end, text: IMAGE_REMOVED });
        return;
      }
      case 'definition':
        if (!options.isAllowedUrl(node.url)) edits.push({ start, end, text: '' });
        return;
      case 'link':
      case 'linkReference': {
        const url = node.type === 'link' ? node.url : definitions.get(node.identifier);
        if (url !== undefined && (options.isAllowedUrl(url) || isPlainEmail(node, url))) break;
        if (unlink(markdown, node, { start, end, fenceLength }, edits)) return;
        break;
      }
      case 'html':
        edits.push({ start, end, text: rewriteHtml(markdown.slice(start, end), options) });
        return;
      case 'text':
        if (options.neutraliseMentions) {
          const rewritten = neutraliseMentionsInMarkdownText(
            markdown,
            start,
            end,
            codeSpanWrapper(fenceLength),
          );
          if (rewritten !== markdown.slice(start, end)) edits.push({ start, end, text: rewritten });
        }
        return;
    }
    if ('children' in node) for (const child of (node as Parents).children) visit(child);
  };
  visit(tree);
  return applyEdits(markdown, edits);
}

/**
 * Removes a link's syntax and keeps its text. When the text would be autolinked again (a bare
 * URL, `www.`, an address) it becomes a code span instead, which GitHub never links. Returns
 * true when the whole node was replaced (so its children need no visit).
 */
function unlink(
  markdown: string,
  node: Parents,
  { start, end, fenceLength }: { start: number; end: number; fenceLength: number },
  edits: Edit[],
): boolean {
  const first = node.children[0]?.position?.start.offset;
  const last = node.children.at(-1)?.position?.end.offset;
  if (first === undefined || last === undefined) {
    edits.push({ start, end, text: '' });
    return true;
  }
  const inner = markdown.slice(first, last);
  if (first === start || /[a-z][a-z0-9+.-]*:|www\.|@|\.[a-z]{2,}\b/i.test(inner)) {
    const span = codeSpan(inner, fenceLength);
    const before = markdown[start - 1] === '`' || markdown[start - 1] === '\\' ? ' ' : '';
    edits.push({ start, end, text: `${before}${span}${markdown[end] === '`' ? ' ' : ''}` });
    return true;
  }
  edits.push({ start, end: first, text: '' }, { start: last, end, text: '' });
  return false;
}

/** A GFM email autolink (`a@b.org` → `mailto:a@b.org`) is not an exfiltration channel. */
function isPlainEmail(node: Parents, url: string): boolean {
  const only = node.children.length === 1 ? node.children[0] : undefined;
  return only?.type === 'text' && url === `mailto:${only.value}` && !/[?&]/.test(url);
}

function longestBacktickRun(text: string): number {
  let longest = 0;
  for (const run of text.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  return longest;
}

/**
 * Wraps text in a code span whose fence is longer than any backtick run inside it and at least
 * `minFence` long (longer than any run in the paragraph, so nothing else can pair with it).
 */
export function codeSpan(text: string, minFence = 1): string {
  const fence = '`'.repeat(Math.max(minFence, longestBacktickRun(text) + 1));
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${text.replace(/\n/g, ' ')}${pad}${fence}`;
}

function collectDefinitions(node: Nodes, into: Map<string, string>): void {
  if (node.type === 'definition' && !into.has(node.identifier)) into.set(node.identifier, node.url);
  if ('children' in node) for (const child of (node as Parents).children) collectDefinitions(child, into);
}

function applyEdits(text: string, edits: Edit[]): string {
  let out = '';
  let cursor = 0;
  for (const edit of [...edits].sort((a, b) => a.start - b.start || a.end - b.end)) {
    if (edit.start < cursor) continue;
    out += text.slice(cursor, edit.start) + edit.text;
    cursor = edit.end;
  }
  return out + text.slice(cursor);
}
