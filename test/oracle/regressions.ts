/**
 * The oracle's regression entries (test/fixtures/oracle/regressions.json): every bypass the oracle
 * or the fuzzer found, with the command, what the policy approved and what really happened. The
 * test replays them: an entry marked `open` is a known bypass not fixed yet (it must still
 * reproduce, so the list only shrinks); every other entry must be refused or run within its approval.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { Finding, FindingClass, PolicyLevel } from './compare-effects.js';
import type { OracleOutcome } from './oracle.js';

export interface RegressionEntry {
  command: string;
  setup?: { write: string; content: string }[];
  /** The policy that allowed it. */
  level: PolicyLevel;
  classes: FindingClass[];
  /** The approved simple commands (argv joined), and writes, as the policy recorded them. */
  approved: string[];
  /** What the trace showed beyond that. */
  observed: string[];
  /** A guess at the cause, by the classes of the issue (parser, option typing, state …). */
  cause: string;
  /** Where it was found: `fuzz seed 7 #41`, `benign corpus`, … */
  found: string;
  /** A known bypass the policy does not refuse yet. */
  open?: boolean;
}

export const REGRESSIONS_FILE = new URL('../fixtures/oracle/regressions.json', import.meta.url);

export function loadRegressions(): RegressionEntry[] {
  return JSON.parse(readFileSync(REGRESSIONS_FILE, 'utf8')) as RegressionEntry[];
}

export function saveRegressions(entries: readonly RegressionEntry[]): void {
  writeFileSync(REGRESSIONS_FILE, `${JSON.stringify(entries, null, 2)}\n`);
}

/** Findings that count as effects: blocked attempts at a namespace level are the sandbox working. */
export function effective(findings: readonly Finding[]): Finding[] {
  return findings.filter((f) => f.level === 'none' || !f.blocked);
}

/** Regression entries for an outcome's findings, one per policy level that allowed it. */
export function entriesFor(
  outcome: OracleOutcome,
  setup: RegressionEntry['setup'],
  found: string,
  mutations: readonly string[] = [],
): RegressionEntry[] {
  const entries: RegressionEntry[] = [];
  for (const level of ['namespace', 'none'] as const) {
    const findings = outcome.findings.filter((f) => f.level === level);
    const verdict = outcome.verdicts[level];
    if (findings.length === 0 || !verdict.allowed) continue;
    const approval = verdict.approval;
    entries.push({
      command: outcome.command,
      ...(setup?.length ? { setup: [...setup] } : {}),
      level,
      classes: [...new Set(findings.map((f) => f.class))],
      approved: [
        ...(approval?.commands.map((c) => `${c.projectCode ? '[project code] ' : ''}${c.argv.join(' ')}`) ??
          []),
        ...(approval?.paths
          .filter((p) => ['write', 'tree', 'links', 'link'].includes(p.kind))
          .map((p) => `write ${p.path}`) ?? []),
      ],
      observed: findings.map((f) => `${f.class}: ${f.detail}${f.blocked ? ' (blocked by the sandbox)' : ''}`),
      cause: guessCause(findings, mutations),
      found,
      open: true,
    });
  }
  return entries;
}

/** The likeliest root-cause class, from the mutation that made the variant and what happened. */
export function guessCause(findings: readonly Finding[], mutations: readonly string[]): string {
  const has = (m: string) => mutations.includes(m);
  if (has('heredoc')) return 'parser blind spot: here-document body';
  if (
    has('chdir-flag') ||
    (mutations.some((m) => m === 'wrapper') && findings.some((f) => /chdir|-C/.test(f.detail)))
  )
    return 'option engine: -C/--directory moves relative paths';
  if (has('list-file')) return 'option engine: file-list option whose files are not checked';
  if (has('inject-option')) return 'option engine: option value typed wrongly or skipped';
  if (has('abbreviate') || has('long-equals') || has('bundle-short'))
    return 'option engine: spelling not modelled';
  if (has('prefix')) return 'environment-driven loader';
  if (findings.some((f) => f.class === 'network')) return 'network from a tool the policy treats as offline';
  if (findings.some((f) => f.class === 'project-code')) return 'project code by another door';
  if (findings.some((f) => f.class === 'unapproved-exec'))
    return 'a program the tool starts that the policy did not model';
  return 'a write the policy did not type';
}
