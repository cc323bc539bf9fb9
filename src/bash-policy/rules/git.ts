/**
 * git: read-only subcommands, each with the option table of git's parse-options (clusters,
 * glued values, unambiguous abbreviations, `--no-` forms). The action commits and pushes, so
 * write and network subcommands are hard denials; options that run programs (`--ext-diff`,
 * `--textconv`, `-O<pager>`, `--show-signature` with `gpg.program`) are refused, and the ones
 * that write a file (`--output`) are checked as writes.
 */
import { deny, notAllowed } from '../denial.js';
import { extendTable, findParsed, type OptionTable, optionTable as t } from '../options.js';
import { discoveryDenial } from './git-discovery.js';
import { checkArgs, isDenial, type Rule } from './rule.js';

const owner = 'The action commits and pushes your changes itself when you finish; just edit the files.';
const hardSubcommands: Record<string, string> = {
  push: owner,
  commit: owner,
  config: 'git configuration is fixed for the run.',
  remote: 'Remotes are managed by the action.',
  credential: 'Credentials are off limits.',
  fetch: 'Network access is not available.',
  pull: 'Network access is not available.',
  clone: 'Network access is not available.',
  'ls-remote': 'Network access is not available.',
  submodule: 'Submodules are managed by the action.',
  'filter-branch': 'History rewriting is not allowed.',
  daemon: 'Not allowed.',
  'upload-pack': 'Not allowed.',
  'receive-pack': 'Not allowed.',
  'upload-archive': 'Not allowed.',
  'send-email': 'Not allowed.',
  'send-pack': 'Not allowed.',
  'fetch-pack': 'Not allowed.',
  'http-fetch': 'Not allowed.',
  'http-push': 'Not allowed.',
  'imap-send': 'Not allowed.',
  'remote-ext': 'Not allowed.',
  archive: 'Not allowed.',
  bundle: 'Not allowed.',
  hook: 'Running hooks is not allowed.',
  difftool: 'External tools are not allowed.',
  mergetool: 'External tools are not allowed.',
  bisect: '`git bisect run` executes programs; not allowed.',
  instaweb: 'Not allowed.',
  'credential-store': 'Credentials are off limits.',
  'credential-cache': 'Credentials are off limits.',
  'update-ref': 'Refs are managed by the action.',
  'symbolic-ref': 'Refs are managed by the action.',
  replace: 'Not allowed.',
  worktree: 'Not allowed (except `git worktree list`).',
  gc: 'Not allowed.',
  maintenance: 'Not allowed.',
  'fsmonitor--daemon': 'Not allowed.',
  'run-command': 'Not allowed.',
  'sh-setup': 'Not allowed.',
  'web--browse': 'Not allowed.',
  p4: 'Not allowed.',
  svn: 'Not allowed.',
  cvsimport: 'Not allowed.',
  cvsexportcommit: 'Not allowed.',
  cvsserver: 'Not allowed.',
  shell: 'Not allowed.',
  'filter-repo': 'Not allowed.',
};

const globalTable = t({
  short: 'C:text c! p! P h v',
  long: 'no-pager paginate! no-optional-locks literal-pathspecs glob-pathspecs noglob-pathspecs icase-pathspecs no-replace-objects no-lazy-fetch no-advice version help config-env! exec-path?=text! git-dir! work-tree! namespace! bare! super-prefix! list-cmds=text attr-source=text',
  permute: false,
  abbreviations: false,
  rule: 'git-global-option',
  reasons: {
    c: 'it sets configuration, which can name programs git runs (core.pager, core.fsmonitor, diff.external)',
    'config-env': 'it sets configuration, which can name programs git runs',
    'exec-path': 'it changes where git finds its programs',
    'git-dir': 'it points git at another repository',
    'work-tree': 'it points git at another folder',
    namespace: 'not needed',
    bare: 'not needed',
    'super-prefix': 'internal',
    paginate: 'it runs the pager',
    p: 'it runs the pager',
  },
});

