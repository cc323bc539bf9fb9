/**
 * Searching tools: grep, ripgrep, find and fd. They walk folders, so a recursive search must
 * not enter `.git/` (where a checkout's credentials live) nor follow symlinks out of the workspace,
 * and the options that run a program per file (`rg --pre`, `find -exec`, `fd -x`) are refused.
 */
import { deny } from '../denial.js';
import { findParsed, optionTable as t } from '../options.js';
import type { Word } from '../words.js';
import { checkArgs, checkValue, isDenial, type Rule } from './rule.js';

const grepTable = t({
  short:
    'A:num B:num C:num D/devices E F G P e/regexp f/file i y w x z s v V m:num b n H h o q a I d/directories r/recursive R/dereference-recursive l L c T u U Z 0 1 2 3 4 5 6 7 8 9',
  long: 'extended-regexp fixed-strings basic-regexp perl-regexp regexp=pat file=read ignore-case no-ignore-case word-regexp line-regexp null-data no-messages invert-match version help max-count=num byte-offset line-number no-line-number line-buffered with-filename no-filename label=text only-matching quiet silent binary-files=e:binary|text|without-match text devices=e:read|skip directories=e:read|recurse|skip exclude=pat exclude-from=read exclude-dir=pat include=pat recursive dereference-recursive files-without-match files-with-matches count initial-tab null after-context=num before-context=num context=num color?=e:never|always|auto colour?=e:never|always|auto binary',
});

/** grep/egrep/fgrep: the first operand is the pattern unless `-e`/`-f` gave one. */
export function grep(name: string): Rule {
  return (args, ctx) => {
    const parsed = checkArgs(name, grepTable, args, ctx, (p) =>
      findParsed(p, 'regexp', 'file') ? 'read' : ['pattern', 'read'],
    );
    if (isDenial(parsed)) return parsed;
    if (findParsed(parsed, 'dereference-recursive'))
      return deny('recursive-follow', `\`${name} -R\` follows symlinks out of the workspace; use \`-r\`.`);
    const recursive =
      findParsed(parsed, 'recursive') ||
      parsed.options.some((o) => o.def.name === 'directories' && o.value?.value === 'recurse');
    if (!recursive) return undefined;
    const excluded = parsed.options.some(
      (o) => o.def.name === 'exclude-dir' && ['.git', '.git/', '.*'].includes(o.value?.value ?? ''),
    );
    const hasPattern = findParsed(parsed, 'regexp', 'file') !== undefined;
    const dirs = parsed.operands.slice(hasPattern ? 0 : 1);
    return walkAll(name, dirs.length > 0 ? dirs : [{ value: '.', glob: false }], excluded, ctx);
  };
}

function walkAll(
  name: string,
  dirs: readonly Word[],
  gitExcluded: boolean,
  ctx: Parameters<Rule>[1],
): ReturnType<Rule> {
  if (gitExcluded) return undefined;
  for (const dir of dirs) {
    const problem = checkValue(dir, 'walk', `\`${name}\``, ctx);
    if (problem) return problem;
  }
  return undefined;
}

const rgTable = t({
  short:
    'A:num B:num C:num c d:num E:text e:pat f:read F g:pat H h i I j:num L l M:num m:num N n o p P q r:text S s t:text T:text U u v V w x z! 0 .',
  long: 'after-context=num before-context=num context=num count count-matches crlf no-crlf debug trace dfa-size-limit=text encoding=text no-encoding engine=e:default|pcre2|auto regexp=pat file=read files files-with-matches files-without-match fixed-strings no-fixed-strings follow no-follow glob=pat iglob=pat glob-case-insensitive no-glob-case-insensitive heading no-heading hidden no-hidden ignore-case ignore-file=read ignore-file-case-insensitive include-zero invert-match json no-json line-buffered block-buffered line-number no-line-number line-regexp max-columns=num max-columns-preview max-count=num max-depth=num maxdepth=num max-filesize=text mmap no-mmap multiline no-multiline multiline-dotall no-config no-ignore no-ignore-dot no-ignore-exclude no-ignore-files no-ignore-global no-ignore-parent no-ignore-vcs no-messages no-pcre2-unicode no-unicode null null-data one-file-system only-matching passthru pcre2 no-pcre2 pcre2-version path-separator=text pretty quiet regex-size-limit=text replace=text search-zip! pre! pre-glob! hostname-bin! case-sensitive smart-case sort=text sortr=text stats no-stats text no-text threads=num trim no-trim type=text type-not=text type-add=text type-clear=text type-list unrestricted vimgrep with-filename no-filename word-regexp auto-hybrid-regex binary no-binary color=e:never|auto|always|ansi colors=text column no-column context-separator=text field-context-separator=text field-match-separator=text heading help version generate=text ignore no-ignore-messages no-require-git sort-files files-from=list hyperlink-format=text',
  rule: 'rg-preprocessor',
  reasons: {
    pre: 'it runs a program on every file',
    'pre-glob': 'it runs a program on every file',
    'search-zip': 'it runs decompression programs',
    z: 'it runs decompression programs',
    'hostname-bin': 'it runs a program',
  },
});

