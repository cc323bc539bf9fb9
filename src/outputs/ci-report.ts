/**
 * The CI section of the pull request body and the tracking comment: one line per dispatched run
 * (link, commit, status), then the final conclusion, or the problem and its fix when the workflow
 * could not be dispatched. Pure; the caller applies `publish`.
 */
import { type CiReport, type CiRun, ciFailed } from '../ci/ci-round-driver.js';
import type { CiVerdict } from './action-outputs.js';
import { quoteNote } from './pull-request-body.js';
import { plainParagraph } from './quoted-text.js';

const ICON: Record<string, string> = {
  success: '✅',
  failure: '❌',
  timed_out: '⏱️',
  startup_failure: '❌',
  cancelled: '🚫',
  skipped: '⏭️',
  neutral: '➖',
  action_required: '⚠️',
};

function runState(run: CiRun): string {
  if (run.conclusion) return `${ICON[run.conclusion] ?? '❔'} ${run.conclusion}`;
  return `⏳ ${run.status.replace(/_/g, ' ')}`;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The closing line: how CI ended (or where it stands while the rounds go on). */
function verdict(report: CiReport): string {
  const last = report.runs.at(-1);
  const fixes = Math.max(0, report.runs.length - 1);
  const final = report.conclusion ? `${ICON[report.conclusion] ?? '❔'} ${report.conclusion}` : undefined;
  switch (report.phase) {
    case 'dispatching':
      return `⏳ Dispatching round ${report.runs.length + 1}…`;
    case 'waiting':
      return `⏳ Waiting for round ${last?.round ?? 1} to finish…`;
    case 'fixing':
      return `🔧 CI failed; the agent is working on fix round ${report.runs.length}…`;
    case 'done':
      break;
  }
  switch (report.stop) {
    case 'success':
      return `**CI conclusion: ${final}**${fixes > 0 ? ` after ${plural(fixes, 'fix round')}.` : ''}`;
    case 'not-waiting':
      return '**CI:** dispatched and not waited for (`ci-rounds: 0`).';
    case 'rounds-exhausted':
      return `**CI conclusion: ${final}**, still failing after ${plural(fixes, 'fix round')} (\`ci-rounds: ${report.rounds}\`).`;
    case 'no-fix':
      return `**CI conclusion: ${final}**; the agent pushed no fix in round ${report.runs.length}.`;
    case 'not-fixable':
      return `**CI conclusion: ${final}**.`;
    case 'deadline':
      return `**CI:** ⏱️ the time budget (\`timeout-minutes\`) ran out while the run was ${last?.status.replace(/_/g, ' ') ?? 'starting'}${final ? `; last conclusion ${final}` : ''}.`;
    case 'cancelled':
      return '**CI:** 🚫 the job was cancelled before CI finished.';
    case 'error':
    case undefined:
      return final ? `**CI conclusion: ${final}**.` : '**CI:** no conclusion.';
  }
}

/** Markdown for the PR body and the tracking comment: the verdict first, then the rounds. */
export function renderCiReport(report: CiReport): string {
  const lines = [`### CI: \`${report.workflow}\``, ''];
  const last = report.runs.at(-1);
  if (report.stop === 'not-waiting' && last) {
    // Not waited for: a status written now would go stale, so only the run and its commit.
    const commit = last.headSha ? ` on \`${last.headSha.slice(0, 7)}\`` : '';
    lines.push(
      `**CI:** dispatched [run ${last.runId}](${last.htmlUrl})${commit} and not waited for (\`ci-rounds: 0\`); its result shows in the commit's checks.`,
    );
    return lines.join('\n');
  }
  if (!report.error || report.runs.length > 0) lines.push(verdict(report), '');
  if (report.runs.length > 0) {
    lines.push('| Round | Run | Commit | Status |', '|---|---|---|---|');
    for (const run of report.runs) {
      const commit = run.headSha ? `\`${run.headSha.slice(0, 7)}\`` : '';
      lines.push(`| ${run.round} | [run ${run.runId}](${run.htmlUrl}) | ${commit} | ${runState(run)} |`);
    }
    lines.push('');
  }
  if (report.error) {
    const said = quoteNote(plainParagraph(report.error.message));
    lines.push(`> [!WARNING]\n${said}\n>\n> **Fix:** ${report.error.fix}`, '');
  }
  return lines.join('\n').trimEnd();
}

/** Where CI stands for the outcome's first line. */
export function ciVerdict(report: CiReport): CiVerdict {
  const fixRounds = Math.max(0, report.runs.length - 1);
  if (report.phase !== 'done') return { state: 'pending', fixRounds };
  if (report.stop === 'not-waiting') return { state: 'dispatched', fixRounds };
  if (report.stop === 'error' && report.runs.length === 0) return { state: 'not-dispatched', fixRounds };
  if (report.conclusion === 'success') return { state: 'passed', fixRounds };
  // A cancelled or skipped run, or none finished in time: CI did not say yes or no.
  return { state: ciFailed(report) ? 'failed' : 'unfinished', fixRounds };
}

/** One line for the log, the tracking comment's step and a transcript `note`. */
export function describeCiProgress(report: CiReport): string {
  const last = report.runs.at(-1);
  const run = last ? ` run ${last.runId} ${last.conclusion ?? last.status}` : '';
  if (report.error) return `CI (${report.workflow}): ${report.error.message}`;
  const round = report.phase === 'dispatching' ? report.runs.length + 1 : (last?.round ?? 1);
  return `CI round ${round} (${report.workflow}): ${report.phase}${run ? ` —${run}` : ''}`;
}

/**
 * Wraps `emit` so it hears each progress line once: `runCiRounds` reports every status change,
 * and the transcript (a `note` event per line) and the log need only the ones that read differently.
 */
export function onCiProgress(emit: (line: string, report: CiReport) => void): (report: CiReport) => void {
  let last = '';
  return (report) => {
    const line = describeCiProgress(report);
    if (line === last) return;
    last = line;
    emit(line, report);
  };
}
