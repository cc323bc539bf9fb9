/**
 * The rule shape for tools with large command lines (test runners, linters, build tools):
 * only the options that matter are typed — the ones that load a plugin, reporter or config
 * (never a file the agent wrote this run), write or read a file, move the tool to another
 * folder (`-C dir`: later paths resolve there), evaluate code, or are refused — plus
 * subcommands that are refused, that run another command (`bundle exec …`), or that run no
 * project code. A tool that runs project code needs the sandbox, and its other options cannot
 * make that worse; a tool that runs none has its operands checked as reads.
 */
import { deny, notAllowed } from '../denial.js';
import type { Word } from '../words.js';
import { evalDenial, isDenial, literal, type Rule, type RuleContext, stdinDenial } from './rule.js';

export interface OpenSpec {
  /** Long names (without dashes, lower case) and short letters whose value loads code. */
  load?: string[];
  write?: string[];
  read?: string[];
  /** Options whose value is the folder the tool works in. */
  chdir?: string[];
  /** Options refused whatever their value, with why. */
  refuse?: Record<string, string>;
  /** Options that take code on the command line (`-e`, `--eval`). */
  evaluate?: string[];
  /** Options that make a formatter or linter rewrite files: soft denials (`allowed-commands` lifts them). */
  writeMode?: string[];
  /** Other options that take a separate value (so it is not read as an operand). */
  valued?: string[];
  /** The tool runs the workspace's own code (tests, JS configs). */
  code: boolean;
  /** Subcommands (first operand) that run no project code, when `code` is set. */
  noCode?: string[];
  /**
   * Operands that are files the tool reads, or test names, patterns …; by default `read` for a
   * tool that runs no project code (its reads are all the policy has to check) and `text` otherwise.
   */
  operands?: 'read' | 'text';
  /** Subcommands (first operand) that are refused, with why. */
  refusedSubcommands?: Record<string, string>;
  /** Subcommands whose remaining words are a command of their own (`bundle exec rake`). */
  nested?: string[];
  /** Operands naming a URL are refused (the tool would download and run it). */
  noUrls?: boolean;
  /** An interpreter: without an operand (or with `-`) it reads code from stdin. */
  interpreter?: boolean;
  /** Long options are written with one dash (`terraform -chdir=dir`); there are no short clusters. */
  singleDash?: boolean;
}

type Kind = 'load' | 'write' | 'read' | 'chdir' | 'valued';

