/**
 * git: read-only subcommands only. The action itself commits and pushes, so write and network
 * subcommands are hard denials; options that run programs or write files are refused everywhere.
 */
import { type Denial, deny, notAllowed } from '../denial.js';
import { findOption, type Rule } from './rule.js';

const readOnly = new Set([
  'status',
  'diff',
  'log',
  'show',
  'blame',
  'annotate',
  'ls-files',
  'ls-tree',
  'grep',
  'rev-parse',
  'rev-list',
  'describe',
  'shortlog',
  'cat-file',
  'merge-base',
  'name-rev',
  'show-ref',
  'for-each-ref',
  'whatchanged',
  'diff-tree',
  'diff-files',
  'diff-index',
  'count-objects',
  'check-ignore',
  'check-attr',
  'version',
  'branch',
  'tag',
  'reflog',
  'help',
]);

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
  submodule: 'Submodules are managed by the action.',
  'filter-branch': 'History rewriting is not allowed.',
  daemon: 'Not allowed.',
  'upload-pack': 'Not allowed.',
  'receive-pack': 'Not allowed.',
  'upload-archive': 'Not allowed.',
  'send-email': 'Not allowed.',
  archive: 'Not allowed.',
  bundle: 'Not allowed.',
  hook: 'Running hooks is not allowed.',
  difftool: 'External tools are not allowed.',
  mergetool: 'External tools are not allowed.',
  bisect: '`git bisect run` executes programs; not allowed.',
  instaweb: 'Not allowed.',
  'credential-store': 'Credentials are off limits.',
  'credential-cache': 'Credentials are off limits.',
};

/** Options that run a program, write a file, or change configuration: refused with any subcommand. */
const dangerousLong = [
  '--output',
  '--ext-diff',
  '--textconv',
  '--filters',
  '--upload-pack',
  '--exec',
  '--receive-pack',
  '--open-files-in-pager',
  '--config',
  '--config-env',
  '--exec-path',
  '--git-dir',
  '--work-tree',
  '--namespace',
  '--paginate',
  '--output-directory',
  '--run',
];

export const git: Rule = (args) => {
  let i = 0;
  // Global options before the subcommand.
  for (; i < args.length && args[i]!.startsWith('-'); i++) {
    const arg = args[i]!;
    if (arg === '-C') {
      i++; // the directory is checked as a path by the caller
      continue;
    }
    if (
      [
        '--no-pager',
        '-P',
        '--no-optional-locks',
        '--literal-pathspecs',
        '--version',
        '--no-replace-objects',
      ].includes(arg)
    )
      continue;
    if (arg === '-c' || arg.startsWith('-c') || arg === '-p' || arg.startsWith('--')) {
      return deny(
        'git-global-option',
        `\`git ${arg}\` can change configuration or run a pager/program; it is not allowed.`,
      );
    }
    return notAllowed('git-global-option', `\`git ${arg}\` is not on the allowlist.`);
  }
  const sub = args[i];
  if (sub === undefined) return undefined;
  const rest = args.slice(i + 1);
  const hard = hardSubcommands[sub];
  if (hard !== undefined || sub.startsWith('credential')) {
    return deny('git-write-subcommand', `\`git ${sub}\` is not allowed. ${hard ?? ''}`.trim());
  }
  if (!readOnly.has(sub)) {
    return notAllowed(
      'git-subcommand',
      `\`git ${sub}\` is not allowed: only read-only git subcommands (status, diff, log, show, blame, grep, …) run here. ${owner}`,
    );
  }
  const bad = findOption(rest, { long: dangerousLong, exact: ['-O'] });
  if (bad)
    return deny(
      'git-dangerous-option',
      `\`git ${sub} ${bad}\` can run a program or write a file; it is not allowed.`,
    );
  return subcommandRule(sub, rest);
};

function subcommandRule(sub: string, rest: readonly string[]): Denial | undefined {
  const listOnly = (allowed: readonly string[]) => {
    const listing = rest.includes('--list') || rest.includes('-l');
    const takesValue = [
      '--contains',
      '--no-contains',
      '--merged',
      '--no-merged',
      '--points-at',
      '--sort',
      '--format',
    ];
    for (let j = 0; j < rest.length; j++) {
      const arg = rest[j]!;
      if (takesValue.includes(arg)) j++;
      else if (arg.startsWith('-') ? !allowed.includes(arg.split('=')[0]!) : !listing) {
        return notAllowed(
          'git-subcommand',
          `\`git ${sub} ${arg}\` changes the repository; only listing is allowed.`,
        );
      }
    }
    return undefined;
  };
  switch (sub) {
    case 'branch':
      return listOnly([
        '--list',
        '-l',
        '-a',
        '--all',
        '-r',
        '--remotes',
        '-v',
        '-vv',
        '--verbose',
        '--show-current',
        '--contains',
        '--no-contains',
        '--merged',
        '--no-merged',
        '--sort',
        '--format',
        '--points-at',
        '--no-color',
        '--color',
        '--column',
        '--no-column',
      ]);
    case 'tag':
      return listOnly([
        '--list',
        '-l',
        '-n',
        '--sort',
        '--format',
        '--contains',
        '--merged',
        '--points-at',
        '--no-column',
      ]);
    case 'reflog':
      return rest[0] === undefined || rest[0] === 'show' || rest[0].startsWith('-')
        ? undefined
        : notAllowed('git-subcommand', `\`git reflog ${rest[0]}\` changes the repository.`);
    default:
      return undefined;
  }
}
