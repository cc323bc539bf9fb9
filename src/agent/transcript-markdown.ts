/**
 * Renders the event log as Markdown for the pull-request body, the tracking comment and the job
 * summary: a collapsed `<details>` block with a one-line summary and a table row per tool call,
 * fitted under a size limit (GitHub refuses bodies over its body limit). When rows must go,
 * the first and last calls are kept and a row says how many were left out and where the full
 * log is.
 */
import { GITHUB_BODY_LIMIT } from '../limits.js';
import type { ToolStatus } from '../tools/tool.js';
import type { TranscriptRecord } from './transcript.js';

export interface TranscriptMarkdownOptions {
  /** The result is shorter than this. Default GitHub's body limit; pass less when it shares a body. */
  maxChars?: number;
  /** Where the whole log can be found, e.g. "the job summary and `transcript.jsonl`". */
  fullLogPointer?: string;
  /** Render the block expanded (the job summary). */
  open?: boolean;
}

const STATUS_LABEL: Record<ToolStatus, string> = {
  ok: '✅ ok',
  error: '❌ error',
  skipped: '⏭️ skipped',
  denied: '🚫 denied',
};

/** Turns transcript records into a Markdown `<details>` block. */
export function renderTranscriptMarkdown(
  records: readonly TranscriptRecord[],
  options: TranscriptMarkdownOptions = {},
): string {
  const maxChars = options.maxChars ?? GITHUB_BODY_LIMIT;
  const pointer = options.fullLogPointer ?? 'the full transcript';
  const calls = records.flatMap((r) => (r.type === 'tool-call' ? [r] : []));
  const head =
    `<details${options.open ? ' open' : ''}>\n<summary>${summaryLine(records)}</summary>\n\n` +
    '| # | tool | arguments | status | time | result |\n|---:|---|---|---|---:|---|\n';
  const tail = calls.length === 0 ? '_No tool calls._\n\n</details>\n' : '\n</details>\n';
  const rows = calls.map(
    (c) =>
      `| ${c.turn}.${c.index + 1} | \`${c.name}\` | ${code(formatArguments(c.arguments), 120)} | ${STATUS_LABEL[c.status]} | ${formatDuration(c.durationMs)} | ${code(c.excerpt, 100)} |\n`,
  );
  const whole = head + rows.join('') + tail;
  if (whole.length < maxChars) return whole;
  return fitRows(head, rows, tail, maxChars, pointer);
}

function fitRows(head: string, rows: string[], tail: string, maxChars: number, pointer: string): string {
  const omittedRow = (n: number) => `| … | | _${n} calls omitted here; see ${escapeCell(pointer)}_ | | | |\n`;
  const budget = maxChars - 1 - head.length - tail.length - omittedRow(rows.length).length;
  if (budget <= 0) return `${head}${omittedRow(rows.length)}${tail}`.slice(0, Math.max(0, maxChars - 1));
  const first: string[] = [];
  const last: string[] = [];
  let used = 0;
  for (let i = 0; i < rows.length && used + rows[i]!.length <= budget / 2; i++) {
    first.push(rows[i]!);
    used += rows[i]!.length;
  }
  for (let i = rows.length - 1; i >= first.length && used + rows[i]!.length <= budget; i--) {
    last.unshift(rows[i]!);
    used += rows[i]!.length;
  }
  const omitted = rows.length - first.length - last.length;
  return head + first.join('') + omittedRow(omitted) + last.join('') + tail;
}

function summaryLine(records: readonly TranscriptRecord[]): string {
  let turns = 0;
  let tokens = 0;
  let prompt = 0;
  let cached = 0;
  let cost: number | undefined;
  let calls = 0;
  let failed = 0;
  let retries = 0;
  let reason: string | undefined;
  for (const r of records) {
    if (r.type === 'turn') {
      turns += 1;
      tokens += r.tokensIn + r.tokensOut;
      prompt += r.tokensIn;
      cached += r.tokensCached ?? 0;
    } else if (r.type === 'tool-call') {
      calls += 1;
      if (r.status === 'error' || r.status === 'denied') failed += 1;
    } else if (r.type === 'retry') retries += 1;
    else if (r.type === 'agent-end') {
      reason = r.reason;
      // One agent-end per agent call (a CI fix round adds one), so costs add up.
      if (r.costUsd !== undefined) cost = (cost ?? 0) + r.costUsd;
    }
  }
  const parts = [
    `${turns} ${turns === 1 ? 'turn' : 'turns'}`,
    `${calls} tool ${calls === 1 ? 'call' : 'calls'}${failed > 0 ? ` (${failed} failed)` : ''}`,
    `${tokens.toLocaleString('en-US')} tokens`,
    ...(cached > 0
      ? [`${cached.toLocaleString('en-US')} cached (${Math.round((100 * cached) / prompt)}% of prompt)`]
      : []),
    ...(cost !== undefined ? [`$${cost.toFixed(4)}`] : []),
    ...(retries > 0 ? [`${retries} ${retries === 1 ? 'retry' : 'retries'}`] : []),
    ...(reason ? [`stopped: ${reason}`] : []),
  ];
  return `Agent transcript: ${escapeHtml(parts.join(', '))}`;
}

/** `{"path":"a.ts","content":"…long…"}` → `path: a.ts, content: (1,234 chars)`. */
export function formatArguments(raw: string): string {
  let args: unknown;
  try {
    args = JSON.parse(raw);
  } catch {
    return raw;
  }
  if (args === null || typeof args !== 'object' || Array.isArray(args)) return raw;
  return Object.entries(args)
    .map(([key, value]) => {
      const text = typeof value === 'string' ? value : JSON.stringify(value);
      const short = text.length > 60 ? `(${text.length.toLocaleString('en-US')} chars)` : text;
      return `${key}: ${short}`;
    })
    .join(', ');
}

/** `1234` → `1.2 s`, `85` → `85 ms` (shared with the local runner's progress lines). */
export function formatDuration(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** One line, HTML-escaped, pipes defused, inside `<code>` (backticks cannot be escaped in cells). */
function code(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (!line) return '';
  const cut = line.length > max ? `${line.slice(0, max - 1)}…` : line;
  return `<code>${escapeCell(cut)}</code>`;
}

function escapeCell(text: string): string {
  return escapeHtml(text).replace(/\|/g, '&#124;');
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
