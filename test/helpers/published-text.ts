/**
 * Reading what the action published the way a maintainer reads it on GitHub: the first line (the
 * outcome's icon and words), the footer (model, duration, turns, tokens, requester, the run), the
 * markup a text would render to (no HTML from an error page, no stray heading, every code fence
 * closed, within GitHub's body limit), and a patch in a fenced block.
 */
import assert from 'node:assert/strict';
import { GITHUB_BODY_LIMIT } from '../../src/limits.js';
import { openFence } from '../../src/safety/fit-markdown.js';

/** The first line of `text`; a job summary's heading is read as the line it is. */
export function firstLine(text: string): string {
  const line = text.split('\n')[0] ?? '';
  return line.startsWith('## ') ? `${line.slice(3).replace(/^(\S+) (.*?)( — .*)?$/, '$1 **$2**$3')}` : line;
}

/** The last line a reader sees in `text` (the footer): a review's hidden marker after it is skipped. */
export function lastLine(text: string): string {
  const lines = text.trimEnd().split('\n');
  while (lines.length > 1 && /^<!-- agent-action:[a-z]+ .* -->$/.test(lines.at(-1) ?? '')) {
    lines.pop();
    while (lines.length > 1 && lines.at(-1) === '') lines.pop();
  }
  return lines.at(-1) ?? '';
}

/**
 * Asserts the footer ends `text`: the model, a duration, the turns and tokens (each once in the
 * whole text), who asked, and a link to run 4242; `cost` when the model has a price.
 */
export function assertFooter(
  text: string,
  expected: { model?: string; turns: number; requester?: string; cost?: RegExp },
): void {
  const footer = lastLine(text);
  const model = (expected.model ?? 'fake-model').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  assert.match(
    footer,
    new RegExp(
      `^<sub>\`${model}\` · (\\d+s|\\d+m \\d+s) · ${expected.turns} turns? · [\\d,]+ tokens( \\([^)]*\\))?`,
    ),
    footer,
  );
  if (expected.requester)
    assert.match(footer, new RegExp(` · requested by \`+@${expected.requester}\`+ · `), footer);
  if (expected.cost) assert.match(footer, expected.cost, footer);
  else assert.doesNotMatch(footer, /\$/, 'no cost without a price');
  assert.match(
    footer,
    /· \[run log\]\(http:\/\/127\.0\.0\.1:\d+\/Codertocat\/Hello-World\/actions\/runs\/4242\)<\/sub>$/,
  );
  const turns = new RegExp(`\\b${expected.turns} turns?\\b`, 'g');
  assert.equal(text.match(turns)?.length, 1, 'the turns are stated once');
  assert.doesNotMatch(text, /cost unknown|no price for the model/, 'no nagging about an unknown cost');
}

/** Markup a reader would see rendered from `text` outside code: raw HTML blocks and headings. */
function renderedMarkup(text: string): string[] {
  const found: string[] = [];
  let inFence: string | undefined;
  // A job summary's first line is its heading; any other is someone's markup.
  for (const line of text.split('\n').slice(1)) {
    const fence = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence && (inFence === undefined || (fence[0] === inFence[0] && fence.length >= inFence.length))) {
      inFence = inFence === undefined ? fence : undefined;
      continue;
    }
    if (inFence !== undefined) continue;
    const quoted = line.replace(/^(?:\s{0,3}>\s?)+/, '');
    if (/^\s{0,3}#{1,2}\s/.test(quoted)) found.push(line);
    if (/<\/?(?:html|head|body|title|h[1-6]|center|hr|script|style)\b/i.test(quoted)) found.push(line);
  }
  return found;
}

/**
 * Asserts `text` renders as the action meant it: within GitHub's limit, every code fence closed,
 * no HTML from someone's error page and no heading but the action's own `###` sections.
 */
export function assertWellFormed(text: string): void {
  assert.ok(text.length <= GITHUB_BODY_LIMIT, `${text.length} characters`);
  assert.equal(openFence(text), undefined, 'every code fence is closed');
  assert.deepEqual(renderedMarkup(text), [], 'no raw HTML page or heading in what GitHub renders');
}

/** The patch in the first ```diff block of `text`. */
export function patchIn(text: string): string {
  const match = /^(`{3,})diff\n([\s\S]*?)\n\1$/m.exec(text);
  assert.ok(match, 'a patch in a diff block');
  return `${match[2]}\n`;
}
