/**
 * make, shells and the interpreters that are not on the allowlist. Recipes and scripts are the
 * project's code; code given on the command line or stdin is refused.
 */
import { deny, notAllowed } from '../denial.js';
import { findParsed, optionTable as t } from '../options.js';
import type { Word } from '../words.js';
import { checkArgs, evalDenial, isDenial, type Rule, stdinDenial } from './rule.js';

const makeTable = t({
  short: 'b m B C:read d e f:load h i I:read j::num k l::num L n o:text O::text p q r R s S t v w W:text',
  long: 'always-make directory=read debug?=text environment-overrides eval! file=load makefile=load help ignore-errors include-dir=read jobs?=num jobserver-style=text keep-going load-average?=num max-load?=num check-symlink-times just-print dry-run recon no-print-directory old-file=text assume-old=text output-sync?=text print-data-base question no-builtin-rules no-builtin-variables shuffle?=text silent quiet no-silent stop no-keep-going touch trace version print-directory what-if=text new-file=text assume-new=text warn-undefined-variables',
  reasons: { eval: 'it evaluates text as a makefile' },
});

/** make: recipes are the project's code; `VAR=…` overrides and `--eval` replace them. */
export const make =
  (name: string): Rule =>
  (args, outer) => {
    const parsed = checkArgs(name, makeTable, args, outer, 'text');
    if (isDenial(parsed)) return parsed;
    // make changes to every `-C` folder before it reads a makefile: `-f` resolves there.
    let ctx = outer;
    for (const option of parsed.options) {
      if (!['directory', 'C'].includes(option.def.name) || !option.value) continue;
      const moved = ctx.chdir(option.value);
      if (isDenial(moved)) return moved;
      ctx = moved;
    }
    for (const option of parsed.options) {
      if (!['file', 'f', 'makefile'].includes(option.def.name) || !option.value || option.value.value === '-')
        continue;
      const problem = ctx.checkPath(option.value, 'load');
      if (problem) return problem;
    }
    const override = parsed.operands.find((o) => o.value.includes('='));
    if (override)
      return deny(
        'make-variable-override',
        `\`${name} ${override.value}\` overrides a variable, which can replace the commands a recipe runs; run a target as written.`,
      );
    const stdin = parsed.options.find(
      (o) => ['file', 'f', 'makefile'].includes(o.def.name) && o.value?.value === '-',
    );
    if (stdin) return stdinDenial(name, '-f -');
    if (findParsed(parsed, 'version', 'help', 'h')) return undefined;
    return ctx.workspaceCode(`\`${name}\` runs the recipes of the project's Makefile`);
  };

const shellTable = t({
  short:
    'a b c! C e E f h H i! k l! m n o:e:errexit|nounset|pipefail|xtrace|verbose|noclobber|noglob|errtrace|functrace|posix|noexec|allexport|braceexpand|hashall|monitor|notify|physical|privileged|keyword|onecmd|histexpand|history|ignoreeof|interactive-comments|vi|emacs O! p P r s! t T u v x',
  long: 'norc noprofile posix restricted verbose version help debugger! dump-strings! dump-po-strings! rcfile! init-file! login! noediting',
  permute: false,
  abbreviations: false,
  reasons: {
    c: 'it runs a command string',
    s: 'it reads commands from stdin',
    i: 'it is interactive',
    l: 'a login shell runs profile files',
    O: 'shell options are not needed',
    rcfile: 'it runs another file first',
    'init-file': 'it runs another file first',
    login: 'a login shell runs profile files',
  },
});

/** `bash [-euo pipefail] script.sh`: a workspace script; `-c`/stdin is code from the command line. */
export const shell =
  (name: string): Rule =>
  (args, ctx) => {
    const plus = args.filter((a) => a.value.startsWith('+'));
    const bad = plus.find((a) => !/^\+[euxvo]+$/.test(a.value));
    if (bad) return notAllowed('shell-option', `\`${name} ${bad.value}\` is not on the allowlist.`);
    const parsed = checkArgs(
      name,
      shellTable,
      args.filter((a) => !a.value.startsWith('+') || a.value === '+o'),
      ctx,
      'text',
    );
    if (isDenial(parsed)) {
      return parsed.rule === 'refused-option'
        ? deny(
            'shell-eval',
            `${parsed.message} Run the commands directly, or write a script file and run it.`,
          )
        : parsed;
    }
    if (findParsed(parsed, 'version', 'help')) return undefined;
    const [script] = parsed.rest;
    if (!script || script.value === '-' || script.value.startsWith('/dev/'))
      return stdinDenial(name, script?.value);
    const problem = ctx.checkPath(script, 'read');
    if (problem) return problem;
    if (findParsed(parsed, 'n')) return undefined; // syntax check only
    return ctx.workspaceCode(`\`${name} ${script.value}\` runs a script`);
  };

/** Interpreters that are not on the allowlist, with the options that evaluate code: hard denials. */
export function otherInterpreter(name: string, evalOptions: string[]): Rule {
  return (args) => {
    const bad = args.find((a) =>
      evalOptions.some(
        (o) => a.value === o || (o.startsWith('-') && !o.startsWith('--') && a.value.startsWith(o)),
      ),
    );
    if (bad) return evalDenial(name, bad.value);
    if (!args.some((a: Word) => !a.value.startsWith('-'))) return stdinDenial(name);
    return notAllowed('command-not-allowed', `\`${name}\` is not on the allowlist.`);
  };
}
