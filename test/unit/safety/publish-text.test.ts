import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Nodes, Parents } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import { GITHUB_BODY_LIMIT } from '../../../src/limits.js';
import { createUrlPolicy, fitMarkdown, preparePublishedMarkdown } from '../../../src/safety/publish-text.js';
import { createRedactor } from '../../../src/safety/redact.js';
import { hostileTexts as corpus } from '../../helpers/hostile-texts.js';

const { SECRET, TOKEN, API_KEY } = corpus.secrets;
const serverUrl = 'https://github.com';
const redact = createRedactor([SECRET, TOKEN, API_KEY]);
const publish = (text: string, maxChars?: number): string =>
  preparePublishedMarkdown(text, { serverUrl, redact, ...(maxChars === undefined ? {} : { maxChars }) });

const parse = (markdown: string) =>
  fromMarkdown(markdown, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
const MENTION = /(?<![A-Za-z0-9_.+-])(?:@|&#0*64;|&#[xX]0*40;|&commat;)[A-Za-z0-9]/;
const HTML_URL = /\b(?:src|href|srcset|poster|background)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi;

/**
 * Checks what GitHub would render from `markdown`, independently of the code under test: every
 * image, link and definition stays on the server (e-mail autolinks aside), and no mention is
 * left outside code (`<code>` elements included).
 */
function assertRendersSafely(markdown: string, context: string): void {
  const allowed = createUrlPolicy(serverUrl);
  const tree = parse(markdown);
  const definitions = new Map<string, string>();
  const collect = (node: Nodes): void => {
    if (node.type === 'definition') definitions.set(node.identifier, node.url);
    if ('children' in node) for (const child of (node as Parents).children) collect(child);
  };
  collect(tree);
  let prose = markdown;
  const blank = (start = 0, end = 0) => {
    prose = prose.slice(0, start) + ' '.repeat(end - start) + prose.slice(end);
  };
  const visit = (node: Nodes): void => {
    const where = `${context}: ${node.type} in ${JSON.stringify(markdown)}`;
    switch (node.type) {
      case 'image':
      case 'link':
      case 'definition':
        if (!node.url.startsWith('mailto:')) assert.ok(allowed(node.url), `${where} → ${node.url}`);
        break;
      case 'imageReference':
      case 'linkReference':
        assert.ok(allowed(definitions.get(node.identifier) ?? ''), where);
        break;
      case 'html':
        for (const m of node.value.matchAll(HTML_URL)) {
          for (const url of (m[1] ?? m[2] ?? m[3] ?? '').split(',')) {
            assert.ok(allowed(url.trim().split(/\s+/)[0] ?? ''), `${where} → ${url}`);
          }
        }
        break;
      case 'code':
      case 'inlineCode':
        blank(node.position?.start.offset, node.position?.end.offset);
        return;
    }
    if ('children' in node) for (const child of (node as Parents).children) visit(child);
  };
  visit(tree);
  prose = prose.replace(/<code>[\s\S]*?<\/code>/g, ' ').replace(/\]\([^)]*\)/g, ' ');
  assert.doesNotMatch(prose, MENTION, `${context}: bare mention in ${JSON.stringify(markdown)}`);
}

describe('preparePublishedMarkdown on the hostile corpus (published path)', () => {
  for (const entry of corpus.entries) {
    it(entry.id, () => {
      const out = publish(entry.text);
      for (const needle of entry.published?.absent ?? []) {
        assert.ok(!out.includes(needle), `${JSON.stringify(needle)} survived: ${JSON.stringify(out)}`);
      }
      for (const needle of entry.published?.present ?? []) {
        assert.ok(out.includes(needle), `${JSON.stringify(needle)} lost: ${JSON.stringify(out)}`);
      }
      for (const secret of [SECRET, TOKEN, API_KEY]) assert.ok(!out.includes(secret));
      assert.doesNotMatch(
        out,
        /[\p{Default_Ignorable_Code_Point}\u{E0000}-\u{E007F}\u202A-\u202E\u2066-\u2069]/u,
      );
      assertRendersSafely(out, entry.id);
      assert.equal(publish(out), out, 'publishing is idempotent');
    });
  }

  it('the whole corpus as one model answer, fitted to many sizes, stays safe', () => {
    const all = corpus.entries.map((entry) => entry.text).join('\n\n');
    for (let maxChars = 200; maxChars < all.length + 200; maxChars += 401) {
      const out = publish(all, maxChars);
      assert.ok(out.length <= maxChars, `${out.length} > ${maxChars}`);
      assertRendersSafely(out, `max ${maxChars}`);
    }
  });
});

