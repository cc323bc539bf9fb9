/**
 * What failed in a check run posted by a CI system other than GitHub Actions (CircleCI,
 * Buildkite, Jenkins, Azure Pipelines …), as text a model can act on. Such a system has no job
 * log on GitHub; what it tells GitHub is the check's output (title, summary, a longer text) and
 * annotations on files and lines. The text is cut with the same excerpt code as Actions logs, so
 * an error buried in a long report survives and colour codes and timestamps do not.
 */

import { explainMissingApi } from '../github/api-support.js';
import type { GitHubClient } from '../github/client.js';
import type { RepoRef } from '../github/repo-ref.js';
import { CHECK_RUN_OUTPUT_CHARS, CHECK_RUN_REPORT_CHARS } from '../limits.js';
import { capMiddle, excerptLog } from './log-excerpt.js';

type Octokit = Pick<GitHubClient, 'paginate'>;

export interface CheckAnnotation {
  path: string;
  startLine: number;
  endLine: number;
  level: string;
  title: string;
  message: string;
  rawDetails: string;
}

export interface CheckRunReport {
  name: string;
  title: string;
  summary: string;
  /** The output's text, excerpted. */
  text: string;
  annotations: CheckAnnotation[];
  /** Why annotations are missing, when they could not be read. */
  annotationsNote?: string;
}

export interface CheckRunReportOptions {
  checkRunId: number;
  name: string;
  output: { title: string; summary: string; text: string; annotationsCount: number };
  /** Characters at most across the whole report. */
  maxChars?: number;
  /** Annotations read at most; failures first. */
  maxAnnotations?: number;
}

const LEVEL_ORDER = ['failure', 'warning', 'notice'];

/** Reads the check's annotations (paged) and excerpts its output. A failure to read annotations is a note, not an error. */
export async function collectCheckRunReport(
  octokit: Octokit,
  repo: RepoRef,
  options: CheckRunReportOptions,
): Promise<CheckRunReport> {
  const { checkRunId } = options;
  const maxChars = options.maxChars ?? CHECK_RUN_OUTPUT_CHARS;
  let annotations: CheckAnnotation[] = [];
  let annotationsNote: string | undefined;
  if (options.output.annotationsCount > 0) {
    try {
      const raw = await octokit.paginate('GET /repos/{owner}/{repo}/check-runs/{check_run_id}/annotations', {
        ...repo,
        check_run_id: checkRunId,
        per_page: 100,
      });
      annotations = raw
        .map((a) => ({
          path: a.path,
          startLine: a.start_line,
          endLine: a.end_line,
          level: a.annotation_level ?? 'failure',
          title: a.title ?? '',
          message: a.message ?? '',
          rawDetails: a.raw_details ?? '',
        }))
        .sort((a, b) => levelRank(a.level) - levelRank(b.level))
        .slice(0, options.maxAnnotations ?? 50);
    } catch (error) {
      annotationsNote =
        explainMissingApi(error) ?? `the annotations could not be read: ${(error as Error).message}`;
    }
  }
  return {
    name: options.name,
    title: capMiddle(options.output.title.trim(), 500),
    summary: excerptLog(options.output.summary, { maxChars: Math.floor(maxChars / 4) }),
    text: excerptLog(options.output.text, { maxChars: Math.floor(maxChars / 2) }),
    annotations,
    ...(annotationsNote ? { annotationsNote } : {}),
  };
}

function levelRank(level: string): number {
  const rank = LEVEL_ORDER.indexOf(level);
  return rank === -1 ? LEVEL_ORDER.length : rank;
}

function formatAnnotation(a: CheckAnnotation): string {
  const lines = a.endLine !== a.startLine ? `${a.startLine}-${a.endLine}` : String(a.startLine);
  const head = `${a.path}:${lines} [${a.level}]${a.title ? ` ${a.title}:` : ''} ${a.message}`.trim();
  return a.rawDetails ? `${head}\n${capMiddle(a.rawDetails.trim(), 1_000)}` : head;
}

/** Plain-text rendering for the task prompt (the caller wraps it as untrusted data), within `maxChars`. */
export function formatCheckRunReport(report: CheckRunReport, maxChars = CHECK_RUN_REPORT_CHARS): string {
  const parts = [`Check "${report.name}" failed.`];
  if (report.title) parts.push(`Title: ${report.title}`);
  if (report.summary.trim()) parts.push(`Summary:\n${report.summary}`);
  if (report.text.trim()) parts.push(`Details:\n${report.text}`);
  if (report.annotations.length > 0) {
    parts.push(`Annotations:\n${report.annotations.map(formatAnnotation).join('\n')}`);
  } else if (report.annotationsNote) {
    parts.push(`Annotations: ${report.annotationsNote}`);
  }
  if (parts.length === 1) parts.push('The check gave no title, summary, text or annotations.');
  return capMiddle(parts.join('\n\n'), maxChars);
}
