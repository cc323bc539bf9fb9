/**
 * GNU coreutils and the other small file and text tools, each with the option table of its own
 * getopt_long call. Files they read are `read` operands, files they write (`sort -o`,
 * `uniq IN OUT`, `xxd IN OUT`) are `write`; files that name more files (`--files0-from`,
 * `file -f`, a checksum list under `-c`) are read and every name in them is checked. Options
 * that follow symlinks while walking (`du -L`, `tree -l`, `ls -RL`, `diff -r` without
 * `--no-dereference`) are refused: a walk would leave the workspace through a link inside it.
 */
import { deny } from '../denial.js';
import { findParsed, type ParsedArgs, optionTable as t } from '../options.js';
import type { Word } from '../words.js';
import { checkArgs, checkValue, isDenial, literal, type Rule, type RuleContext, tableRule } from './rule.js';

const help = 'help version';
const digits = '0 1 2 3 4 5 6 7 8 9';

const readers: Record<string, [short: string, long: string]> = {
  cat: [
    'A b e E n s t T u v',
    `show-all number-nonblank show-ends number squeeze-blank show-tabs show-nonprinting ${help}`,
  ],
  tac: ['b r s:text', `before regex separator=text ${help}`],
  nl: [
    'b:text d:text f:text h:text i:num l:num n:text p s:text v:num w:num',
    `body-numbering=text section-delimiter=text footer-numbering=text header-numbering=text line-increment=num join-blank-lines=num number-format=text no-renumber number-separator=text starting-line-number=num number-width=num ${help}`,
  ],
  rev: ['', help],
  fold: ['b s w:num', `bytes spaces width=num ${help}`],
  fmt: [
    'c p:text s t u w:num g:num',
    `crown-margin prefix=text split-only tagged-paragraph uniform-spacing width=num goal=num ${help}`,
  ],
  expand: ['i t:text', `initial tabs=text ${help}`],
  unexpand: ['a t:text', `all first-only tabs=text ${help}`],
  cut: [
    'b:text c:text d:text f:text n s z',
    `bytes=text characters=text delimiter=text fields=text complement only-delimited output-delimiter=text zero-terminated ${help}`,
  ],
  paste: ['d:text s z', `delimiters=text serial zero-terminated ${help}`],
  join: [
    'a:text e:text i j:num o:text t:text v:text z 1:num 2:num',
    `check-order nocheck-order header ignore-case zero-terminated ${help}`,
  ],
  comm: ['1 2 3 z', `check-order nocheck-order output-delimiter=text total zero-terminated ${help}`],
  wc: [
    'c m l L w',
    `bytes chars lines max-line-length words files0-from=list0 total=e:auto|always|only|never ${help}`,
  ],
  head: [
    `c/bytes n/lines q/quiet v/verbose z/zero-terminated ${digits}`,
    `bytes=num lines=num quiet silent verbose zero-terminated ${help}`,
  ],
  tail: [
    `c/bytes f F n/lines q s/sleep-interval v z ${digits}`,
    `bytes=num follow?=e:name|descriptor lines=num max-unchanged-stats=num pid=num quiet retry silent sleep-interval=num verbose zero-terminated ${help}`,
  ],
  md5sum: ['b c t w z', `binary check tag text ignore-missing quiet status strict warn zero ${help}`],
  sha1sum: ['b c t w z', `binary check tag text ignore-missing quiet status strict warn zero ${help}`],
  sha256sum: ['b c t w z', `binary check tag text ignore-missing quiet status strict warn zero ${help}`],
  sha512sum: ['b c t w z', `binary check tag text ignore-missing quiet status strict warn zero ${help}`],
  b2sum: [
    'b c l:num t w z',
    `binary check length=num tag text ignore-missing quiet status strict warn zero ${help}`,
  ],
  cksum: ['a:text l:num', `algorithm=text base64 length=num raw tag untagged check ${help}`],
  base64: ['d i w:num', `decode ignore-garbage wrap=num ${help}`],
  od: [
    'A:text j:num N:num t:text v w::num a b c d f i l o s x',
    `address-radix=text skip-bytes=num read-bytes=num format=text output-duplicates width?=num traditional endian=e:big|little strings?=num ${help}`,
  ],
  hexdump: ['b c C d o x e:text f:read n:num s:num v', ''],
  strings: [
    'a d f n:num t:e:o|d|x e:text w s:text',
    `all data print-file-name bytes=num radix=e:o|d|x encoding=text include-all-whitespace output-separator=text ${help}`,
  ],
  xxd: ['a b C c:num E e g:num i l:num n:text o:num p r d s:text u', ''],
  file: [
    'b c E e:text F:text f/files-from h i k L l m:read N n p r s S v z Z 0',
    `brief checking-printout exclude=text exclude-quiet=text separator=text files-from=list no-dereference mime mime-type mime-encoding keep-going list dereference magic-file=read no-buffer no-pad preserve-date raw special-files no-sandbox uncompress uncompress-noreport print0 extension apple ${help}`,
  ],
  stat: ['L f c:text t', `dereference file-system format=text printf=text terse cached=text ${help}`],
  du: [
    '0 a A b B:text c D d:num H h k L! l m P s S t:text x X:read',
    `null all apparent-size block-size=text bytes total dereference-args max-depth=num human-readable inodes dereference! count-links no-dereference separate-dirs si summarize threshold=text time?=text time-style=text exclude-from=read exclude=pat one-file-system files0-from=list0 ${help}`,
  ],
  tree: [
    'a d l! f x L:num P:pat I:pat o! i s h u g D F q N Q p C n r t c U v J X',
    'noreport dirsfirst gitignore charset=text filelimit=num du si prune matchdirs ignore-case info sort=text timefmt=text help version',
  ],
  readlink: [
    'f e m n q s v z',
    `canonicalize canonicalize-existing canonicalize-missing no-newline quiet silent verbose zero ${help}`,
  ],
  realpath: [
    'e L m P q s z',
    `canonicalize-existing canonicalize-missing logical physical quiet relative-to=read relative-base=read strip no-symlinks zero ${help}`,
  ],
  basename: ['a s:text z', `multiple suffix=text zero ${help}`],
  dirname: ['z', `zero ${help}`],
  column: [
    'c:num e J l:num L n:text N:text o:text O:text r:text s:text t T:text x d H:text E:text W:text R:text i:text p:text',
    `columns=num table output-separator=text separator=text fillrows json ${help}`,
  ],
  diff: [
    'a b B c C:num d D:text e E f F:pat i I:pat l n N p P q r s S:text t T u U:num v w W:num x:pat X:read y Z',
    `text ignore-space-change ignore-blank-lines context?=num minimal ifdef=text ed expand-tabs ignore-tab-expansion show-function-line=pat ignore-case ignore-matching-lines=pat paginate! rcs new-file brief recursive report-identical-files starting-file=text initial-tab unified?=num exclude=pat exclude-from=read side-by-side ignore-trailing-space ignore-all-space width=num color?=e:never|always|auto no-dereference strip-trailing-cr suppress-common-lines suppress-blank-empty left-column label=text line-format=text old-line-format=text new-line-format=text unchanged-line-format=text old-group-format=text new-group-format=text changed-group-format=text unchanged-group-format=text normal speed-large-files horizontal-lines=num unidirectional-new-file ignore-file-name-case no-ignore-file-name-case from-file=read to-file=read tabsize=num palette=text ${help}`,
  ],
  cmp: ['b i:text l n:num s', `print-bytes ignore-initial=text verbose bytes=num quiet silent ${help}`],
  cut_: ['', ''],
};

