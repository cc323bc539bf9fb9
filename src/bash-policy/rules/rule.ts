/**
 * The shape of a per-command rule and the helper every rule is written with: parse the argv
 * with the tool's option table, refuse the refused options, then check each option value and
 * operand by its kind (paths resolved and checked, numbers and enums validated).
 */
import type { Denial } from '../denial.js';
import { deny, notAllowed } from '../denial.js';
import type { Isolation } from '../isolation.js';
import {
  type OptionTable,
  type ParsedArgs,
  type ParsedOption,
  parseOptions,
  refusedOption,
  type ValueKind,
} from '../options.js';
import type { Word } from '../words.js';

/** How a path-valued word is used (see check-command.ts). */
export type PathKind = 'read' | 'write' | 'tree' | 'links' | 'link' | 'walk' | 'load';

export interface RuleContext {
  /** Every folder the command may run in (more than one when the line may `cd`). */
  cwds: readonly string[];
  /** The real workspace root. */
  workspace: string;
  isolation: Isolation;
  /** Checks `words` as a command of its own (`npx --no-install tsc`, `timeout 60 npm test`). */
  checkNested(words: readonly Word[]): Denial | undefined;
  /** Checks a path-valued word for `kind`. */
  checkPath(word: Word, kind: PathKind): Denial | undefined;
  /**
   * The command runs the workspace's own code (tests, builds, scripts): allowed only when the
   * sandbox isolates it, or when the user turned the sandbox off deliberately.
   */
  workspaceCode(what: string): Denial | undefined;
  /** The context for a command or options that run in `dir` (`git -C dir`, `make -C dir`). */
  chdir(dir: Word): RuleContext | Denial;
  /**
   * The content of a file the tool reads as code or as a list of names, from every folder the
   * command may run in; `refuseWritten` refuses a file the agent wrote this run.
   */
  readChecked(word: Word, refuseWritten: boolean): string[] | Denial;
  /**
   * How steps of this line checked so far write at or above `word`: `plain` (a regular file),
   * `below`/`at` (where symlinks may appear). Empty when none does.
   */
  lineWritesAt(word: Word): ('plain' | 'below' | 'at')[];
}

export type Rule = (args: readonly Word[], ctx: RuleContext) => Denial | undefined;

/** How operands are read: one kind for all, or a kind per position (the last one repeats). */
export type OperandKinds = ValueKind | readonly ValueKind[];

/** Allows any arguments that are not options (the operands are checked as `operands`). */
export function literal(value: string): Word {
  return { value, glob: false };
}

/** Checks one value of `kind`; `what` names it in messages. */
export function checkValue(word: Word, kind: ValueKind, what: string, ctx: RuleContext): Denial | undefined {
  if (typeof kind === 'object') {
    return kind.enum.includes(word.value)
      ? undefined
      : notAllowed('option-value', `${what}: \`${word.value}\` is not one of ${kind.enum.join(', ')}.`);
  }
  switch (kind) {
    case 'read':
    case 'write':
    case 'tree':
    case 'links':
    case 'link':
    case 'walk':
    case 'load':
      return ctx.checkPath(word, kind);
    case 'list0':
    case 'list':
      return checkFileList(word, kind === 'list0' ? '\0' : '\n', what, ctx);
    case 'number':
      return /^[+-]?[\w.:%]{1,24}$/.test(word.value)
        ? undefined
        : notAllowed('option-value', `${what}: \`${word.value}\` is not a number.`);
    default:
      return undefined;
  }
}

/**
 * A file that names the files a tool reads (`--files0-from`, `tar -T`, `file -f`): the list
 * itself and every name in it are checked as reads, from the folders the command runs in.
 */
export function checkFileList(
  word: Word,
  separator: string,
  what: string,
  ctx: RuleContext,
): Denial | undefined {
  const contents = ctx.readChecked(word, false);
  if (isDenial(contents)) return contents;
  for (const content of contents) {
    for (const name of content.split(separator)) {
      const entry = separator === '\n' ? name.replace(/\r$/, '') : name;
      if (entry === '') continue;
      const problem = ctx.checkPath(literal(entry), 'read');
      if (problem) return { ...problem, message: `${what} lists \`${entry}\`: ${problem.message}` };
    }
  }
  return undefined;
}

/** Checks the value of every parsed option by its kind. */
export function checkOptionValues(
  command: string,
  options: readonly ParsedOption[],
  ctx: RuleContext,
): Denial | undefined {
  for (const option of options) {
    if (option.value && option.def.value) {
      const problem = checkValue(option.value, option.def.value, `\`${command} ${option.spelled}\``, ctx);
      if (problem) return problem;
    }
  }
  return undefined;
}

/** Checks operands by position. */
export function checkOperands(
  command: string,
  operands: readonly Word[],
  kinds: OperandKinds,
  ctx: RuleContext,
): Denial | undefined {
  const list = Array.isArray(kinds) ? kinds : [kinds as ValueKind];
  for (let i = 0; i < operands.length; i++) {
    const kind = list[Math.min(i, list.length - 1)]!;
    const problem = checkValue(operands[i]!, kind, `\`${command}\` operand`, ctx);
    if (problem) return problem;
  }
  return undefined;
}

const tablesInUse = new Map<string, OptionTable>();

/** The option table of every command checked so far, by name (the differential test reads it). */
export function optionTablesInUse(): ReadonlyMap<string, OptionTable> {
  return tablesInUse;
}

/**
 * Parses and checks `args`: refused options, option values and operands. Returns the parse for
 * the rule's own further checks, or the first denial.
 */
export function checkArgs(
  command: string,
  table: OptionTable,
  args: readonly Word[],
  ctx: RuleContext,
  operands: OperandKinds | ((parsed: ParsedArgs) => OperandKinds),
): ParsedArgs | Denial {
  tablesInUse.set(command, table);
  const parsed = parseOptions(command, table, args);
  if (isDenial(parsed)) return parsed;
  const problem =
    refusedOption(command, parsed) ??
    checkOptionValues(command, parsed.options, ctx) ??
    checkOperands(
      command,
      parsed.operands,
      typeof operands === 'function' ? operands(parsed) : operands,
      ctx,
    );
  return problem ?? parsed;
}

/** A rule that is only the table and the operand kinds. */
export function tableRule(command: string, table: OptionTable, operands: OperandKinds): Rule {
  return (args, ctx) => {
    const result = checkArgs(command, table, args, ctx, operands);
    return isDenial(result) ? result : undefined;
  };
}

/** True when `value` is a denial. */
export function isDenial(value: unknown): value is Denial {
  return typeof value === 'object' && value !== null && 'rule' in value && 'hard' in value;
}

/** A hard denial for options or operands that evaluate code. */
export function evalDenial(command: string, what: string): Denial {
  return deny(
    'interpreter-eval',
    `\`${command} ${what}\` runs code given on the command line or from stdin. Write the code to a file in the workspace (write_file) and run that file, or run the project tests.`,
  );
}

/** The hard denial for an interpreter with no script: it would read code from stdin. */
export function stdinDenial(command: string, what = '(no script)'): Denial {
  return deny(
    'interpreter-stdin',
    `\`${command} ${what}\` reads code from stdin. Write the code to a file in the workspace (write_file) and run that file, or run the project tests.`,
  );
}

export function words(...values: string[]): Word[] {
  return values.map(literal);
}
