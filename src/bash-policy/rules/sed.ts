/**
 * sed: every script command that runs a program or touches another file is refused: `e`, `r`,
 * `R`, `w`, `W` and the `e`/`w` flags of `s`; `-i` is refused (edits go through edit_file).
 * The script is scanned command by command, the way GNU sed reads it: `-e` pieces and `-f`
 * files joined by newlines into one script; anything the scanner does not recognise is refused
 * rather than guessed. A `-f` file is read from every folder the command may run in, and
 * refused when the agent wrote it this run or another command of the line writes it.
 */
import { type Denial, deny } from '../denial.js';
import { optionTable as t } from '../options.js';
import { checkArgs, checkOperands, checkValue, isDenial, type Rule } from './rule.js';

const editHint = 'Use edit_file to modify files; sed may only print.';

const table = t({
  short: 'n/quiet e/expression f/file i! l/line-length E r s/separate u/unbuffered z/null-data',
  long: 'quiet silent debug expression=pat file=load follow-symlinks in-place?=text! line-length=num posix regexp-extended separate sandbox unbuffered null-data binary help version',
  rule: 'sed-in-place',
  reasons: { i: `it edits files in place. ${editHint}`, 'in-place': `it edits files in place. ${editHint}` },
});

/**
 * sed: the scripts (inline, `-e`, or a `-f` file the policy reads) are scanned; the files are
 * read, or written with `-i` (whose backup suffix may not name another folder).
 */
export const sed: Rule = (args, ctx) => {
  const parsed = checkArgs('sed', table, args, ctx, 'text');
  if (isDenial(parsed)) return parsed;
  const scripts: string[] = [];
  let inPlace = false;
  for (const option of parsed.options) {
    const value = option.value?.value ?? '';
    if (option.def.name === 'expression') scripts.push(value);
    if (option.def.name === 'file' && option.value) {
      const problem = checkValue(option.value, 'load', '`sed -f`', ctx);
      if (problem) return problem;
      const texts = ctx.readChecked(option.value, true);
      if (isDenial(texts)) return texts;
      scripts.push(...texts);
    }
    if (option.def.name === 'in-place' || option.def.name === 'i') {
      inPlace = true;
      if (!/^[\w.~-]*$/.test(value))
        return deny(
          'sed-in-place',
          `\`sed -i${value}\`: a backup suffix may not contain \`/\` or \`*\` (it can name another folder).`,
        );
    }
  }
  let files = parsed.operands;
  if (scripts.length === 0) {
    const [script, ...rest] = files;
    if (script === undefined) return deny('sed-syntax', '`sed` needs a script.');
    scripts.push(script.value);
    files = rest;
  }
  for (const script of scripts.length > 1 ? [...scripts, scripts.join('\n')] : scripts) {
    const problem = scanSedScript(script);
    if (problem) return problem;
  }
  if (inPlace && files.length === 0) return deny('sed-in-place', '`sed -i` needs files.');
  return checkOperands('sed', files, inPlace ? 'write' : 'read', ctx);
};

const simpleCommands = new Set([
  '=',
  'd',
  'D',
  'g',
  'G',
  'h',
  'H',
  'n',
  'N',
  'p',
  'P',
  'x',
  'z',
  'F',
  '{',
  '}',
]);

/** Scans one sed script; returns a denial for program-running or file-touching commands. */
export function scanSedScript(script: string): Denial | undefined {
  const s = script;
  let i = 0;
  const refuse = (what: string) =>
    deny(
      'sed-command',
      `The sed script uses ${what}, which runs a program or reads/writes another file. ${editHint}`,
    );
  const skipTo = (stops: string) => {
    while (i < s.length && !stops.includes(s[i]!)) i++;
  };
  const skipDelimited = (delim: string): boolean => {
    while (i < s.length && s[i] !== delim) {
      if (s[i] === '\\') i++;
      if (s[i] === '\n') return false;
      i++;
    }
    if (i >= s.length) return false;
    i++;
    return true;
  };
  const address = (): boolean => {
    const ch = s[i];
    if (ch === undefined) return true;
    if (/[0-9$+~]/.test(ch)) {
      while (i < s.length && /[0-9$~+]/.test(s[i]!)) i++;
    } else if (ch === '/' || ch === '\\') {
      const delim = ch === '\\' ? s[i + 1] : '/';
      i += ch === '\\' ? 2 : 1;
      if (!delim || !skipDelimited(delim)) return false;
      while (s[i] === 'I' || s[i] === 'M') i++;
    }
    return true;
  };
  while (i < s.length) {
    while (i < s.length && /[\s;]/.test(s[i]!)) i++;
    if (i >= s.length) break;
    if (s[i] === '#') {
      skipTo('\n');
      continue;
    }
    if (!address()) return deny('sed-syntax', 'The sed script has an address the policy cannot parse.');
    if (s[i] === ',') {
      i++;
      if (!address()) return deny('sed-syntax', 'The sed script has an address the policy cannot parse.');
    }
    while (s[i] === ' ' || s[i] === '!') i++;
    const cmd = s[i++];
    if (cmd === undefined) break;
    if (simpleCommands.has(cmd)) continue;
    switch (cmd) {
      case 'e':
      case 'r':
      case 'R':
      case 'w':
      case 'W':
        return refuse(`the \`${cmd}\` command`);
      case 's': {
        const delim = s[i++];
        if (!delim || delim === '\\' || delim === '\n' || !skipDelimited(delim) || !skipDelimited(delim)) {
          return deny('sed-syntax', 'The sed `s` command could not be parsed.');
        }
        const flags = /^[^;}\n\s#]*/.exec(s.slice(i))?.[0] ?? '';
        if (/[ew]/.test(flags)) return refuse(`the \`${flags.includes('e') ? 'e' : 'w'}\` flag of \`s\``);
        if (!/^[gpiImM0-9]*$/.test(flags)) return deny('sed-syntax', `Unknown \`s\` flags \`${flags}\`.`);
        i += flags.length;
        break;
      }
      case 'y': {
        const delim = s[i++];
        if (!delim || !skipDelimited(delim) || !skipDelimited(delim))
          return deny('sed-syntax', 'The sed `y` command could not be parsed.');
        break;
      }
      case 'a':
      case 'i':
      case 'c':
        skipTo('\n'); // the text runs to the end of the line, `;` included
        break;
      case ':':
      case 'b':
      case 't':
      case 'T':
      case 'v':
        skipTo(';\n}');
        break;
      case 'q':
      case 'Q':
      case 'l':
      case 'L':
        while (i < s.length && /[0-9 ]/.test(s[i]!)) i++;
        break;
      default:
        return deny('sed-syntax', `The sed command \`${cmd}\` is not one the policy knows.`);
    }
  }
  return undefined;
}