/** A rule for a tool whose options are typed only where they load, write or are refused. */
export function openRule(name: string, spec: OpenSpec): Rule {
  const lower = (s: string) => s.toLowerCase();
  const kindOf = (option: string, long: boolean): Kind | undefined => {
    const o = lower(option);
    const lists: [Kind, string[] | undefined][] = [
      ['load', spec.load],
      ['write', spec.write],
      ['read', spec.read],
      ['chdir', spec.chdir],
      ['valued', spec.valued],
    ];
    for (const [kind, list] of lists) if (list?.includes(long ? o : option)) return kind;
    // Long options are matched by prefix too, in case the tool's parser abbreviates.
    if (long && o.length >= 3)
      for (const [kind, list] of lists)
        if (kind !== 'valued' && list?.some((l) => l.startsWith(o))) return kind;
    return undefined;
  };
  const operandKind = spec.operands ?? (spec.code ? 'text' : 'read');
  return (args, outer) => {
    let ctx = outer;
    const operands: Word[] = [];
    const checkOperand = (word: Word) => {
      if (spec.interpreter && (word.value === '-' || word.value.startsWith('/dev/')))
        return stdinDenial(name, word.value);
      if (spec.noUrls && /^[a-z][\w+.-]*:\/\//i.test(word.value))
        return deny(`${name}-url`, `\`${name} ${word.value}\` runs code from the network; not allowed.`);
      operands.push(word);
      if (operands.length === 1 && spec.refusedSubcommands?.[word.value])
        return deny(
          `${name}-subcommand`,
          `\`${name} ${word.value}\` is not allowed: ${spec.refusedSubcommands[word.value]}.`,
        );
      if (operands.length === 1 && spec.nested?.includes(word.value)) return 'nested' as const;
      // A checker that runs no project code is only safe on files the policy checked.
      return operandKind === 'read' ? ctx.checkPath(word, 'read') : undefined;
    };
    for (let i = 0; i < args.length; i++) {
      const word = args[i]!;
      const arg = word.value;
      if (arg === '--') {
        for (const rest of args.slice(i + 1)) {
          const problem = checkOperand(rest);
          if (problem === 'nested') return nestedCommand(name, args.slice(i + 2), ctx);
          if (problem) return problem;
        }
        break;
      }
      if (!arg.startsWith('-') || arg === '-') {
        const problem = checkOperand(word);
        if (problem === 'nested') return nestedCommand(name, args.slice(i + 1), ctx);
        if (problem) return problem;
        continue;
      }
      const long = arg.startsWith('--') || spec.singleDash === true;
      const body = arg.slice(arg.startsWith('--') ? 2 : 1);
      const eq = body.indexOf('=');
      // A long option is one key; a short cluster (`-vo file`) is read letter by letter.
      const keys = long
        ? [eq === -1 ? body : body.slice(0, eq)]
        : [...(eq === -1 ? body : body.slice(0, eq))];
      for (let k = 0; k < keys.length; k++) {
        const key = keys[k]!;
        if (spec.writeMode?.includes(long ? lower(key) : key))
          return notAllowed(
            'formatter-write-mode',
            `\`${name} ${arg}\` rewrites files; run it in check mode and fix the findings with edit_file (or add a rule to \`allowed-commands\`).`,
          );
        if (spec.evaluate?.includes(long ? lower(key) : key)) return evalDenial(name, arg);
        const refused = Object.entries(spec.refuse ?? {}).find(([o]) =>
          long ? lower(o) === lower(key) || (key.length >= 3 && lower(o).startsWith(lower(key))) : o === key,
        );
        if (refused) return deny(`${name}-option`, `\`${name} ${arg}\` is not allowed: ${refused[1]}.`);
        const kind = kindOf(key, long);
        if (!kind) continue;
        // The value: after `=`, the rest of a short cluster, or the next word.
        const glued = long
          ? eq === -1
            ? undefined
            : body.slice(eq + 1)
          : body.slice(k + 1).replace(/^=/, '');
        let value: Word | undefined;
        if (glued !== undefined && glued !== '') value = { value: glued, glob: word.glob };
        else value = args[++i];
        if (value && kind !== 'valued') {
          if (kind === 'chdir') {
            const moved = ctx.chdir(value);
            if (isDenial(moved)) return moved;
            ctx = moved;
          } else {
            const problem = checkOpenValue(value, kind, ctx);
            if (problem) return problem;
          }
        }
        break;
      }
    }
    const sub = operands[0]?.value;
    const versionOnly =
      args.length > 0 && args.every((a) => /^(-v|-V|--version|-version|-h|--help)$/.test(a.value));
    if (spec.interpreter && sub === undefined && !versionOnly) return stdinDenial(name);
    if (!spec.code || (sub !== undefined && spec.noCode?.includes(sub))) return undefined;
    return ctx.workspaceCode(
      `\`${name}${sub ? ` ${sub}` : ''}\` runs the project's code (tests, build scripts, configuration files, plugins)`,
    );
  };
}

/** `bundle exec rake test`: the command is checked as its own, and runs in the project's environment. */
function nestedCommand(name: string, rest: readonly Word[], ctx: RuleContext) {
  if (rest.length === 0) return notAllowed(`${name}-subcommand`, `\`${name}\` needs a command to run.`);
  return (
    ctx.checkNested(rest) ??
    ctx.workspaceCode(`\`${name}\` runs \`${rest[0]!.value}\` in the project's environment`)
  );
}

function checkOpenValue(value: Word, kind: 'load' | 'write' | 'read', ctx: RuleContext) {
  // Comma-separated lists (`--reporters=a,b`, `--setupFiles a,b`) name several modules.
  // `--node-arg=--require=./x.js`: a node option naming the module.
  const text = kind === 'load' ? value.value.replace(/^--?[\w-]+=/, '') : value.value;
  const parts = kind === 'load' ? text.split(',') : [text];
  for (const part of parts) {
    const problem = ctx.checkPath(part === value.value ? value : literal(part), kind);
    if (problem) return problem;
  }
  return undefined;
}
