/**
 * awk, gawk, mawk: the program (inline, `-e`, or a `-f` file the policy reads) must parse in
 * the safe subset of awk-program.ts; operands are files, or `name=value` assignments. A `-f`
 * file is read from every folder the command may run in, and refused when the agent wrote it
 * this run or another command of the line writes it: what is checked is what runs.
 */
import { deny } from '../denial.js';
import { optionTable as t } from '../options.js';
import type { Word } from '../words.js';
import { checkAwkProgram, refusedAwkName } from './awk-program.js';
import { checkArgs, checkValue, isDenial, type Rule } from './rule.js';

const table = t({
  short:
    'F:text v:text f:load e:text b c C d! D! E:load g h i! l! L::text M n N o! O p! P r s S t V W:e:version|interactive|posix_space|sprintf',
  long: 'field-separator=text assign=text file=load source=text characters-as-bytes traditional copyright dump-variables! debug! exec=load gen-pot help include! load! lint?=text bignum use-lc-numeric non-decimal-data optimize profile! pretty-print! posix re-interval no-optimize sandbox lint-old version',
  reasons: {
    include: 'it loads an awk library',
    i: 'it loads an awk library',
    load: 'it loads a shared library',
    l: 'it loads a shared library',
    'dump-variables': 'it writes a file',
    d: 'it writes a file',
    debug: 'it reads debugger commands',
    D: 'it reads debugger commands',
    profile: 'it writes a file',
    p: 'it writes a file',
    'pretty-print': 'it writes a file',
    o: 'it writes a file',
  },
});

/** The rule for one awk implementation. */
export function awk(name: string): Rule {
  return (args, ctx) => {
    const parsed = checkArgs(name, table, args, ctx, 'text');
    if (isDenial(parsed)) return parsed;
    const programs: string[] = [];
    for (const option of parsed.options) {
      const value = option.value?.value ?? '';
      if (['source', 'e'].includes(option.def.name)) programs.push(value);
      if (['file', 'f', 'E', 'exec'].includes(option.def.name) && option.value) {
        const texts = ctx.readChecked(option.value, true);
        if (isDenial(texts)) return texts;
        programs.push(...texts);
      }
      if (['assign', 'v'].includes(option.def.name)) {
        const problem = checkAssignment(name, value, true);
        if (problem) return problem;
      }
    }
    let operands: readonly Word[] = parsed.operands;
    if (programs.length === 0) {
      const [program, ...rest] = operands;
      if (program === undefined) return deny('awk-program', `\`${name}\` needs a program.`);
      programs.push(program.value);
      operands = rest;
    }
    // awk reads its `-e`/`-f` sources as one program, joined by newlines; each piece must parse too.
    for (const program of programs.length > 1 ? [...programs, programs.join('\n')] : programs) {
      const problem = checkAwkProgram(program);
      if (problem) return problem;
    }
    for (const operand of operands) {
      if (/^[A-Za-z_]\w*=/.test(operand.value)) {
        const problem = checkAssignment(name, operand.value, false);
        if (problem) return problem;
        continue;
      }
      const problem = checkValue(operand, 'read', `\`${name}\``, ctx);
      if (problem) return problem;
    }
    return undefined;
  };
}

/** `-v name=value` and `name=value` operands: a plain name that is not one the subset refuses. */
function checkAssignment(awkName: string, text: string, option: boolean) {
  const shown = option ? `${awkName} -v ${text}` : text;
  const name = /^([A-Za-z_]\w*)=/.exec(text)?.[1];
  if (!name) return deny('awk-option', `\`${shown}\` is not a \`name=value\` assignment.`);
  const refused = refusedAwkName(name);
  return refused ? deny('awk-option', `\`${shown}\` sets \`${name}\`, which ${refused}.`) : undefined;
}