const textOnly: Record<string, [short: string, long: string]> = {
  echo: ['n e E', ''],
  printf: ['', ''],
  true: ['', ''],
  false: ['', ''],
  ':': ['', ''],
  pwd: ['L P', ''],
  date: [
    'd:text I::text R u s! f:read r:read',
    `date=text iso-8601?=text rfc-email rfc-3339=text utc universal reference=read debug ${help}`,
  ],
  sleep: ['', help],
  seq: ['f:text s:text w', `format=text separator=text equal-width ${help}`],
  uname: [
    'a s n r v m p i o',
    `all kernel-name nodename kernel-release kernel-version machine processor hardware-platform operating-system ${help}`,
  ],
  nproc: ['', `all ignore=num ${help}`],
  whoami: ['', help],
  id: ['a Z g G n r u z', `context group groups name real user zero ${help}`],
  yes: ['', help],
  locale: ['a m c k v', 'all-locales charmaps category-name keyword-name verbose help version'],
  which: ['a s', ''],
  exit: ['', ''],
};

const followReasons = {
  L: 'it follows every symlink while walking, out of the workspace',
  dereference: 'it follows every symlink while walking, out of the workspace',
  l: 'it follows symlinks to folders while walking, out of the workspace',
};

/** Tools whose operands are not all read files. */
const operandKinds: Record<string, (parsed: ParsedArgs) => 'read' | readonly ('read' | 'write')[]> = {
  // xxd [IN [OUT]]: the second operand is written (uniq's is, below).
  xxd: () => ['read', 'write'],
};