const color = 'color?=e:always|never|auto|true|false no-color';
const diffOptions = `patch p s u U::num unified=num raw patch-with-raw z t! output=write output-indicator-new=text output-indicator-old=text output-indicator-context=text indent-heuristic minimal patience histogram anchored=text diff-algorithm=e:patience|minimal|histogram|myers|default stat?=text compact-summary numstat shortstat dirstat?=text cumulative dirstat-by-file?=text summary patch-with-stat name-only name-status submodule?=text ${color} color-moved?=text color-moved-ws=text word-diff?=e:color|plain|porcelain|none word-diff-regex=pat color-words?=pat no-renames rename-empty check ws-error-highlight=text full-index binary abbrev?=num break-rewrites?=text find-renames?=text find-copies?=text find-copies-harder irreversible-delete l:num diff-filter=text S:pat G:pat find-object=text pickaxe-all pickaxe-regex O:read skip-to=text rotate-to=text R relative?=text a text ignore-cr-at-eol ignore-space-at-eol b ignore-space-change w ignore-all-space ignore-blank-lines I:pat ignore-matching-lines=pat inter-hunk-context=num W function-context exit-code quiet ext-diff! textconv! ignore-submodules?=text src-prefix=text dst-prefix=text no-prefix default-prefix line-prefix=text ita-invisible-in-index ita-visible-in-index base ours theirs cached staged merge-base no-index! M::text C::text B::text D 0 1 2 3 q`;

/** Splits the mixed notation above into the long and short halves of a table spec. */
function split(options: string): { short: string; long: string } {
  const short: string[] = [];
  const long: string[] = [];
  for (const token of options.split(/\s+/).filter(Boolean)) {
    const name = token
      .replace(/[?!]?(=.*)?$/, '')
      .replace(/:.*$/, '')
      .replace(/!$/, '');
    if (name.length === 1) short.push(token.replace('=', ':'));
    else long.push(token);
  }
  return { short: short.join(' '), long: long.join(' ') };
}

const reasons = {
  'ext-diff': 'it runs the external diff program from the configuration',
  textconv: 'it runs text conversion programs from the configuration',
  t: 'not needed',
  'show-signature': 'it runs gpg.program',
  'open-files-in-pager': 'it runs a program',
  'no-index': 'it compares files outside the repository',
};

function table(options: string, extra: Partial<Parameters<typeof t>[0]> = {}): OptionTable {
  return t({ ...split(options), negatable: true, reasons, rule: 'git-dangerous-option', ...extra });
}

const revOptions = `0 1 2 3 4 5 6 7 8 9 n:num max-count=num skip=num since=text after=text until=text before=text author=pat committer=pat grep-reflog=pat grep=pat all-match invert-grep i regexp-ignore-case basic-regexp E extended-regexp F fixed-strings P perl-regexp remove-empty merges no-merges min-parents=num max-parents=num first-parent exclude-first-parent-only not all branches?=pat tags?=pat remotes?=pat glob=pat exclude=pat exclude-hidden=text reflog alternate-refs single-worktree ignore-missing bisect stdin! cherry-mark cherry-pick left-only right-only cherry walk-reflogs g merge boundary simplify-by-decoration full-history dense sparse simplify-merges ancestry-path?=text show-pulls date-order author-date-order topo-order reverse no-walk?=text do-walk format=text pretty?=text abbrev-commit no-abbrev-commit oneline encoding=text expand-tabs?=num notes?=text show-notes?=text standard-notes show-signature! relative-date date=text parents children left-right graph show-linear-break?=text c cc dd remerge-diff diff-merges=text m r T follow decorate?=text decorate-refs=pat decorate-refs-exclude=pat clear-decorations source mailmap use-mailmap full-diff log-size L:text count objects objects-edge unpacked object-names no-object-names timestamp header`;

const diffTable = table(diffOptions);
const logTable = table(`${diffOptions} ${revOptions}`);

