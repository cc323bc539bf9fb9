/**
 * The execution oracle: asks the policy (built for a namespace sandbox and for level `none`) about
 * a command line with the approval record on, and when either allows it, runs it in a fresh copy
 * of the oracle's workspace inside the project's own sandbox under strace, then compares what
 * happened with each approval. The sandbox keeps a bypass from doing harm while it is measured.
 */
import path from 'node:path';
import { createBashPolicy, type PolicyVerdict } from '../../src/bash-policy/index.js';
import { detectSandbox, type ManagedSandbox } from '../../src/sandbox/detect-sandbox.js';
import { optionsFor } from '../integration/sandbox/sandbox-fixture.js';
import { compareEffects, type Finding, type PolicyLevel } from './compare-effects.js';
import { makeOracleWorkspace, type OracleWorkspace } from './oracle-workspace.js';
import type { TraceEvent } from './strace-log.js';
import { cleanScratch, runTraced, STRACE, sandboxHome } from './traced-run.js';

/**
 * One command line to judge, with the files the agent wrote before it (if any). `@WS@` in the
 * line stands for the workspace's absolute path.
 */
export interface OracleCase {
  command: string;
  setup?: readonly { write: string; content: string }[];
  /**
   * Judge the run against what the policy approved for this other line instead (a test's
   * positive control: run more than was approved, and the oracle must say so).
   */
  judgeAs?: string;
}

export interface OracleOutcome {
  command: string;
  verdicts: Record<PolicyLevel, PolicyVerdict>;
  /** Whether it ran (some policy allowed it). */
  ran: boolean;
  findings: Finding[];
  exitCode?: number | null;
  timedOut?: boolean;
  /** The command's output, cut to its first lines (for regression entries). */
  output?: string;
}

export interface Oracle {
  /** The sandbox level the commands run at. */
  level: string;
  check(entry: OracleCase): Promise<OracleOutcome>;
  close(): Promise<void>;
}

const COMMAND_TIMEOUT_MS = 30_000;

/** Starts the oracle, or returns why it cannot run here (no strace, no namespace sandbox). */
export async function startOracle(): Promise<Oracle | string> {
  if (process.platform !== 'linux') return 'the oracle needs Linux (namespaces and strace)';
  if (!STRACE) return 'strace is not installed (.ci/run installs it where it can)';
  const ws = await makeOracleWorkspace();
  let sandbox: ManagedSandbox | undefined;
  try {
    sandbox = await detectSandbox(optionsFor(ws.job));
    if (sandbox.level === 'none') {
      const why = `no namespace sandbox on this runner (${sandbox.notes.join('; ')}); the oracle never runs commands unconfined`;
      await sandbox.dispose();
      await ws.cleanup();
      return why;
    }
    const logDir = path.join(ws.job.root, 'logs');
    const home = await sandboxHome(sandbox, ws.root, logDir);
    return oracleOn(sandbox, ws, home, logDir);
  } catch (error) {
    await sandbox?.dispose();
    await ws.cleanup();
    throw error;
  }
}

/**
 * The entries directly below /tmp or HOME that a run created or changed, except those on the way
 * to the workspace, HOME or the job's folders (bind mounts the sandbox keeps below /tmp).
 */
function scratchEntries(events: readonly TraceEvent[], home: string, kept: readonly string[]): string[] {
  const entries = new Set<string>();
  for (const e of events) {
    if (e.kind !== 'write' || !e.ok) continue;
    for (const root of ['/tmp', home]) {
      if (!inside(e.path, root) || e.path === root) continue;
      const entry = path.join(root, e.path.slice(root.length + 1).split('/')[0]!);
      if (!kept.some((k) => inside(k, entry))) entries.add(entry);
    }
  }
  return [...entries];
}

function inside(p: string, root: string): boolean {
  return p === root || p.startsWith(`${root}/`);
}

function oracleOn(sandbox: ManagedSandbox, ws: OracleWorkspace, home: string, logDir: string): Oracle {
  let scratch: string[] = [];
  return {
    level: sandbox.level,
    async check(entry) {
      const written = ws.reset(entry.setup);
      const readTracker = {
        wasWritten: (real: string) => written.some((w) => w === real || w.startsWith(`${real}/`)),
      };
      const policies = {
        namespace: await createBashPolicy({
          workspace: ws.root,
          sandbox: { level: sandbox.level, deliberate: false },
          readTracker,
        }),
        none: await createBashPolicy({
          workspace: ws.root,
          sandbox: { level: 'none', deliberate: false },
          readTracker,
        }),
      };
      const command = entry.command.replaceAll('@WS@', ws.root);
      const judged = entry.judgeAs ?? command;
      const verdicts = {
        namespace: policies.namespace.check(judged, { record: true }),
        none: policies.none.check(judged, { record: true }),
      };
      if (!verdicts.namespace.allowed && !verdicts.none.allowed)
        return { command: entry.command, verdicts, ran: false, findings: [] };
      await cleanScratch(sandbox, scratch, ws.root, logDir);
      const run = await runTraced({
        sandbox,
        command,
        cwd: ws.root,
        home,
        logDir,
        timeoutMs: COMMAND_TIMEOUT_MS,
      });
      if (run.events.some((e) => e.kind === 'write' && e.ok && inside(e.path, ws.root)) || run.timedOut)
        ws.markChanged();
      scratch = scratchEntries(run.events, home, [ws.root, home, ws.job.root]);
      const findings: Finding[] = [];
      for (const level of ['namespace', 'none'] as const) {
        const verdict = verdicts[level];
        if (verdict.allowed && verdict.approval)
          findings.push(...compareEffects(run.events, verdict.approval, { workspace: ws.root, home, level }));
      }
      return {
        command: entry.command,
        verdicts,
        ran: true,
        findings,
        exitCode: run.exitCode,
        timedOut: run.timedOut,
        output: run.output.split('\n').slice(0, 12).join('\n'),
      };
    },
    async close() {
      await sandbox.dispose();
      await ws.cleanup();
    },
  };
}