describe('preparePublishedMarkdown', () => {
  it('keeps ordinary model output as written', () => {
    const text =
      '## Summary\n\nFixed the off-by-one in `src/range.ts` (see [#12](https://github.com/o/r/issues/12)).\n\n' +
      '```diff\n- for (let i = 0; i <= n; i++)\n+ for (let i = 0; i < n; i++)\n```\n\n' +
      '- [x] tests pass\n\n<details><summary>Log</summary>\n\nok\n</details>\n\nContact: dev@example.com';
    assert.equal(publish(text), text);
  });

  it('keeps links to a GitHub Enterprise server and drops github.com ones there', () => {
    const out = preparePublishedMarkdown('[a](https://ghe.corp.example/o/r) [b](https://github.com/o/r)', {
      serverUrl: 'https://ghe.corp.example/',
      redact,
    });
    assert.equal(out, '[a](https://ghe.corp.example/o/r) b');
  });

  it('can leave mentions alone for text the action wrote itself', () => {
    const out = preparePublishedMarkdown('Triggered by @alice', {
      serverUrl,
      redact,
      neutraliseMentions: false,
    });
    assert.equal(out, 'Triggered by @alice');
  });

  it('fits GitHub’s body limit by default, counting everything dropped', () => {
    const out = publish(`${'word '.repeat(30_000)}`);
    assert.ok(out.length <= GITHUB_BODY_LIMIT);
    const dropped = Number(/\[truncated (\d+) chars\]$/.exec(out)?.[1]);
    assert.equal(out.length - `\n\n[truncated ${dropped} chars]`.length + dropped, 150_000);
  });

  it('a cut through a neutralised mention never exposes it', () => {
    const text = Array.from({ length: 400 }, (_, i) => `@user${i}`).join(' ');
    for (let maxChars = 150; maxChars < 600; maxChars += 19) {
      const out = publish(text, maxChars);
      assert.ok(out.length <= maxChars);
      assertRendersSafely(out, `max ${maxChars}`);
    }
  });

  it('survives pathological markdown', { timeout: 60_000 }, () => {
    for (const input of [
      '<a '.repeat(3_000),
      '[x]('.repeat(2_000),
      '!['.repeat(3_000),
      '@a '.repeat(5_000),
    ]) {
      assertRendersSafely(publish(input), input.slice(0, 10));
    }
  });
});

describe('fitMarkdown', () => {
  it('returns text that fits unchanged', () => {
    assert.equal(fitMarkdown('short', 10), 'short');
  });

  it('closes a code fence it cuts through and keeps the note outside it', () => {
    const text = `Intro\n\n\`\`\`\`ts\n${'const x = 1;\n'.repeat(200)}\`\`\`\`\n\nOutro`;
    const out = fitMarkdown(text, 500);
    assert.ok(out.length <= 500);
    const tree = parse(out);
    const last = tree.children.at(-1);
    assert.equal(last?.type, 'paragraph');
    assert.match(out, /\n````\n\n\[truncated \d+ chars\]$/);
    assert.equal(tree.children.filter((node) => node.type === 'code').length, 1);
  });

  it('closes a tilde fence and an HTML comment', () => {
    assert.match(fitMarkdown(`~~~\n${'a\n'.repeat(300)}~~~`, 200), /\n~~~\n\n\[truncated \d+ chars\]$/);
    assert.match(fitMarkdown(`x <!-- ${'b'.repeat(400)} -->`, 200), / -->\n\n\[truncated \d+ chars\]$/);
  });

  it('counts what it dropped and stays within the limit for any size', () => {
    const text = Array.from({ length: 300 }, (_, i) => (i % 7 === 0 ? '```' : `line ${i} 😀`)).join('\n');
    for (let maxChars = 130; maxChars < text.length; maxChars += 53) {
      const out = fitMarkdown(text, maxChars);
      assert.ok(out.length <= maxChars, `${out.length} > ${maxChars}`);
      const dropped = Number(/\[truncated (\d+) chars\]$/.exec(out)?.[1]);
      assert.ok(text.startsWith(out.slice(0, text.length - dropped).replace(/\n```$/, '')));
      assert.doesNotMatch(out, /[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
      const last = parse(out).children.at(-1);
      assert.equal(last?.type, 'paragraph', `note inside code at ${maxChars}`);
    }
  });
});
