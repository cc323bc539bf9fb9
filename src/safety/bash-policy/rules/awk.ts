/**
 * awk, gawk, mawk: the program (inline, `-e`, or a `-f` file the policy reads) must be in the
 * safe subset of awk-program.ts; operands are files, or `name=value` assignments.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { POLICY_SCRIPT_FILE_BYTES } from '../../../limits.js';
import { deny } from '../denial.js';
import { optionTable as t } from '../options.js';
import type { Word } from '../words.js';
import { checkAwkProgram } from './awk-program.js';
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
      if (['file', 'f', 'E', 'exec'].includes(option.def.name)) {
        if (value === '-' || value.startsWith('/dev/'))
          return deny(
            'awk-program',
            `\`${name} -f ${value}\` reads the program from stdin; write it inline.`,
          );
        const text = readProgram(ctx.cwd, value);
        if (text === undefined)
          return deny('awk-program', `\`${name} -f ${value}\`: the program file cannot be read to check it.`);
        programs.push(text);
      }
      if (['assign', 'v'].includes(option.def.name) && !/^[A-Za-z_]\w*=/.test(value))
        return deny('awk-option', `\`${name} -v ${value}\` is not a \`name=value\` assignment.`);
      if (['assign', 'v'].includes(option.def.name) && /^(ARGV|ARGC|ENVIRON|PROCINFO|SYMTAB)=/.test(value))
        return deny('awk-option', `\`${name} -v ${value}\` changes what awk reads.`);
    }
    let operands: readonly Word[] = parsed.operands;
    if (programs.length === 0) {
      const [program, ...rest] = operands;
      if (program === undefined) return deny('awk-program', `\`${name}\` needs a program.`);
      programs.push(program.value);
      operands = rest;
    }
    for (const program of programs) {
      const problem = checkAwkProgram(program);
      if (problem) return problem;
    }
    for (const operand of operands) {
      if (/^[A-Za-z_]\w*=/.test(operand.value)) {
        if (/^(ARGV|ARGC|ENVIRON|PROCINFO|SYMTAB)=/.test(operand.value))
          return deny('awk-option', `\`${operand.value}\` changes what awk reads.`);
        continue;
      }
      const problem = checkValue(operand, 'read', `\`${name}\``, ctx);
      if (problem) return problem;
    }
    return undefined;
  };
}

function readProgram(cwd: string, file: string): string | undefined {
  try {
    const full = path.resolve(cwd, file);
    if (statSync(full).size > POLICY_SCRIPT_FILE_BYTES) return undefined;
    return readFileSync(full, 'utf8');
  } catch {
    return undefined;
  }
}
