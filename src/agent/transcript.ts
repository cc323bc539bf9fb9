/**
 * The run's event log: one JSON object per line in a file under `RUNNER_TEMP` (the
 * `transcript-path` output). Every string passes through the redactor before it is written, so
 * the file can be uploaded or quoted without leaking a secret. Lines are appended synchronously:
 * the log is complete up to the last event even if the job is killed.
 */
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ImageEntry, InstructionFileEntry } from '../context/context-report.js';
import { TRANSCRIPT_FIELD_CHARS } from '../limits.js';
import type { TokenUsage } from '../llm/token-usage.js';
import type { ToolStatus } from '../tools/tool.js';

/** Everything the log records, as a discriminated union on `type`. */
export type TranscriptEvent =
  | { type: 'run-start'; trigger: string; model: string; limits: Record<string, unknown> }
  | { type: 'agent-start'; model: string; limits: Record<string, unknown>; messages: number }
  | {
      type: 'turn';
      turn: number;
      tokensIn: number;
      tokensOut: number;
      /** True when the endpoint sent no usage and the counts are estimates. */
      estimated: boolean;
      /** Prompt tokens the provider served from its cache, when it said. */
      tokensCached?: number;
      /** Completion tokens spent on hidden reasoning, when the provider said. */
      tokensReasoning?: number;
      durationMs: number;
      toolCalls: number;
      attempts: number;
      partial: boolean;
      text: string;
    }
  | {
      type: 'tool-call';
      turn: number;
      index: number;
      callId: string;
      name: string;
      arguments: string;
      readOnly: boolean;
      status: ToolStatus;
      durationMs: number;
      excerpt: string;
      fullOutputPath?: string;
      /** The policy rule that refused a `denied` call, when the tool names one. */
      rule?: string;
      /** The MCP server an `mcp__…` tool belongs to. */
      server?: string;
    }
  | { type: 'retry'; turn: number; attempt: number; delayMs: number; reason: string }
  | { type: 'compaction'; turn: number; elided: number; estimatedTokens: number }
  | { type: 'note'; turn: number; message: string }
  | {
      type: 'agent-end';
      reason: string;
      summary: string;
      turns: number;
      tokens: TokenUsage;
      /** USD the turns cost, when the model has a price. */
      costUsd?: number;
      toolCalls: number;
      error?: string;
    }
  | { type: 'run-end'; conclusion: string; details?: Record<string, unknown> }
  /** The run's given context: instruction files (at the start, then each added mid-run) and images. */
  | {
      type: 'context';
      instructionFiles?: readonly InstructionFileEntry[];
      images?: readonly ImageEntry[];
      /** The endpoint's refusal of image input, once the run dropped the images. */
      imagesRefused?: string;
    };

/** A logged event with its timestamp. */
export type TranscriptRecord = TranscriptEvent & { ts: string };

export interface TranscriptWriter {
  /** Absolute path of the JSON Lines file. */
  readonly path: string;
  write(event: TranscriptEvent): void;
}

/** Creates (truncating) the log at `file`. */
export function createTranscript(options: {
  path: string;
  redact: (text: string) => string;
  now?: () => Date;
}): TranscriptWriter {
  const file = path.resolve(options.path);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, '');
  const now = options.now ?? (() => new Date());
  return {
    path: file,
    write(event) {
      const record = { ts: now().toISOString(), ...redactStrings(event, options.redact) };
      appendFileSync(file, `${JSON.stringify(record)}\n`);
    },
  };
}

/** A writer that keeps nothing, for callers that do not want a log. */
export const noTranscript: TranscriptWriter = { path: '', write() {} };

/** Reads a log back (the Markdown renderer's input). */
export async function readTranscript(file: string): Promise<TranscriptRecord[]> {
  const text = await readFile(file, 'utf8');
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as TranscriptRecord);
}

function redactStrings<T>(value: T, redact: (text: string) => string): T {
  if (typeof value === 'string') {
    // Redact before cutting: a cut could leave half a secret that no longer matches.
    const clean = redact(value);
    const cut = clean.length - TRANSCRIPT_FIELD_CHARS;
    return (cut > 0 ? `${clean.slice(0, TRANSCRIPT_FIELD_CHARS)}… [${cut} more chars]` : clean) as T;
  }
  if (Array.isArray(value)) return value.map((item) => redactStrings(item, redact)) as T;
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, redactStrings(item, redact)]),
  ) as T;
}
