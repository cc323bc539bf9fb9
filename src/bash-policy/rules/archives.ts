/**
 * Archives, listed only: `tar -t` and `unzip -l`. tar's old-style first word (`tar tvf x.tar`)
 * is a bundle of letters whose values are taken from the following words in order, the way tar
 * reads it (`tar tfC a.tar dir` gives `-f a.tar -C dir`), so it is rewritten into separate
 * options before the table reads it. A file list (`-T`) may hold options for tar, so it is
 * refused; so is every option that runs a program.
 */
import { deny, notAllowed } from '../denial.js';
import { findParsed, optionTable as t } from '../options.js';
import type { Word } from '../words.js';
import { checkArgs, checkOperands, isDenial, literal, type Rule } from './rule.js';

const tarTable = t({
  short: 't v f:read z j J a Z C:read O! x! c! r! u! A! I! F! T! X:read w! k h P! p',
  long: 'list verbose file=read gzip gunzip bzip2 xz zstd lzma auto-compress directory=read wildcards no-wildcards exclude=pat exclude-from=read anchored no-anchored numeric-owner full-time utc null force-local extract! get! create! append! update! delete! to-command! use-compress-program! checkpoint-action! rsh-command! info-script! new-volume-script! to-stdout! files-from! absolute-names!',
  reasons: {
    x: 'it extracts (use `tar -t` to list)',
    extract: 'it extracts (use `tar -t` to list)',
    get: 'it extracts (use `tar -t` to list)',
    c: 'it creates archives',
    create: 'it creates archives',
    'to-command': 'it runs a program',
    'use-compress-program': 'it runs a program',
    I: 'it runs a program',
    'checkpoint-action': 'it runs a program',
    'rsh-command': 'it runs a program',
    'info-script': 'it runs a program',
    F: 'it runs a program',
    'new-volume-script': 'it runs a program',
    T: 'a file list can hold options for tar (`--to-command`)',
    'files-from': 'a file list can hold options for tar (`--to-command`)',
  },
});

/** `tar tvf x.tar …` → `tar -t -v -f x.tar …`: each letter that takes a value takes the next word. */
export function expandOldStyle(args: readonly Word[]): Word[] | undefined {
  const [first, ...rest] = args;
  if (!first || first.value.startsWith('-')) return [...args];
  const out: Word[] = [];
  const queue = [...rest];
  for (const letter of first.value) {
    const def = tarTable.short.get(letter);
    if (!def) return undefined;
    out.push(literal(`-${letter}`));
    if (def.value) {
      const value = queue.shift();
      if (!value) return undefined;
      out.push(value);
    }
  }
  return [...out, ...queue];
}

/** tar: listing only (`-t`), from a workspace file; no programs, no remote archives. */
export const tar: Rule = (args, ctx) => {
  const expanded = expandOldStyle(args);
  if (!expanded)
    return deny('tar-mode', `\`tar ${args[0]?.value}\` is not a bundle of options the policy knows.`);
  const parsed = checkArgs('tar', tarTable, expanded, ctx, 'pattern');
  if (isDenial(parsed)) return parsed;
  if (!findParsed(parsed, 'list', 't'))
    return notAllowed('tar-mode', '`tar` may only list archives (`tar -tf file`).');
  const file = findParsed(parsed, 'file', 'f')?.value?.value ?? '';
  if (file.includes(':') && !findParsed(parsed, 'force-local'))
    return deny('tar-remote', `\`tar -f ${file}\` names a remote archive (it runs rsh); not allowed.`);
  return undefined;
};

/** unzip -l / -v / -t / -Z: listing and testing only. */
export const unzip: Rule = (args, ctx) => {
  const options = args.filter((a) => a.value.startsWith('-'));
  const mode = options.map((o) => o.value).join('');
  if (!/^(-[lvtZq1hmsz]+)+$/.test(mode) || !/[lvtZ]/.test(mode))
    return notAllowed('unzip-mode', '`unzip` may only list or test archives (`unzip -l file.zip`).');
  const [archive, ...members] = args.filter((a) => !a.value.startsWith('-'));
  if (!archive) return deny('unzip-mode', '`unzip -l` needs an archive.');
  return ctx.checkPath(archive, 'read') ?? checkOperands('unzip', members, 'pattern', ctx);
};
