/** The job summary, shown on the run's page: result, verification, and the whole transcript expanded. */
import type * as core from '@actions/core';
import type { TranscriptRecord } from '../agent/transcript.js';
import { renderTranscriptMarkdown } from '../agent/transcript-markdown.js';
import { JOB_SUMMARY_TRANSCRIPT_CHARS } from '../limits.js';
import type { RunOutcome } from './action-outputs.js';
import { renderContextSection } from './context-section.js';
import type { FinalStatus } from './tracking-comment.js';
import { usageLine } from './usage-line.js';

export interface JobSummaryInput {
  outcome: RunOutcome;
  final: { status: FinalStatus; details: string };
  records: readonly TranscriptRecord[];
  runUrl: string;
  /** How the run published and why (see `describeMode`). */
  mode?: string;
}

/** Markdown for `core.summary`; the caller prepares it for publishing. */
export function renderJobSummary(input: JobSummaryInput): string {
  const { outcome } = input;
  const facts = [
    `**Conclusion:** \`${outcome.conclusion}\``,
    input.mode ? `**${input.mode.replace(/^Mode:/, 'Mode:**')}` : '',
    outcome.prUrl ? `**Pull request:** ${outcome.prUrl}` : '',
    outcome.reviewUrl ? `**Review:** ${outcome.reviewUrl}` : '',
    outcome.branch ? `**Branch:** \`${outcome.branch}\`` : '',
    outcome.artifactUrl ? `**Transcript artifact:** ${outcome.artifactUrl}` : '',
    `**Turns:** ${outcome.turns ?? 0} · **Tokens:** ${usageLine({
      tokens: outcome.tokens ?? 0,
      promptTokens: outcome.promptTokens,
      cachedTokens: outcome.cachedTokens ?? 0,
      costUsd: outcome.costUsd,
      estimated: outcome.tokensEstimated,
    })}`,
    outcome.sandbox ?? '',
    outcome.mcp ?? '',
    ...(outcome.warnings ?? []).map((w) => `**Warning:** ${w}`),
  ].filter((line) => line !== '');
  const parts = ['## agent-action', facts.join('  \n'), input.final.details];
  const context = renderContextSection(outcome.instructionFiles, outcome.images);
  if (context) parts.push(context);
  if (input.records.length > 0) {
    parts.push(
      renderTranscriptMarkdown(input.records, {
        open: true,
        maxChars: JOB_SUMMARY_TRANSCRIPT_CHARS,
        fullLogPointer: 'the `transcript-path` file',
      }),
    );
  }
  return parts.join('\n\n');
}

/** Appends `markdown` (already prepared for publishing) to the step summary; a no-op off the runner. */
export async function writeJobSummary(summary: typeof core.summary, markdown: string): Promise<void> {
  try {
    await summary.addRaw(markdown, true).write();
  } catch (error) {
    // GITHUB_STEP_SUMMARY unset (direct use, local runs): the summary is a courtesy, not the result.
    if (!/GITHUB_STEP_SUMMARY/.test((error as Error).message)) throw error;
  }
}
