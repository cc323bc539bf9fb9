/**
 * `verify-command` against a review's suggestions, where that is cheap: only for a same-repository
 * pull request (a fork's code never runs), only when the head itself passes it within
 * {@link REVIEW_VERIFY_CHEAP_MS}, and for at most {@link REVIEW_VERIFY_MAX_SUGGESTIONS}
 * suggestions (blocking ones first), each applied to its file in the checkout, run with the same
 * time limit, and taken back out whatever happens. A suggestion that turns the check red is
 * dropped with its finding; the others say in "how checked" that the check passed with them.
 */
import { lstat, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { GroundedFinding } from '../findings/review-grounding.js';
import { SEVERITY_RANK } from '../findings/review-severity.js';
import { REVIEW_VERIFY_CHEAP_MS, REVIEW_VERIFY_MAX_SUGGESTIONS } from '../limits.js';
import type { Sandbox } from '../sandbox/sandbox.js';
import type { CommandHost } from './command-host.js';
import { runVerification } from './verify.js';

export interface SuggestionCheckSettings {
  command: string;
  sandbox: Sandbox;
  env: Readonly<Record<string, string>>;
}

export interface SuggestionCheck {
  findings: GroundedFinding[];
  /** Findings dropped because their suggestion failed the check. */
  failed: number;
  /** Why the check did not run, when it did not (for the log). */
  skipped?: string;
}

/** `runVerification`'s timeout is half the minutes it is given. */
const CHEAP_MINUTES = (2 * REVIEW_VERIFY_CHEAP_MS) / 60_000;

/** Runs the check on the head, then with each chosen suggestion applied. */
export async function checkSuggestions(
  host: CommandHost,
  findings: readonly GroundedFinding[],
  settings: SuggestionCheckSettings,
): Promise<SuggestionCheck> {
  const chosen = findings
    .filter((f) => f.suggested !== undefined)
    .sort((a, b) => SEVERITY_RANK[b.draft.severity] - SEVERITY_RANK[a.draft.severity])
    .slice(0, REVIEW_VERIFY_MAX_SUGGESTIONS);
  if (chosen.length === 0) return { findings: [...findings], failed: 0 };
  const run = () =>
    runVerification(host, settings.command, {
      sandbox: settings.sandbox,
      timeoutMinutes: CHEAP_MINUTES,
      env: settings.env,
    });
  const baseline = await run();
  if (!baseline.passed) {
    const skipped = baseline.timedOut
      ? `verify-command took longer than ${REVIEW_VERIFY_CHEAP_MS / 1000} s on the head, too long to run per suggestion`
      : 'verify-command fails on the head itself, so a suggestion cannot be judged by it';
    host.log.info(`Suggestions not checked: ${skipped}.`);
    return { findings: [...findings], failed: 0, skipped };
  }
  const verdicts = new Map<GroundedFinding, boolean>();
  for (const finding of chosen) {
    const file = path.resolve(host.workspace, finding.draft.path);
    if (!file.startsWith(`${path.resolve(host.workspace)}${path.sep}`)) continue;
    if (!(await lstat(file).catch(() => undefined))?.isFile()) continue;
    await settings.sandbox.settle?.();
    const original = await readFile(file);
    try {
      await writeFile(file, finding.suggested!);
      verdicts.set(finding, (await run()).passed);
    } finally {
      await settings.sandbox.settle?.();
      await writeFile(file, original);
    }
  }
  const kept = findings.flatMap((f) => {
    const verdict = verdicts.get(f);
    if (verdict === false) return [];
    if (verdict === undefined) return [f];
    return [{ ...f, checks: [...f.checks, '`verify-command` passed with the suggestion applied'] }];
  });
  return { findings: kept, failed: findings.length - kept.length };
}
