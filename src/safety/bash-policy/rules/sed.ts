/**
 * sed: read-only use. `-i` is refused (edits go through edit_file) and so is every script
 * command that runs a program or touches another file: `e`, `r`, `R`, `w`, `W` and the `e`/`w`
 * flags of `s`. The script is scanned command by command; anything the scanner does not
 * recognise is refused rather than guessed.
 */
import { type Denial, deny } from '../denial.js';
import { longOption, type Rule } from './rule.js';

const editHint = 'Use edit_file to modify files; sed may only print.';

export const sed: Rule = (args) => {
  const scripts: string[] = [];
  let positional = 0;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--' || !arg.startsWith('-') || arg === '-') {
      if (scripts.length === 0 && positional === 0 && arg !== '--') scripts.push(arg);
      positional++;
      continue;
    }
    if (longOption(arg, ['--in-place']))
      return deny('sed-in-place', `\`sed ${arg}\` edits files in place. ${editHint}`);
    if (longOption(arg, ['--file']))
      return deny('sed-script-file', 'sed scripts must be given inline (`-e`), not read from a file.');
    if (longOption(arg, ['--expression'])) {
      const value = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : args[++i];
      if (value !== undefined) scripts.push(value);
      continue;
    }
    if (arg.startsWith('--')) continue; // --quiet, --regexp-extended, --debug, --sandbox, …
    for (let j = 1; j < arg.length; j++) {
      const ch = arg[j]!;
      if (ch === 'i') return deny('sed-in-place', `\`sed ${arg}\` edits files in place. ${editHint}`);
      if (ch === 'f')
        return deny('sed-script-file', 'sed scripts must be given inline (`-e`), not read from a file.');
      if (ch === 'e' || ch === 'l') {
        const value = j + 1 < arg.length ? arg.slice(j + 1) : args[++i];
        if (ch === 'e' && value !== undefined) scripts.push(value);
        break;
      }
      if (!'nErszu'.includes(ch))
        return deny('sed-option', `\`sed -${ch}\` is not an option the policy knows.`);
    }
  }
  for (const script of scripts) {
    const problem = scanSedScript(script);
    if (problem) return problem;
  }
  return undefined;
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