/** Tools that expand `@file` arguments into more arguments (binutils' response files). */
const responseFiles = new Set(['strings']);
const checksumTools = new Set(['md5sum', 'sha1sum', 'sha256sum', 'sha512sum', 'b2sum']);

export const coreutilRules: Record<string, Rule> = {};
for (const [name, [short, long]] of Object.entries(readers)) {
  if (name.endsWith('_')) continue;
  const table = t({ short, long, reasons: followReasons });
  coreutilRules[name] = (args, ctx) => {
    if (responseFiles.has(name)) {
      const at = args.find((a) => a.value.startsWith('@'));
      if (at)
        return deny(
          'response-file',
          `\`${name} ${at.value}\` reads more arguments from a file, which the policy cannot see.`,
        );
    }
    const check = checksumTools.has(name) && args.some((a) => /^(-[a-z]*c[a-z]*|--check)$/.test(a.value));
    const parsed = checkArgs(name, table, args, ctx, check ? 'read' : (operandKinds[name] ?? (() => 'read')));
    if (isDenial(parsed)) return parsed;
    if (check) return checkChecksumLists(name, parsed.operands, ctx);
    if (name === 'diff' && findParsed(parsed, 'recursive', 'r')) return recursiveDiff(parsed, ctx);
    return undefined;
  };
}

/** `diff -r` follows symlinks inside the trees unless told not to. */
function recursiveDiff(parsed: ParsedArgs, ctx: RuleContext) {
  if (!findParsed(parsed, 'no-dereference'))
    return deny(
      'recursive-follow',
      '`diff -r` follows symlinks inside the folders, out of the workspace; add `--no-dereference`.',
    );
  for (const op of parsed.operands) {
    const problem = checkValue(op, 'walk', '`diff -r`', ctx);
    if (problem) return problem;
  }
  return undefined;
}

/** `sha256sum -c LIST`: every file the list names is read and checked. */
function checkChecksumLists(name: string, lists: readonly Word[], ctx: RuleContext) {
  if (lists.length === 0) return deny('unchecked-file', `\`${name} -c\` without a list reads it from stdin.`);
  for (const list of lists) {
    const contents = ctx.readChecked(list, false);
    if (isDenial(contents)) return contents;
    for (const line of contents.flatMap((c) => c.split('\n'))) {
      if (line.trim() === '') continue;
      // `HASH  name`, `HASH *name`, or the BSD form `ALGO (name) = HASH`; `\` escapes are refused.
      const file =
        /^[0-9a-fA-F]+ [ *](.+)$/.exec(line)?.[1] ?? /^\w+ \((.+)\) = [0-9a-fA-F]+$/.exec(line)?.[1];
      if (file === undefined || line.startsWith('\\'))
        return deny(
          'unchecked-file',
          `\`${name} -c ${list.value}\` has a line the policy cannot read: \`${line.slice(0, 60)}\`.`,
        );
      const problem = checkValue(literal(file), 'read', `\`${name} -c ${list.value}\``, ctx);
      if (problem) return problem;
    }
  }
  return undefined;
}
for (const [name, [short, long]] of Object.entries(textOnly)) {
  // `printf`/`echo` take no options that name files; `printf -v` assigns a variable, and bash
  // evaluates an array subscript in its name (`printf -v 'a[$(id)]'`), so it is not in the table.
  const table = t({ short, long, permute: !['echo', 'printf', ':', 'true', 'false', 'exit'].includes(name) });
  coreutilRules[name] = (args, ctx) => {
    if (['echo', 'printf', ':', 'true', 'false'].includes(name)) {
      if (name === 'printf' && args[0]?.value.startsWith('-') && args[0].value !== '--')
        return deny(
          'printf-option',
          '`printf -v` assigns a shell variable (and evaluates its subscript); print instead.',
        );
      return undefined; // every argument is text (echo's own flags included)
    }
    const parsed = checkArgs(name, table, args, ctx, 'text');
    return isDenial(parsed) ? parsed : undefined;
  };
}

