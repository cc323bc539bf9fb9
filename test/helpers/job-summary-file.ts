/**
 * The job summary file for code that writes through `core.summary`: the runner names it in
 * `GITHUB_STEP_SUMMARY`, which `core.summary` reads once and keeps, so a test process has one.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

let file: string | undefined;

/** The process's summary file, created (empty) on first use. */
export async function jobSummaryFile(): Promise<string> {
  if (file) return file;
  const dir = await mkdtemp(path.join(tmpdir(), 'job-summary-'));
  file = path.join(dir, 'step-summary.md');
  await writeFile(file, '');
  process.env['GITHUB_STEP_SUMMARY'] = file;
  return file;
}