/** ripgrep: skips hidden files (so `.git/`) and symlinks by default; asking for them is a walk. */
export const rg: Rule = (args, ctx) => {
  const parsed = checkArgs('rg', rgTable, args, ctx, (p) =>
    findParsed(p, 'regexp', 'file', 'files', 'type-list') ? 'read' : ['pattern', 'read'],
  );
  if (isDenial(parsed)) return parsed;
  if (findParsed(parsed, 'follow', 'L'))
    return deny('recursive-follow', '`rg -L`/`--follow` follows symlinks out of the workspace.');
  const unrestricted = parsed.options.filter(
    (o) => o.def.name === 'u' || o.def.name === 'unrestricted',
  ).length;
  const hidden = findParsed(parsed, 'hidden', '.') !== undefined || unrestricted >= 2;
  if (!hidden) return undefined;
  const excluded = parsed.options.some(
    (o) =>
      ['glob', 'g', 'iglob'].includes(o.def.name) &&
      /^!(\*\*\/)?\.git(\/(\*\*)?)?$/.test(o.value?.value ?? ''),
  );
  const patternGiven = findParsed(parsed, 'regexp', 'file', 'files') !== undefined;
  const dirs = parsed.operands.slice(patternGiven ? 0 : 1);
  return walkAll('rg', dirs.length > 0 ? dirs : [{ value: '.', glob: false }], excluded, ctx);
};

/** find's expression words: tests and actions by how many arguments they take, and their kind. */
const findPrimaries: Record<string, 'flag' | 'text' | 'read' | 'pattern' | 'number' | 'refuse'> = {};
for (const w of '-a -and -o -or -not ! ( ) , -true -false -print -print0 -ls -prune -quit -depth -d -mount -xdev -noleaf -ignore_readdir_race -noignore_readdir_race -daystart -follow -empty -executable -readable -writable -nogroup -nouser -help -version'.split(
  ' ',
))
  findPrimaries[w] = 'flag';
for (const w of '-name -iname -path -ipath -wholename -iwholename -regex -iregex -lname -ilname'.split(' '))
  findPrimaries[w] = 'pattern';
for (const w of '-maxdepth -mindepth -amin -atime -cmin -ctime -mmin -mtime -size -links -inum -uid -gid -used'.split(
  ' ',
))
  findPrimaries[w] = 'number';
for (const w of '-type -xtype -perm -user -group -fstype -printf -regextype -samefile -context -files0-from -D -O'.split(
  ' ',
))
  findPrimaries[w] = 'text';
for (const w of '-newer -anewer -cnewer -samefile'.split(' ')) findPrimaries[w] = 'read';
for (const w of '-exec -execdir -ok -okdir -delete -fprint -fprint0 -fprintf -fls -files0-from'.split(' '))
  findPrimaries[w] = 'refuse';

/** find [-H|-L|-P] [start…] [expression]: starting points walked, expression words by table. */
export const find: Rule = (args, ctx) => {
  let i = 0;
  for (; i < args.length && /^-[HLP]+$/.test(args[i]!.value); i++) {
    if (/[HL]/.test(args[i]!.value))
      return deny('recursive-follow', '`find -L`/`-H` follows symlinks out of the workspace.');
  }
  const starts: Word[] = [];
  for (; i < args.length; i++) {
    const v = args[i]!.value;
    if (v.startsWith('-') || v === '!' || v === '(') break;
    starts.push(args[i]!);
  }
  for (const start of starts.length ? starts : [{ value: '.', glob: false }]) {
    const problem = checkValue(start, 'read', '`find`', ctx);
    if (problem) return problem;
  }
  for (; i < args.length; i++) {
    const word = args[i]!.value;
    const kind = findPrimaries[word];
    if (kind === undefined)
      return deny('find-expression', `\`find ${word}\` is not a test or action the policy knows.`);
    if (kind === 'refuse')
      return deny(
        'find-action',
        `\`find ${word}\` runs a program, deletes or writes files; only searching and printing are allowed. Use glob/grep to search, edit_file to change files.`,
      );
    if (word === '-follow')
      return deny('recursive-follow', '`find -follow` follows symlinks out of the workspace.');
    if (kind === 'flag') continue;
    const value = args[++i];
    if (!value) return deny('find-expression', `\`find ${word}\` needs a value.`);
    if (kind === 'read') {
      const problem = checkValue(value, 'read', `\`find ${word}\``, ctx);
      if (problem) return problem;
    }
  }
  return undefined;
};

const fdTable = t({
  short: 'H I u s i g F a l L p d:num t:text e:text E:pat S:text o:text c:text j:num x! X! 0 h V q',
  long: 'hidden no-hidden no-ignore no-ignore-vcs no-ignore-parent no-global-ignore-file unrestricted case-sensitive ignore-case glob regex fixed-strings and=pat absolute-path relative-path list-details follow full-path max-depth=num min-depth=num exact-depth=num prune type=text extension=text exclude=pat size=text changed-within=text changed-before=text owner=text format=text color=e:auto|always|never threads=num max-results=num one-file-system base-directory=read path-separator=text search-path=read strip-cwd-prefix?=text print0 quiet show-errors ignore-file=read exec! exec-batch! batch-size=num help version',
  rule: 'fd-exec',
  reasons: {
    exec: 'it runs a program for each match',
    'exec-batch': 'it runs a program',
    x: 'it runs a program for each match',
    X: 'it runs a program',
  },
});

/** fd [pattern] [path…]: skips hidden files unless asked. */
export const fd: Rule = (args, ctx) => {
  const parsed = checkArgs('fd', fdTable, args, ctx, ['pattern', 'read']);
  if (isDenial(parsed)) return parsed;
  if (findParsed(parsed, 'follow', 'L'))
    return deny('recursive-follow', '`fd -L` follows symlinks out of the workspace.');
  return undefined;
};
