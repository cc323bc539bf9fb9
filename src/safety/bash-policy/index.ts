/**
 * The bash policy: parse with tree-sitter-bash, flatten into simple commands and redirects,
 * and allow the line only if every part is allowed (fail closed). See docs/bash-policy.md.
 */
import { realpathSync } from 'node:fs';
import { BASH_COMMAND_MAX_CHARS } from '../../limits.js';
import type { ReadTracker } from '../read-tracker.js';
import { type Approval, newApproval } from './approval.js';
import { type CheckContext, checkCd, checkCommand, checkRedirect, type Isolation } from './check-command.js';
import { type Denial, deny } from './denial.js';
import { parseExtraRules } from './extra-rules.js';
import { type CommandNetwork, networkDenial } from './network-gate.js';
import { loadBashParser } from './parser.js';
import { readOnlyDenial } from './read-only.js';
import { parseCommandLine } from './syntax.js';

export type { Approval, ApprovedCommand, ApprovedPath } from './approval.js';
export type { Denial } from './denial.js';

/** `approval` is there when the caller asked for it (`{ record: true }`). */
export type PolicyVerdict =
  | { allowed: true; approval?: Approval }
  | { allowed: false; rule: string; message: string };

export interface BashPolicy {
  /**
   * Decides one command line; never throws for any input. With `record`, an allowed verdict
   * carries what the policy approved (see approval.ts).
   */
  check(command: string, options?: { record?: boolean }): PolicyVerdict;
}

export interface BashPolicyOptions {
  workspace: string;
  /** Lines of the `allowed-commands` input (see extra-rules.ts for the format). */
  extraRules?: readonly string[];
  /** Review runs: refuse every step that writes a file (see read-only.ts). */
  readOnly?: boolean;
  /**
   * The sandbox the commands run in: `level` as the sandbox reports it (`none` or a namespace
   * level), and whether `none` is the user's deliberate `sandbox: off`. Workspace code (tests,
   * builds, scripts) runs only when isolated, or when the user turned the sandbox off.
   * Defaults to level `none`, not deliberate: the strictest reading.
   */
  sandbox?: { level: string; deliberate: boolean };
  /** The file tools' tracker: files the agent wrote are never loaded as plugins or loaders. */
  readTracker?: Pick<ReadTracker, 'wasWritten'>;
  /** The `network` input; `off` (the default) refuses commands that download packages. */
  network?: CommandNetwork;
}

/** Validates the `allowed-commands` lines (throws naming the bad line) without building a policy. */
export async function parseAllowedCommands(lines: readonly string[]): Promise<void> {
  parseExtraRules(await loadBashParser(), lines);
}

/** The isolation a sandbox level gives workspace code. */
export function isolationOf(sandbox: { level: string; deliberate: boolean }): Isolation {
  if (sandbox.level !== 'none') return 'namespace';
  return sandbox.deliberate ? 'none-deliberate' : 'none';
}

/** Loads the parser (once per process) and builds the policy for one workspace. */
export async function createBashPolicy(options: BashPolicyOptions): Promise<BashPolicy> {
  const parser = await loadBashParser();
  const workspace = realpathSync(options.workspace);
  const extraRules = parseExtraRules(parser, options.extraRules ?? []);
  const isolation = isolationOf(options.sandbox ?? { level: 'none', deliberate: false });
  // Files written by commands this policy allowed (redirects, tee, cp …), besides the file tools'.
  const writtenByCommands = new Set<string>();
  const wasWritten = (real: string): boolean => {
    if (options.readTracker?.wasWritten(real)) return true;
    if (writtenByCommands.has(real)) return true;
    const prefix = `${real}/`;
    for (const file of writtenByCommands) if (file.startsWith(prefix)) return true;
    return false;
  };
  let pendingWrites: string[] = [];
  let approval = newApproval();

  const decide = (command: string): Denial | undefined => {
    if (command.trim() === '') return deny('empty', 'The command is empty.');
    if (command.length > BASH_COMMAND_MAX_CHARS)
      return deny('too-long', `The command is longer than ${BASH_COMMAND_MAX_CHARS} characters.`);
    // Control characters, and invisible or bidi formatting characters that hide what a reviewer sees.
    if (/[\0-\x08\x0b-\x1f\x7f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/.test(command)) {
      return deny('control-character', 'The command contains control or invisible formatting characters.');
    }
    if (/\S\\\n\S/.test(command)) {
      return deny(
        'line-continuation',
        'A backslash-newline inside a word is not allowed; write the word on one line.',
      );
    }
    const steps = parseCommandLine(parser, command);
    if (!Array.isArray(steps)) return steps;
    approval = newApproval();
    const ctx: CheckContext = {
      paths: { workspace, cwds: [workspace] },
      extraRules,
      isolation,
      wasWritten,
      writes: [],
      approval,
    };
    pendingWrites = ctx.writes;
    for (const step of steps) {
      const readOnlyProblem = options.readOnly ? readOnlyDenial(step) : undefined;
      if (readOnlyProblem) return readOnlyProblem;
      if (step.kind === 'redirect') {
        const problem = checkRedirect(step, ctx);
        if (problem) return problem;
      } else if (step.words[0]?.value === 'cd' && step.assignments.length === 0) {
        const next = checkCd(step, ctx);
        if (!Array.isArray(next)) return next;
        ctx.paths.cwds = [...new Set([...ctx.paths.cwds, ...next])];
      } else {
        // Only a command its own rule allows meets the network rule, so the first reason shown is the main one.
        const problem = checkCommand(step, ctx) ?? networkDenial(step, options.network ?? 'off', extraRules);
        if (problem) return problem;
      }
    }
    return undefined;
  };

  return {
    check(command, { record = false } = {}) {
      let denial: Denial | undefined;
      try {
        denial = decide(command);
      } catch (error) {
        denial = deny(
          'internal-error',
          `The policy could not check this command (${(error as Error).message}).`,
        );
      }
      if (!denial) {
        for (const file of pendingWrites) writtenByCommands.add(file);
        return record ? { allowed: true, approval } : { allowed: true };
      }
      return {
        allowed: false,
        rule: denial.rule,
        message: `Denied by bash policy (rule: ${denial.rule}). ${denial.message}`,
      };
    },
  };
}
