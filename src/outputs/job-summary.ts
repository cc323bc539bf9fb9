/**
 * The job summary, shown on the run's page: the outcome's first line as its heading, the facts (conclusion,
 * mode, links, sandbox, warnings), the same details as the tracking comment, the instruction files
 * and images given, the whole transcript expanded, and the footer. A denied or skipped run gets one too, saying why.
 */
import type * as core from '@actions/core';
import type { TranscriptRecord } from '../agent/transcript.js';
import { JOB_SUMMARY_TRANSCRIPT_CHARS } from '../limits.js';
import type { RunOutcome } from './action-outputs.js';
import { renderContextSection } from './context-section.js';
import { headlineHeading } from './outcome.js';
import { renderTranscriptMarkdown } from './transcript-markdown.js';

export interface JobSummaryInput {
  outcome: RunOutcome;
  /** The details under the tracking comment's headline (empty for a denied or skipped run). */
  details: string;
  records: readonly TranscriptRecord[];
  /** How the run published and why (see `describeMode`). */
  mode?: string;
  /** `renderFooter`'s line. */
  footer: string;
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
    outcome.sandbox ?? '',
    outcome.mcp ?? '',
    ...(outcome.warnings ?? []).map((w) => `**Warning:** ${w}`),
  ].filter((line) => line !== '');
  const parts = [headlineHeading(outcome), facts.join('  \n')];
  if (input.details.trim()) parts.push(input.details.trim());
  const context = renderContextSection(outcome.instructionFiles, outcome.images);
  if (context) parts.push(context);
  if (input.records.length > 0) {
    parts.push(
      renderTranscriptMarkdown(input.records, {
        open: true,
        maxChars: JOB_SUMMARY_TRANSCRIPT_CHARS,
        fullLogPointer: 'the `transcript-path` file',
      }).trimEnd(),
    );
  }
  parts.push(input.footer);
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
