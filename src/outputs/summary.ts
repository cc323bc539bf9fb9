/** The job summary: what the run did, shown on the run's page. */
import type * as core from '@actions/core';

/** Appends `markdown` (already prepared for publishing) to the step summary; a no-op off the runner. */
export async function writeJobSummary(summary: typeof core.summary, markdown: string): Promise<void> {
  try {
    await summary.addRaw(markdown, true).write();
  } catch (error) {
    // GITHUB_STEP_SUMMARY unset (direct use, local runs): the summary is a courtesy, not the result.
    if (!/GITHUB_STEP_SUMMARY/.test((error as Error).message)) throw error;
  }
}
