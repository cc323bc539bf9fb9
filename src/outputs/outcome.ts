/**
 * The one reading of how a run went, and the first line every surface opens with (tracking
 * comment, pull request body, review, job summary, the log's last line). Pure.
 *
 * ✅ only when the change (or answer, or review) was published, every check the user configured
 * passed, and nothing the agent tried was refused. ⚠️ (`:warning:`) when it was published with problems: a
 * failed verification or CI run, refused commands, blocked hosts, a budget stop, CI that could
 * not be dispatched, blocking review findings, no `result` for `output-schema`. ❌ failed, ⛔ denied, ⏭️ skipped, 🚫 cancelled,
 * ⏳ still waiting for CI (a pull request body written before the CI rounds), 💬 nothing to change.
 */
import { formatUsd } from '../llm/model-prices.js';
import type { RunOutcome } from './action-outputs.js';
import { refusedNoun } from './refusals.js';

/** What a headline says about the run, before it is written for one surface. */
export type OutcomeKind =
  | 'success'
  | 'problems'
  | 'failed'
  | 'denied'
  | 'skipped'
  | 'cancelled'
  | 'pending'
  | 'no-changes';

/**
 * Where the headline goes: `run` (tracking comment, job summary, log), the pull request's own
 * body, or the review's body.
 */
export type Surface = 'run' | 'pull-request' | 'review';

export interface Headline {
  kind: OutcomeKind;
  /** The icon as markdown (a shortcode where the emoji needs a variation selector). */
  icon: string;
  /** The icon as text, for the log. */
  textIcon: string;
  /** What happened, e.g. "Opened pull request #2". */
  subject: string;
  /** Problems for ⚠️ (and a failed run's context), else the checks that passed. */
  remarks: string[];
}

/**
 * The icons as text (the log) and as markdown. Publishing strips variation selectors (they can
 * smuggle data), which would leave ⚠️ and ⏭️ as their plain text glyphs; GitHub's shortcodes
 * render as the emoji wherever it renders markdown.
 */
const ICONS: Record<OutcomeKind, { text: string; markdown: string }> = {
  success: { text: '✅', markdown: '✅' },
  problems: { text: '⚠️', markdown: ':warning:' },
  failed: { text: '❌', markdown: '❌' },
  denied: { text: '⛔', markdown: '⛔' },
  skipped: { text: '⏭️', markdown: ':next_track_button:' },
  cancelled: { text: '🚫', markdown: '🚫' },
  pending: { text: '⏳', markdown: '⏳' },
  'no-changes': { text: '💬', markdown: '💬' },
};

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Why a budget (or the agent itself) ended the work early, as a problem; undefined for `done`. */
function stopProblem(outcome: RunOutcome): string | undefined {
  switch (outcome.stopReason) {
    case undefined:
    case 'done':
    case 'cancelled':
    case 'error':
      return undefined;
    case 'max-turns':
      return 'stopped at `max-turns`';
    case 'max-tokens':
      return 'stopped at `max-tokens`';
    case 'max-cost':
      return outcome.maxCostUsd !== undefined
        ? `stopped at the cost cap (${formatUsd(outcome.maxCostUsd)}, \`max-cost-usd\`)`
        : 'stopped at the cost cap (`max-cost-usd`)';
    case 'timeout':
      return 'ran out of time (`timeout-minutes`)';
    case 'stuck':
      return 'stopped repeating a failing call';
  }
}

/** The problems of a published run, weightiest first. */
export function outcomeProblems(outcome: RunOutcome): string[] {
  const problems: string[] = [];
  const v = outcome.verification;
  if (v && !v.passed) {
    const command = `\`${v.command.replace(/`/g, "'")}\``;
    problems.push(
      v.timedOut
        ? `verification timed out (${command})`
        : `verification failed (${command}, exit ${v.exitCode ?? 'none'})`,
    );
  }
  const ci = outcome.ci;
  if (ci) {
    const after = ci.fixRounds > 0 ? ` after ${plural(ci.fixRounds, 'fix round')}` : '';
    if (ci.state === 'failed') problems.push(`CI failed${after}`);
    if (ci.state === 'not-dispatched') problems.push('CI could not be dispatched');
    if (ci.state === 'unfinished') problems.push(`CI did not finish${after}`);
  }
  const stop = stopProblem(outcome);
  if (stop) problems.push(stop);
  if (outcome.refusals && outcome.refusals.count > 0) {
    const [one, many] = refusedNoun(outcome.refusals);
    problems.push(`${plural(outcome.refusals.count, one, many)} refused`);
  }
  const blocked = outcome.blockedHosts?.length ?? 0;
  if (blocked > 0) problems.push(`${plural(blocked, 'host')} blocked`);
  if ((outcome.blockingFindings ?? 0) > 0)
    problems.push(plural(outcome.blockingFindings ?? 0, 'blocking finding'));
  if (outcome.answerMissing === 'invalid') problems.push('the final answer does not match `output-schema`');
  if (outcome.answerMissing === 'none') problems.push('no final answer for `output-schema`');
  return problems;
}

