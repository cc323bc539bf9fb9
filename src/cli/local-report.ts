/**
 * What a local run prints when it is done: the result (committed or not, verified or not), the
 * usage as the action's footer states it (turns, tokens with the cached share, cost when the model
 * has a price), where the pull request and the transcript are, and the `--output-schema` answer.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { RunBudget } from '../agent/budget.js';
import type { FinalAnswer } from '../agent/final-answer.js';
import { readTranscript } from '../agent/transcript.js';
import { formatUsd } from '../llm/model-prices.js';
import type { TokenUsage } from '../llm/token-usage.js';
import { tokensPhrase } from '../outputs/footer.js';
import type { VerificationReport } from '../outputs/pull-request-body.js';
import { renderTranscriptDetails } from '../outputs/transcript-details.js';
import { formatDuration, renderTranscriptMarkdown } from '../outputs/transcript-markdown.js';
import type { DryRunPublication } from './dry-run-publisher.js';

/** A local run's usage, read from its budget. */
export interface LocalUsage {
  turns: number;
  toolCalls: number;
  tokens: TokenUsage;
  /** Undefined when the model has no price (neither built in nor `--prices`). */
  costUsd: number | undefined;
  durationMs: number;
}

export interface LocalReport {
  root: string;
  branch: string;
  published: DryRunPublication;
  draft: boolean;
  verification: VerificationReport | undefined;
  stopReason: string;
  usage: LocalUsage;
  paths: { jsonl: string; markdown: string };
  outDir: string;
  /** With `--output-schema`: the answer, or null when none came. */
  answer?: FinalAnswer | null;
}

/** The usage of a run that spent from `budget`, as the action's outputs give it. */
export function usageOf(budget: RunBudget, toolCalls: number, durationMs: number): LocalUsage {
  const spent = budget.spent();
  return {
    turns: spent.turns,
    toolCalls,
    tokens: spent.tokens,
    costUsd: spent.costUsd ?? (budget.limits.prices ? 0 : undefined),
    durationMs,
  };
}

/** `totals: 3 turns, 2 tool calls, 1,234 tokens, $0.01, 12 s, stopped: done`. */
export function totalsLine(usage: LocalUsage, stopReason: string): string {
  const tokens = tokensPhrase({
    tokens: usage.tokens.total,
    promptTokens: usage.tokens.prompt,
    cachedTokens: usage.tokens.cachedPrompt,
    estimated: usage.tokens.estimated,
  });
  const cost = usage.costUsd !== undefined ? `, ${formatUsd(usage.costUsd)}` : '';
  return `totals: ${usage.turns} turns, ${usage.toolCalls} tool calls, ${tokens}${cost}, ${formatDuration(usage.durationMs)}, stopped: ${stopReason}`;
}

/** The transcript as Markdown next to its JSONL, titled. */
export async function writeTranscriptMarkdown(
  paths: { jsonl: string; markdown: string },
  title: string,
): Promise<void> {
  const records = await readTranscript(paths.jsonl);
  const table = renderTranscriptMarkdown(records, { open: true, maxChars: 10_000_000 });
  await writeFile(paths.markdown, `# Transcript: ${title}\n\n${table}\n${renderTranscriptDetails(records)}`);
}

/** Writes the report's lines; a valid answer is also saved as `result.json`. */
export async function reportLocalRun(
  write: (line: string) => void,
  redact: (text: string) => string,
  report: LocalReport,
): Promise<void> {
  const { published, verification, usage } = report;
  const verified = verification
    ? verification.passed
      ? ', verification passed'
      : ', verification FAILED'
    : '';
  const files = `${published.files.length} ${published.files.length === 1 ? 'file' : 'files'}`;
  write('');
  write(
    published.sha
      ? `result: committed ${published.sha.slice(0, 7)} on branch ${report.branch} (${files})${verified}`
      : `result: no changes${verified}`,
  );
  write(totalsLine(usage, report.stopReason));
  write(
    published.sha
      ? `pull request: ${published.pullRequestPath}${report.draft ? ' (draft)' : ''}`
      : `pull request: none (nothing to commit); the summary is in ${published.pullRequestPath}`,
  );
  write(`transcript:   ${report.paths.jsonl}`);
  write(`              ${report.paths.markdown}`);
  if (report.answer !== undefined) await reportAnswer(report.answer, report, redact, write);
  if (published.sha) write(`see the change: git -C ${report.root} show ${report.branch}`);
}

/** The valid answer printed and saved as `result.json`; or why there is none. */
export async function reportAnswer(
  answer: FinalAnswer | null,
  report: Pick<LocalReport, 'outDir' | 'stopReason'>,
  redact: (text: string) => string,
  write: (line: string) => void,
): Promise<void> {
  if (answer?.kind === 'valid') {
    const file = path.join(report.outDir, 'result.json');
    await writeFile(file, `${redact(answer.json)}\n`);
    write(`result:       ${file}`);
    write(`              ${redact(answer.json)}`);
  } else if (answer) write(`result: the answer does not match --output-schema: ${answer.errors.join('; ')}`);
  else write(`result: none; the agent stopped (${report.stopReason}) before a final answer`);
}
