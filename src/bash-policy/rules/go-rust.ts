/**
 * Go and Rust. Both read workspace files that choose which toolchain runs (`go.mod`'s
 * `toolchain`, `rust-toolchain.toml`) before doing anything, so every command needs the
 * sandbox; the rules type the rest (outputs, refused options, downloads by version).
 */
import { deny, notAllowed } from '../denial.js';
import { optionTable as t } from '../options.js';
import { checkArgs, isDenial, type Rule } from './rule.js';

const goBuild =
  'C=read a n p=num race msan asan cover covermode=e:set|count|atomic coverpkg=text v work x asmflags=text buildmode=text buildvcs=text compiler=text gccgoflags=text gcflags=text installsuffix=text ldflags=text linkshared mod=e:readonly|vendor|mod modcacherw modfile=read overlay=read pgo=read pkgdir=write tags=text trimpath toolexec! exec! o=write json';
const goTest = `${goBuild} run=pat skip=pat bench=pat benchtime=text benchmem count=num cpu=text failfast fullpath fuzz=pat fuzztime=text fuzzminimizetime=text list=pat parallel=num short shuffle=text timeout=text coverprofile=write cpuprofile=write memprofile=write blockprofile=write mutexprofile=write trace=write outputdir=write vet=text args c i`;
const goTables = {
  build: goBuild,
  test: goTest,
  vet: `${goBuild} vettool! c=num`,
  list: `${goBuild} m f=text e deps find test compiled export retracted reuse=read u versions`,
  run: goBuild,
  generate: goBuild,
  mod: 'json',
};
const goTable = (spec: string) =>
  t({
    long: spec,
    singleDash: true,
    abbreviations: false,
    reasons: {
      toolexec: 'it runs another program',
      exec: 'it runs another program',
      vettool: 'it runs another program',
    },
  });
const goTablesBuilt = Object.fromEntries(Object.entries(goTables).map(([k, v]) => [k, goTable(v)]));

/**
 * go: every subcommand reads `go.mod`, whose `toolchain` line makes the `go` command download
 * and run another Go, and building runs cgo directives and generators: the project's code.
 */
export const go: Rule = (args, ctx) => {
  const verdict = goSubcommand(args, ctx);
  return verdict ?? ctx.workspaceCode('`go` reads go.mod, whose `toolchain` line selects the Go that runs');
};

const goSubcommand: Rule = (args, ctx) => {
  const [subWord, ...rest] = args;
  const sub = subWord?.value;
  switch (sub) {
    case undefined:
    case 'version':
    case 'help':
    case 'doc':
      return undefined;
    case 'env': {
      const bad = rest.find((a) => a.value === '-w' || a.value === '-u');
      return bad ? deny('go-env-write', '`go env -w`/`-u` changes the Go configuration.') : undefined;
    }
    case 'tool': {
      const tool = rest[0]?.value;
      if (tool !== 'cover')
        return notAllowed(
          'go-tool',
          `\`go tool ${tool ?? ''}\` is not on the allowlist (only \`go tool cover\`).`,
        );
      const parsed = checkArgs(
        'go tool cover',
        t({
          long: 'func=read html=read o=write mode=text var=text pkgcfg=read',
          singleDash: true,
          abbreviations: false,
        }),
        rest.slice(1),
        ctx,
        'read',
      );
      return isDenial(parsed) ? parsed : undefined;
    }
    case 'mod': {
      const mode = rest[0]?.value;
      if (!['tidy', 'verify', 'why', 'graph', 'download', 'vendor'].includes(mode ?? ''))
        return notAllowed('go-subcommand', `\`go mod ${mode ?? ''}\` is not on the allowlist.`);
      return undefined;
    }
    case 'fmt':
      return notAllowed(
        'formatter-write-mode',
        '`go fmt` rewrites files; run `gofmt -l .` and fix the findings with edit_file.',
      );
    case 'install':
    case 'get':
      return deny('go-install', `\`go ${sub}\` downloads code; it is not allowed.`);
    case 'build':
    case 'test':
    case 'vet':
    case 'list':
    case 'run':
    case 'generate': {
      const parsed = checkArgs(`go ${sub}`, goTablesBuilt[sub]!, rest, ctx, 'text');
      if (isDenial(parsed)) return parsed;
      const remote = parsed.operands.find((o) => o.value.includes('@'));
      if (remote)
        return deny(
          'go-install',
          `\`go ${sub} ${remote.value}\` downloads a module version; build the workspace's packages.`,
        );
      return undefined;
    }
    default:
      return notAllowed('go-subcommand', `\`go ${sub}\` is not on the allowlist; use go test/vet/build.`);
  }
};