/** The configured checks that passed, for a ✅ line. */
function passedChecks(outcome: RunOutcome, surface: Surface): string[] {
  const checks: string[] = [];
  if (outcome.verification?.passed) checks.push('verification passed');
  const ci = outcome.ci;
  if (ci?.state === 'passed')
    checks.push(ci.fixRounds > 0 ? `CI passed after ${plural(ci.fixRounds, 'fix round')}` : 'CI passed');
  if (ci?.state === 'dispatched') checks.push('CI dispatched');
  if (surface === 'review' && outcome.conclusion === 'reviewed') checks.push('no blocking findings');
  return checks;
}

function runSubject(outcome: RunOutcome): string {
  const draft = outcome.draft ? ' as a draft' : '';
  switch (outcome.conclusion) {
    case 'pr-opened':
      return `Opened pull request #${outcome.prNumber ?? '?'}${draft}`;
    case 'pr-updated':
      return `Updated pull request #${outcome.prNumber ?? '?'}${draft}`;
    case 'pushed':
      return outcome.pushedSha
        ? `Pushed ${outcome.pushedSha.slice(0, 7)} to \`${outcome.branch ?? '?'}\``
        : `Pushed to \`${outcome.branch ?? '?'}\``;
    case 'reviewed':
      return 'Reviewed the pull request';
    case 'planned':
      return 'Posted a plan';
    case 'commented':
      return outcome.patchPosted ? 'Posted the change as a patch' : 'Answered';
    case 'no-changes':
      if (stopProblem(outcome)) return 'Stopped before making a change';
      return outcome.reason ?? 'No changes to publish';
    case 'failed':
      return outcome.cancelled ? 'Cancelled' : `Failed: ${outcome.reason ?? 'the run did not finish'}`;
    case 'denied':
      return `Denied: ${outcome.reason ?? 'the run was not allowed'}`;
    case 'skipped':
      return `Skipped: ${outcome.reason ?? 'nothing to do for this event'}`;
  }
}

function pullRequestSubject(outcome: RunOutcome, kind: OutcomeKind): string {
  if (kind === 'pending') return 'Draft until CI passes';
  return outcome.draft ? 'Draft' : 'Ready for review';
}

/** Decides the headline of `outcome` for `surface`. */
export function headlineFor(outcome: RunOutcome, surface: Surface = 'run'): Headline {
  const kind = outcomeKind(outcome);
  const subject =
    surface === 'pull-request' && kind !== 'failed' && kind !== 'cancelled'
      ? pullRequestSubject(outcome, kind)
      : surface === 'review' && outcome.conclusion === 'reviewed'
        ? 'Reviewed'
        : runSubject(outcome);
  const problems = outcomeProblems(outcome);
  const remarks =
    kind === 'problems' || kind === 'failed'
      ? problems
      : kind === 'success' || kind === 'pending'
        ? passedChecks(outcome, surface)
        : [];
  return { kind, icon: ICONS[kind].markdown, textIcon: ICONS[kind].text, subject, remarks };
}

/** The kind alone: see the module comment. */
export function outcomeKind(outcome: RunOutcome): OutcomeKind {
  switch (outcome.conclusion) {
    case 'denied':
      return 'denied';
    case 'skipped':
      return 'skipped';
    case 'failed':
      return outcome.cancelled ? 'cancelled' : 'failed';
    default:
      break;
  }
  if (outcomeProblems(outcome).length > 0) return 'problems';
  if (outcome.ci?.state === 'pending') return 'pending';
  if (outcome.conclusion === 'no-changes') return 'no-changes';
  return 'success';
}

/** `✅ **Opened pull request #2** — verification passed`: the first line of a markdown surface. */
export function headlineMarkdown(outcome: RunOutcome, surface: Surface = 'run'): string {
  const h = headlineFor(outcome, surface);
  return `${h.icon} **${h.subject}**${h.remarks.length > 0 ? ` — ${h.remarks.join(', ')}` : ''}`;
}

/** The line as a heading, for the job summary (`## ✅ Opened pull request #2 — verification passed`). */
export function headlineHeading(outcome: RunOutcome): string {
  const h = headlineFor(outcome, 'run');
  return `## ${h.icon} ${h.subject}${h.remarks.length > 0 ? ` — ${h.remarks.join(', ')}` : ''}`;
}

/** The same line as plain text, for the log's last line. */
export function headlineText(outcome: RunOutcome): string {
  const h = headlineFor(outcome, 'run');
  const text = `${h.textIcon} ${h.subject}${h.remarks.length > 0 ? ` — ${h.remarks.join(', ')}` : ''}`;
  return text.replace(/`/g, '');
}