const subcommands: Record<string, OptionTable> = {
  status: table(
    's short b branch show-stash porcelain?=text long v verbose u::e:no|normal|all untracked-files?=e:no|normal|all ignored?=e:traditional|no|matching ignore-submodules?=text z column?=text ahead-behind renames find-renames?=text no-renames ' +
      color,
  ),
  diff: diffTable,
  'diff-files': diffTable,
  'diff-index': diffTable,
  'diff-tree': table(`${diffOptions} ${revOptions} stdin! root merge-base no-commit-id`),
  log: logTable,
  whatchanged: logTable,
  show: logTable,
  'rev-list': logTable,
  shortlog: table(`${revOptions} ${diffOptions} numbered summary email committer w::text group=text n s e c`),
  blame: table(
    `b root show-stats score-debug f show-name n show-number p porcelain line-porcelain l t c s e show-email w incremental L:text S! contents=read reverse=text first-parent progress M::num C::num date=text ignore-rev=text ignore-revs-file=read color-lines color-by-age minimal abbrev?=num encoding=text`,
    { reasons: { ...reasons, S: 'not needed' } },
  ),
  annotate: table(
    'b root show-stats f n p l t c s e w incremental L:text contents=read M::num C::num date=text abbrev?=num',
  ),
  'ls-files': table(
    'c cached d deleted m modified o others i ignored s stage k killed u unmerged t v f z directory no-empty-directory eol x:pat exclude=pat X:read exclude-from=read exclude-per-directory=text exclude-standard error-unmatch with-tree=text full-name recurse-submodules abbrev?=num debug deduplicate sparse format=text resolve-undo',
  ),
  'ls-tree': table(
    'd r t l long z name-only name-status object-only full-name full-tree abbrev?=num format=text',
  ),
  grep: table(
    `cached untracked no-index! exclude-standard recurse-submodules a text textconv! I i ignore-case w word-regexp v invert-match h H full-name E extended-regexp G basic-regexp P perl-regexp F fixed-strings n line-number column l files-with-matches name-only L files-without-match z null o only-matching c count ${color} break heading p show-function W function-context A:num after-context=num B:num before-context=num C:num context=num threads=num f:read e:pat and or not all-match q quiet max-depth=num r recursive m:num max-count=num O::text! open-files-in-pager?=text! 0 1 2 3 4 5 6 7 8 9`,
    { reasons: { ...reasons, O: 'it runs a program on the matching files' } },
  ),
  'rev-parse': table(
    'abbrev-ref?=text short?=num verify q quiet sq-quote sq not revs-only no-revs flags no-flags default=text prefix=text symbolic symbolic-full-name all branches?=pat tags?=pat remotes?=pat glob=pat exclude=pat disambiguate=text local-env-vars path-format=e:absolute|relative git-dir git-common-dir absolute-git-dir is-inside-git-dir is-inside-work-tree is-bare-repository is-shallow-repository resolve-git-dir=read git-path=text show-toplevel show-superproject-working-tree shared-index-path show-prefix show-cdup show-object-format?=text show-ref-format since=text after=text until=text before=text end-of-options',
  ),
  describe: table(
    'contains tags all long abbrev?=num always dirty?=text broken?=text exact-match match=pat exclude=pat first-parent candidates=num debug',
  ),
  'cat-file': table(
    't s e p textconv! filters! batch?=text batch-check?=text batch-command?=text batch-all-objects buffer unordered follow-symlinks allow-unknown-type use-mailmap mailmap z Z path=text',
  ),
  'merge-base': table('a all octopus independent is-ancestor fork-point'),
  'name-rev': table('tags refs=pat exclude=pat all annotate-stdin name-only undefined always'),
  'show-ref': table(
    'head tags branches heads verify exists d dereference s hash?=num abbrev?=num q quiet exclude-existing?=text',
  ),
  'for-each-ref': table(
    `count=num shell perl python tcl sort=text format=text points-at=text merged?=text no-merged?=text contains?=text no-contains?=text ignore-case omit-empty exclude=pat include-root-refs ${color} stdin!`,
  ),
  'count-objects': table('v verbose H human-readable'),
  'check-ignore': table('q quiet v verbose n non-matching no-index z stdin!'),
  'check-attr': table('a all cached source=text z stdin!'),
  version: table('build-options'),
  'merge-tree': table(
    'write-tree name-only messages quiet z allow-unrelated-histories merge-base=text trivial-merge',
  ),
  'range-diff': table(`${diffOptions} creation-factor=num no-dual-color left-only right-only notes?=text`),
  cherry: table('v abbrev?=num'),
  'verify-commit': table('v raw'),
};

/** Subcommands with modes: only the listing forms are allowed. */
const listings: Record<string, { table: OptionTable; writes: string[]; listWords?: string[] }> = {
  branch: {
    table: table(
      `l list a all r remotes v vv verbose show-current contains?=text no-contains?=text merged?=text no-merged?=text points-at=text sort=text format=text ${color} column?=text no-column i ignore-case omit-empty abbrev?=num d! D! delete! m! M! move! c! C! copy! f force u! set-upstream-to! unset-upstream! edit-description! t track?=text create-reflog`,
    ),
    writes: [],
  },
  tag: {
    table: table(
      `l list n::num sort=text format=text contains?=text no-contains?=text merged?=text no-merged?=text points-at=text ${color} column?=text no-column i ignore-case omit-empty d! delete! v! verify! a! annotate! s! sign! u! local-user! m! message! F! file! f force e edit create-reflog`,
    ),
    writes: [],
  },
};