const cargoCommon =
  'p:text package=text workspace all exclude=text all-features features=text F:text no-default-features release r profile=text lib bins bin?=text tests test?=text examples example?=text benches bench?=text all-targets target=text target-dir=write j:num jobs=num no-deps document-private-items open locked frozen offline v verbose q quiet color=e:auto|always|never message-format=text manifest-path=read no-run no-fail-fast doc timings?=text keep-going ignore-rust-version unit-graph future-incompat-report check h help Z! config!';
const cargoTable = t({
  ...splitCargo(cargoCommon),
  abbreviations: false,
  reasons: { Z: 'unstable flags can name programs', config: 'configuration can name programs to run' },
});
function splitCargo(spec: string) {
  const short: string[] = [];
  const long: string[] = [];
  for (const token of spec.split(' ')) (token.replace(/[:!].*$/, '').length === 1 ? short : long).push(token);
  return { short: short.join(' '), long: long.join(' ') };
}

/**
 * cargo (and rustup's other proxies): every command, `--version` and `metadata` included, runs
 * the toolchain `rust-toolchain.toml` names (which can be a folder of the workspace) and reads
 * `.cargo/config.toml` (`rustc`, `rustc-wrapper`, `runner` name programs): the project's code.
 */
export const cargo: Rule = (args, ctx) =>
  cargoSubcommand(args, ctx) ??
  ctx.workspaceCode(
    '`cargo` runs the toolchain `rust-toolchain.toml` names and programs `.cargo/config.toml` names',
  );

const cargoSubcommand: Rule = (args, ctx) => {
  const toolchain = args[0]?.value.startsWith('+') ? 1 : 0;
  const [subWord, ...rest] = args.slice(toolchain);
  const sub = subWord?.value;
  if (sub === undefined || sub === '--version' || sub === '-V' || sub === 'version' || sub === '--help')
    return undefined;
  if (
    [
      'install',
      'publish',
      'login',
      'logout',
      'owner',
      'yank',
      'add',
      'remove',
      'update',
      'search',
      'new',
      'init',
      'uninstall',
      'vendor',
      'generate-lockfile',
      'fix',
    ].includes(sub)
  )
    return deny(
      'cargo-subcommand',
      `\`cargo ${sub}\` downloads code, changes dependencies or uses credentials; it is not allowed.`,
    );
  const dashDash = rest.findIndex((a) => a.value === '--');
  const own = dashDash === -1 ? rest : rest.slice(0, dashDash);
  if (sub === 'fmt') {
    const checkMode = rest.some((a) => a.value === '--check');
    return checkMode
      ? undefined
      : notAllowed(
          'formatter-write-mode',
          '`cargo fmt` rewrites files; run `cargo fmt --check` and fix the findings with edit_file.',
        );
  }
  if (['tree', 'metadata', 'pkgid', 'locate-project', 'read-manifest', 'verify-project'].includes(sub))
    return undefined;
  if (
    ![
      'test',
      't',
      'build',
      'b',
      'check',
      'c',
      'clippy',
      'doc',
      'd',
      'bench',
      'run',
      'r',
      'nextest',
      'llvm-cov',
      'tarpaulin',
      'fetch',
    ].includes(sub)
  )
    return notAllowed(
      'cargo-subcommand',
      `\`cargo ${sub}\` is not on the allowlist; use cargo test/build/check/clippy.`,
    );
  const parsed = checkArgs(
    `cargo ${sub}`,
    cargoTable,
    own.filter(
      (a) => !['--fix', '--open', '--allow-dirty', '--allow-staged'].includes(a.value) || sub === 'x',
    ),
    ctx,
    'text',
  );
  if (isDenial(parsed)) return parsed;
  if (own.some((a) => a.value === '--fix'))
    return notAllowed(
      'formatter-write-mode',
      `\`cargo ${sub} --fix\` rewrites files; fix the findings with edit_file.`,
    );
  if (own.some((a) => a.value === '--open'))
    return notAllowed('cargo-subcommand', '`--open` opens a browser.');
  return undefined;
};