const lsTable = t({
  short: 'a A b B c C d D f F g G h H i I:pat k l L m n N o p q Q r R s S t T:num u U v w:num x X Z 1',
  long: `all almost-all author escape block-size=text ignore-backups color?=e:always|auto|never|yes|no|tty|force|if-tty|none classify?=e:always|auto|never file-type format=text full-time group-directories-first no-group human-readable si dereference-command-line dereference-command-line-symlink-to-dir hide=pat hyperlink?=e:always|auto|never indicator-style=text inode ignore=pat kibibytes dereference numeric-uid-gid literal hide-control-chars show-control-chars quote-name quoting-style=text reverse recursive size sort=text time=text time-style=text tabsize=num width=num context zero ${help}`,
});

/** ls: `-R` with `-L` lists what symlinks inside the tree lead to. */
coreutilRules['ls'] = (args, ctx) => {
  const parsed = checkArgs('ls', lsTable, args, ctx, 'read');
  if (isDenial(parsed)) return parsed;
  if (findParsed(parsed, 'recursive', 'R') && findParsed(parsed, 'dereference', 'L'))
    return deny('recursive-follow', '`ls -R` with `-L` follows symlinks out of the workspace.');
  return undefined;
};

/** `test`/`[`: the expression is text, except `-v NAME` (bash evaluates an array subscript). */
const testRule: Rule = (args) => {
  const v = args.find((a) => a.value === '-v' || a.value === '-R');
  if (v)
    return deny(
      'test-variable',
      '`test -v`/`-R` evaluates an array subscript as code in bash; it is not allowed.',
    );
  return undefined;
};
coreutilRules['test'] = testRule;
coreutilRules['['] = testRule;

/** sort: `-o FILE` is a write; `--compress-program` runs a program. */
coreutilRules['sort'] = tableRule(
  'sort',
  t({
    short: 'b c C d f g h i k:text M m n o:write R r s S:text t:text T:write u V z',
    rule: 'sort-compress-program',
    reasons: { 'compress-program': 'it runs a program' },
    long: `ignore-leading-blanks check?=text dictionary-order ignore-case general-numeric-sort human-numeric-sort ignore-nonprinting key=text month-sort merge numeric-sort output=write random-sort random-source=read reverse sort=text stable buffer-size=text field-separator=text temporary-directory=write unique version-sort zero-terminated batch-size=num compress-program=text! debug files0-from=list0 parallel=num ${help}`,
  }),
  'read',
);
/** uniq [IN [OUT]]: the second operand is written. */
coreutilRules['uniq'] = tableRule(
  'uniq',
  t({
    short: 'c d D f:num i s:num u w:num z',
    long: `count repeated all-repeated?=text skip-fields=num group?=text ignore-case skip-chars=num unique zero-terminated check-chars=num ${help}`,
  }),
  ['read', 'write'],
);
coreutilRules['tr'] = tableRule(
  'tr',
  t({ short: 'c C d s t', long: `complement delete squeeze-repeats truncate-set1 ${help}` }),
  'text',
);
/** `type`, `command -v`: look-ups by name. */
coreutilRules['type'] = tableRule('type', t({ short: 'a f p P t', abbreviations: false }), 'text');
coreutilRules['command'] = (args) =>
  args[0]?.value === '-v' || args[0]?.value === '-V'
    ? undefined
    : deny('wrapper', '`command` runs another command past the shell functions; call the command directly.');
