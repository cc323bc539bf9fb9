/**
 * Rules for file and text tools whose options can run programs or write outside their
 * arguments: find, awk, rg, fd, sort, tar, zip, plus the few write commands that stay allowed.
 */
import { deny, notAllowed } from '../denial.js';
import { findOption, optionArgs, positionals, type Rule } from './rule.js';

export const find: Rule = (args) => {
  const bad = args.find((a) =>
    ['-exec', '-execdir', '-ok', '-okdir', '-delete', '-fprint', '-fprint0', '-fprintf', '-fls'].includes(a),
  );
  return bad
    ? deny(
        'find-action',
        `\`find ${bad}\` runs a program, deletes or writes files; only searching and printing are allowed. Use glob/grep to search, edit_file to change files.`,
      )
    : undefined;
};

export const fd: Rule = (args) => {
  const bad = findOption(args, { long: ['--exec', '--exec-batch'], short: 'xX', takesValue: 'edEtgcjS' });
  return bad ? deny('fd-exec', `\`fd ${bad}\` runs a program for each match; it is not allowed.`) : undefined;
};

export const rg: Rule = (args) => {
  const bad = findOption(args, {
    long: ['--pre', '--pre-glob', '--search-zip', '--hostname-bin'],
    short: 'z',
    takesValue: 'ABCefgjmMrtTEd',
  });
  return bad
    ? deny('rg-preprocessor', `\`rg ${bad}\` runs a program on each file; it is not allowed.`)
    : undefined;
};

export const sort: Rule = (args) => {
  const bad = findOption(args, { long: ['--compress-program'] });
  return bad
    ? deny('sort-compress-program', `\`sort ${bad}\` runs a program; it is not allowed.`)
    : undefined;
};

/** awk programs may not run commands, read other input, or print into files or pipes. */
export const awk: Rule = (args) => {
  const bad = findOption(args, {
    long: ['--file', '--exec', '--load', '--include', '--source'],
    exact: ['-f', '-E', '-l', '-i'],
  });
  if (bad) return deny('awk-option', `\`awk ${bad}\` loads code from a file; write the program inline.`);
  const opts = optionArgs(args);
  let program: string | undefined;
  for (let i = 0; i < opts.length; i++) {
    const arg = opts[i]!;
    if (arg === '-v' || arg === '-F') i++;
    else if (!arg.startsWith('-')) {
      program = arg;
      break;
    }
  }
  program ??= args[args.indexOf('--') + 1];
  if (program === undefined) return undefined;
  if (/\b(system|getline|close|fflush)\b|\||@load|@include|\bprintf?\b[^;{}\n]*>/.test(program)) {
    return deny(
      'awk-program',
      'The awk program uses system(), getline, a pipe or output redirection; awk may only print to stdout.',
    );
  }
  return undefined;
};

export const tar: Rule = (args) => {
  const bad = findOption(args, {
    long: [
      '--to-command',
      '--checkpoint-action',
      '--use-compress-program',
      '--rsh-command',
      '--info-script',
      '--new-volume-script',
    ],
    exact: ['-I', '-F'],
  });
  if (bad) return deny('archive-command', `\`tar ${bad}\` runs a program; it is not allowed.`);
  return notAllowed('command-not-allowed', '`tar` is not on the allowlist.');
};

export const zip: Rule = (args) => {
  const bad = findOption(args, { long: ['--unzip-command', '--test'], exact: ['-T', '-TT'] });
  if (bad) return deny('archive-command', `\`zip ${bad}\` runs a program; it is not allowed.`);
  return notAllowed('command-not-allowed', '`zip` is not on the allowlist.');
};

export const cp: Rule = (args) => {
  const bad = findOption(args, { long: ['--symbolic-link', '--link'], short: 'sl' });
  return bad
    ? deny('symlink', `\`cp ${bad}\` creates links, which can point outside the workspace.`)
    : undefined;
};

export const rm: Rule = (args) => {
  if (findOption(args, { long: ['--no-preserve-root'] }))
    return deny('rm-root', 'Refusing `--no-preserve-root`.');
  const targets = positionals(args);
  if (targets.some((t) => ['.', './', '*', '..'].includes(t))) {
    return deny('rm-workspace', 'Removing the whole workspace is not allowed; name the files to delete.');
  }
  return undefined;
};

export const chmod: Rule = (args) => {
  const mode = positionals(args)[0] ?? '';
  return /^([ugoa]*[-+=][rwxX]+,?)+$|^[0-7]{3}$/.test(mode)
    ? undefined
    : deny(
        'chmod-mode',
        `\`chmod ${mode}\`: only plain read/write/execute modes are allowed (no setuid/setgid).`,
      );
};

/** `command -v name` (look-up) is fine; `command name` runs `name` past the policy. */
export const command: Rule = (args) =>
  args[0] === '-v' || args[0] === '-V'
    ? undefined
    : deny('wrapper', '`command` runs another command; call the command directly.');
