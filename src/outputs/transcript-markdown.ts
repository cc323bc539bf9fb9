/**
 * Renders the event log as Markdown for the pull-request body, the tracking comment and the job
 * summary: a collapsed `<details>` block with a one-line summary and a narrow table (what,
 * result, time) that reads on a phone: a row per tool call, and before a turn's calls the
 * model's own words of that turn, short, where it said something. Fitted under a size limit
 * (GitHub refuses bodies over its body limit): when rows must go, the first and last are kept
 * and a row says how many were left out and where the full log is. Turns, tokens and cost are
 * not repeated here: the surfaces' footer states them once.
 */

import type { TranscriptRecord } from '../agent/transcript.js';
import { GITHUB_BODY_LIMIT } from '../limits.js';
import type { ToolStatus } from '../tools/tool.js';

export interface TranscriptMarkdownOptions {
  /** The result is shorter than this. Default GitHub's body limit; pass less when it shares a body. */
  maxChars?: number;
  /** Where the whole log can be found, e.g. "the job summary and `transcript.jsonl`". */
  fullLogPointer?: string;
  /** Render the block expanded (the job summary). */
  open?: boolean;
}

const STATUS_ICON: Record<ToolStatus, string> = {
  ok: '✅',
  error: '❌',
  skipped: '⏭️',
  denied: '🚫',
};

/** Longest narration, "what" and result shown in a cell; the full log has the rest. */
const NARRATION_CHARS = 160;
const WHAT_CHARS = 60;
const RESULT_CHARS = 60;

/** Turns transcript records into a Markdown `<details>` block. */
export function renderTranscriptMarkdown(
  records: readonly TranscriptRecord[],
  options: TranscriptMarkdownOptions = {},
): string {
  const maxChars = options.maxChars ?? GITHUB_BODY_LIMIT;
  const pointer = options.fullLogPointer ?? 'the full transcript';
  const open = `<details${options.open ? ' open' : ''}>\n<summary>${summaryLine(records)}</summary>\n\n`;
  const rows = tableRows(records);
  if (rows.length === 0) return `${open}The agent made no tool calls.\n\n</details>\n`;
  const head = `${open}| what | result | time |\n|---|---|--:|\n`;
  const tail = '\n</details>\n';
  const whole = head + rows.join('') + tail;
  if (whole.length < maxChars) return whole;
  return fitRows(head, rows, tail, maxChars, pointer);
}

/** A narration row before each turn's calls (when the model wrote something), then a row per call. */
function tableRows(records: readonly TranscriptRecord[]): string[] {
  const rows: string[] = [];
  for (const r of records) {
    if (r.type === 'turn' && r.toolCalls > 0) {
      const said = narration(r.text);
      if (said) rows.push(`| 💬 ${said} | | |\n`);
    } else if (r.type === 'tool-call') {
      rows.push(
        `| \`${r.name}\` ${code(callTarget(r.name, r.arguments), WHAT_CHARS)} | ${resultCell(r)} | ${formatDuration(r.durationMs)} |\n`,
      );
    }
  }
  return rows;
}

/** The model's words of a turn: its first paragraph, one line, short, as escaped text. */
function narration(text: string): string {
  const first =
    text
      .trim()
      .split(/\n\s*\n/)[0]
      ?.replace(/\s+/g, ' ')
      .trim() ?? '';
  if (!first) return '';
  const cut = first.length > NARRATION_CHARS ? `${first.slice(0, NARRATION_CHARS - 1)}…` : first;
  // Escaped as text: the model's markdown must not make a heading, a link or a new cell here.
  return `_${escapeCell(cut.replace(/([\\`*_[\]#~])/g, '\\$1'))}_`;
}

/** What a call acted on: the command, the path, the pattern, else its arguments in short. */
function callTarget(name: string, raw: string): string {
  try {
    const args = JSON.parse(raw) as Record<string, unknown>;
    if (name === 'apply_patch' && typeof args['patch'] === 'string') {
      const files = [...args['patch'].matchAll(/^\*\*\* (?:Add|Update|Delete) File: (.+)$/gm)].map(
        (m) => m[1],
      );
      if (files.length > 0) return files.join(', ');
    }
    const key = ['command', 'path', 'pattern', 'file', 'query'].find((k) => typeof args[k] === 'string');
    if (key) return String(args[key]);
  } catch {
    // Not JSON: the raw text, shortened, says what the model sent.
  }
  return formatArguments(raw);
}

/** The status icon, and for anything but a plain read the first line of what came back. */
function resultCell(call: Extract<TranscriptRecord, { type: 'tool-call' }>): string {
  const icon = STATUS_ICON[call.status];
  if (call.status === 'ok' && call.readOnly) return icon;
  const line = call.excerpt.split('\n').find((l) => l.trim() !== '') ?? '';
  return line ? `${icon} ${code(line, RESULT_CHARS)}` : icon;
}

function fitRows(head: string, rows: string[], tail: string, maxChars: number, pointer: string): string {
  const omittedRow = (n: number) => `| … _${n} rows omitted here; see ${escapeCell(pointer)}_ | | |\n`;
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

/** `5 tool calls (1 failed, 2 refused) · 1 retry · stopped: max-cost`. */
function summaryLine(records: readonly TranscriptRecord[]): string {
  let calls = 0;
  let failed = 0;
  let refused = 0;
  let retries = 0;
  let reason: string | undefined;
  for (const r of records) {
    if (r.type === 'tool-call') {
      calls += 1;
      if (r.status === 'error') failed += 1;
      if (r.status === 'denied') refused += 1;
    } else if (r.type === 'retry') retries += 1;
    else if (r.type === 'agent-end') reason = r.reason;
  }
  const problems = [
    ...(failed > 0 ? [`${failed} failed`] : []),
    ...(refused > 0 ? [`${refused} refused`] : []),
  ];
  const parts = [
    `${calls === 0 ? 'no' : calls} tool ${calls === 1 ? 'call' : 'calls'}${problems.length > 0 ? ` (${problems.join(', ')})` : ''}`,
    ...(retries > 0 ? [`${retries} model ${retries === 1 ? 'retry' : 'retries'}`] : []),
    ...(reason && reason !== 'done' ? [`stopped: ${reason}`] : []),
  ];
  return `Transcript: ${escapeHtml(parts.join(' · '))}`;
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