/**
 * git [-C dir]… <subcommand> …: each `-C` moves where git runs (and where its paths resolve),
 * git must discover the workspace's own repository from there, and every operand is checked
 * as a path read (a revision is a harmless name inside the workspace; a path outside it is
 * refused, which also closes `git diff <outside path>` turning into `--no-index`).
 */
export const git: Rule = (args, outer) => {
  const global = checkArgs('git', globalTable, args, outer, 'text');
  if (isDenial(global)) return global;
  let ctx = outer;
  for (const option of global.options) {
    if (option.def.name !== 'C' || !option.value) continue;
    const moved = ctx.chdir(option.value);
    if (isDenial(moved)) return moved;
    ctx = moved;
  }
  const discovery = discoveryDenial(ctx.cwds, ctx.workspace);
  if (discovery) return discovery;
  const [subWord, ...restWords] = global.rest;
  if (!subWord) return undefined; // `git --version`
  const sub = subWord.value;
  const hard = hardSubcommands[sub];
  if (hard !== undefined || sub.startsWith('credential')) {
    if (sub === 'worktree' && restWords[0]?.value === 'list') return undefined;
    return deny('git-write-subcommand', `\`git ${sub}\` is not allowed. ${hard ?? ''}`.trim());
  }
  if (sub === 'stash') return stash(restWords.map((w) => w.value));
  if (sub === 'reflog') {
    const first = restWords[0]?.value;
    if (first !== undefined && first !== 'show' && !first.startsWith('-'))
      return notAllowed('git-subcommand', `\`git reflog ${first}\` changes the repository.`);
    const parsed = checkArgs(
      'git reflog',
      logTable,
      first === 'show' ? restWords.slice(1) : restWords,
      ctx,
      'read',
    );
    return isDenial(parsed) ? parsed : undefined;
  }
  if (sub === 'help') {
    const parsed = checkArgs(
      'git help',
      table(
        'a all g guides c config user-interfaces developer-interfaces verbose no-verbose external-commands aliases i! info! m! man! w! web!',
      ),
      restWords,
      ctx,
      'text',
    );
    return isDenial(parsed) ? parsed : undefined;
  }
  const listing = listings[sub];
  if (listing) {
    const parsed = checkArgs(`git ${sub}`, listing.table, restWords, ctx, 'read');
    if (isDenial(parsed)) return parsed;
    const listMode =
      findParsed(parsed, 'list', 'l') !== undefined ||
      (sub === 'branch' && findParsed(parsed, 'show-current') !== undefined);
    if (parsed.operands.length > 0 && !listMode)
      return notAllowed(
        'git-subcommand',
        `\`git ${sub} ${parsed.operands[0]!.value}\` creates a ${sub}; only listing is allowed.`,
      );
    return undefined;
  }
  const subTable = subcommands[sub];
  if (!subTable) {
    return notAllowed(
      'git-subcommand',
      `\`git ${sub}\` is not allowed: only read-only git subcommands (status, diff, log, show, blame, grep, …) run here. ${owner}`,
    );
  }
  // `git grep PATTERN [path…]`: the pattern is not a path unless `-e`/`-f` gave it.
  const parsed = checkArgs(`git ${sub}`, subTable, restWords, ctx, (p) =>
    sub === 'grep' && !findParsed(p, 'e', 'f') ? ['pattern', 'read'] : 'read',
  );
  return isDenial(parsed) ? parsed : undefined;
};

function stash(rest: string[]) {
  const [mode, ...more] = rest;
  if (mode === 'list' || (mode === 'show' && more.every((a) => !/^--?(ext|textconv|output|O)/.test(a))))
    return undefined;
  return notAllowed(
    'git-subcommand',
    `\`git stash ${mode ?? ''}\` changes the working tree; only \`git stash list\`/\`show\` are allowed.`.replace(
      '  ',
      ' ',
    ),
  );
}

export { extendTable };
