/**
 * The bash policy: parse with tree-sitter-bash, flatten into simple commands and redirects,
 * and allow the line only if every part is allowed (fail closed). See docs/bash-policy.md.
 */
import { realpathSync } from 'node:fs';
import { BASH_COMMAND_MAX_CHARS } from '../limits.js';
import { type Approval, newApproval } from './approval.js';
import { type CheckContext, checkCommand } from './check-command.js';
import { type Denial, deny } from './denial.js';
import type { ExtraRule } from './extra-rules.js';
import { isolationOf } from './isolation.js';
import { createLineState, lineConflict, writtenFiles } from './line-state.js';
import { type CommandNetwork, networkDenial } from './network-gate.js';
import { loadBashParser } from './parser.js';
import { readOnlyDenial, rewritingFlagDenial } from './read-only.js';
import { checkCd, checkRedirect } from './redirects.js';
import { parseCommandLine, type Step } from './syntax.js';
import { createWrittenFiles, type WrittenTracker } from './written.js';

export type { Approval, ApprovedCommand, ApprovedPath } from './approval.js';
export type { Denial } from './denial.js';
export type { ExtraRule, ParsedAllowedCommands, RuleProblem } from './extra-rules.js';
export { describeRuleProblem, parseAllowedCommands, ruleLines } from './extra-rules.js';
export { isNamespaceLevel, isolationOf } from './isolation.js';

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
  /** The `allowed-commands` rules, parsed where the run was admitted (extra-rules.ts). */
  extraRules?: readonly ExtraRule[];
  /** Review runs: refuse every step that writes a file (see read-only.ts). */
  readOnly?: boolean;
  /**
   * The sandbox the commands run in: `level` as the sandbox reports it, and whether `none` is the
   * user's deliberate `sandbox: off`. Any level that is not a namespace level gets the strictest
   * reading (isolation.ts). Defaults to level `none`, not deliberate.
   */
  sandbox?: { level: string; deliberate: boolean };
  /** The file tools' tracker: files the agent wrote (by path and content) are never loaded as code. */
  readTracker?: WrittenTracker;
  /** The `network` input; `off` (the default) refuses commands that download packages. */
  network?: CommandNetwork;
}

/** Loads the parser (once per process) and builds the policy for one workspace. */
export async function createBashPolicy(options: BashPolicyOptions): Promise<BashPolicy> {
  const parser = await loadBashParser();
  const workspace = realpathSync(options.workspace);
  // A review may not write, so nothing outside the modelled allowlist is let through there.
  const extraRules = options.readOnly ? [] : (options.extraRules ?? []);
  const isolation = isolationOf(options.sandbox ?? { level: 'none', deliberate: false });
  const written = createWrittenFiles(options.readTracker);
  let pendingWrites: string[] = [];
  let approval: Approval | undefined;

  const decide = (command: string, record: boolean): Denial | undefined => {
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
    const line = createLineState();
    approval = record ? newApproval() : undefined;
    const ctx: CheckContext = {
      paths: {
        workspace,
        cwds: [workspace],
        resolved: (joined) => line.resolved.push({ joined, step: line.step }),
      },
      extraRules,
      isolation,
      written,
      line,
      ...(approval ? { approval } : {}),
    };
    pendingWrites = [];
    for (const [index, step] of steps.entries()) {
      line.step = index;
      if (line.unmodelled && isolation === 'none')
        return deny(
          'unmodelled-step',
          'A command before this one ran only because `allowed-commands` lists it, so what it changes is unknown and, with no sandbox, nothing after it on the same line is checked against it. Run the commands as separate calls.',
        );
      const problem = options.readOnly ? rewritingFlagDenial(step) : undefined;
      if (problem) return problem;
      const before = line.writes.length;
      const denial = checkStep(step, ctx, options.network ?? 'off');
      if (denial) return denial;
      const readOnlyProblem = options.readOnly ? readOnlyDenial(step, line.writes.slice(before)) : undefined;
      if (readOnlyProblem) return readOnlyProblem;
    }
    const conflict = lineConflict(line, workspace);
    if (conflict) return conflict;
    pendingWrites = writtenFiles(line);
    return undefined;
  };

  return {
    check(command, { record = false } = {}) {
      let denial: Denial | undefined;
      approval = undefined;
      try {
        written.settle();
        denial = decide(command, record);
      } catch (error) {
        denial = deny(
          'internal-error',
          `The policy could not check this command (${(error as Error).message}).`,
        );
      }
      if (!denial) {
        written.expect(pendingWrites);
        return approval ? { allowed: true, approval } : { allowed: true };
      }
      return {
        allowed: false,
        rule: denial.rule,
        message: `Denied by bash policy (rule: ${denial.rule}). ${denial.message}`,
      };
    },
  };
}

/** One step: a redirect, a `cd` (which moves where later paths resolve), or a simple command. */
function checkStep(step: Step, ctx: CheckContext, network: CommandNetwork): Denial | undefined {
  if (step.kind === 'redirect') return checkRedirect(step, ctx);
  if (step.words[0]?.value === 'cd' && step.assignments.length === 0) {
    const next = checkCd(step, ctx);
    if (!Array.isArray(next)) return next;
    ctx.paths.cwds = [...new Set([...ctx.paths.cwds, ...next])];
    return undefined;
  }
  // Only a command its own rule allows meets the network rule, so the first reason shown is the main one.
  return checkCommand(step, ctx) ?? networkDenial(step, network, ctx.extraRules);
}
