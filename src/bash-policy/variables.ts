/**
 * `NAME=value` in front of a command (or given to `env`): allowed by variable *and* value shape.
 * Variables like `NODE_OPTIONS`, `PYTHONPATH` or `GOFLAGS` can load code, so only the values
 * real projects use are accepted (`--max-old-space-size=4096`, `src`, `-mod=mod`).
 */
import { type Denial, deny } from './denial.js';
import type { Word } from './words.js';

type Shape = RegExp | 'path-list' | 'write-path';

const flag = /^[\w.,:*+-]{0,100}$/;
const bool = /^(1|0|true|false|yes|no|on|off)?$/i;
const nodeOption =
  '--max-old-space-size=\\d+|--max-semi-space-size=\\d+|--stack-size=\\d+|--enable-source-maps|--no-warnings|--no-deprecation|--trace-warnings|--trace-deprecation|--trace-uncaught|--experimental-vm-modules|--experimental-strip-types|--no-experimental-strip-types|--experimental-test-coverage|--expose-gc|--openssl-legacy-provider|--unhandled-rejections=(strict|warn|throw|none)|--disable-warning=[\\w-]+|--dns-result-order=\\w+';
const goFlag =
  '-mod=(mod|vendor|readonly)|-count=\\d+|-race|-v|-trimpath|-buildvcs=(true|false)|-tags=[\\w,]+|-p=\\d+|-timeout=\\w+';
const rustFlag =
  '-D ?warnings|-Dwarnings|-C debuginfo=\\d|-Cdebuginfo=\\d|-C instrument-coverage|-Cinstrument-coverage|-C target-cpu=native|--cfg [\\w]+|-A [\\w:-]+|-W [\\w:-]+';
const jvmFlag =
  '-Xmx\\w+|-Xms\\w+|-Xss\\w+|-XX:MaxMetaspaceSize=\\w+|-XX:\\+UseParallelGC|-XX:\\+HeapDumpOnOutOfMemoryError|-Dfile\\.encoding=[\\w-]+|-Dorg\\.gradle\\.[\\w.]+=[\\w.-]+|-Dmaven\\.[\\w.]+=[\\w.-]+|-Djava\\.awt\\.headless=true|-Duser\\.timezone=[\\w/]+';
const list = (alternatives: string) => new RegExp(`^(${alternatives})( +(${alternatives}))*$`);

const shapes: Record<string, Shape> = {
  CI: bool,
  NODE_ENV: /^[\w-]{1,30}$/,
  FORCE_COLOR: /^[0-3]?$|^true|false$/,
  NO_COLOR: flag,
  RUST_BACKTRACE: /^(0|1|full|short)$/,
  RUST_LOG: flag,
  RUST_TEST_THREADS: /^\d+$/,
  RUST_MIN_STACK: /^\d+$/,
  CARGO_TERM_COLOR: /^(always|never|auto)$/,
  CARGO_INCREMENTAL: bool,
  CARGO_NET_OFFLINE: bool,
  RUSTFLAGS: list(rustFlag),
  RUSTDOCFLAGS: list(rustFlag),
  PYTHONDONTWRITEBYTECODE: bool,
  PYTHONUNBUFFERED: bool,
  PYTHONHASHSEED: /^\d+|random$/,
  PYTHONWARNINGS: /^[\w:,.]{0,80}$/,
  PYTHONUTF8: bool,
  PYTHONPATH: 'path-list',
  MYPYPATH: 'path-list',
  COVERAGE_FILE: 'write-path',
  PIP_DISABLE_PIP_VERSION_CHECK: bool,
  PIP_NO_INPUT: bool,
  TZ: /^(:?[A-Za-z][\w+-]*(\/[\w+-]+)*|UTC[+-]?\d{0,2})?$/,
  LANG: flag,
  LC_ALL: flag,
  LANGUAGE: flag,
  DEBUG: flag,
  TERM: /^[\w-]{0,30}$/,
  COLUMNS: /^\d+$/,
  LINES: /^\d+$/,
  CGO_ENABLED: bool,
  GOOS: /^\w+$/,
  GOARCH: /^\w+$/,
  GOFLAGS: list(goFlag),
  GOTOOLCHAIN: /^local$/,
  GOPROXY: /^off$/,
  GOMAXPROCS: /^\d+$/,
  GOEXPERIMENT: /^[\w,]+$/,
  TS_NODE_TRANSPILE_ONLY: bool,
  TS_NODE_PROJECT: 'path-list',
  NODE_OPTIONS: list(nodeOption),
  NODE_NO_WARNINGS: bool,
  JEST_WORKERS: /^\d+$/,
  HUSKY: bool,
  SKIP_ENV_VALIDATION: bool,
  NEXT_TELEMETRY_DISABLED: bool,
  DOTNET_CLI_TELEMETRY_OPTOUT: bool,
  DOTNET_NOLOGO: bool,
  DOTNET_SKIP_FIRST_TIME_EXPERIENCE: bool,
  GRADLE_OPTS: list(jvmFlag),
  MAVEN_OPTS: list(jvmFlag),
  JAVA_OPTS: list(jvmFlag),
  VERBOSE: bool,
  UPDATE_SNAPSHOTS: bool,
  TEST_TIMEOUT: /^\d+$/,
};

/**
 * Variables that make the program load workspace files as code whatever their value (Python
 * imports `sitecustomize` from `PYTHONPATH` before any program runs; ts-node reads `require`
 * from the project file): the command counts as running the project's code. Returns why.
 */
const loaders: Record<string, string> = {
  PYTHONPATH: 'makes Python import modules from those folders (`sitecustomize`) before the program starts',
  TS_NODE_PROJECT: 'names a project file whose settings load modules',
};

/** Why setting `name` makes the command run workspace code, or undefined. */
export function loaderVariable(name: string): string | undefined {
  return loaders[name];
}

/** The denial for `name=value`, or undefined when the variable and its value are allowed. */
export function checkAssignment(
  name: string,
  value: Word,
  checkPath: (word: Word, use: 'read' | 'write') => Denial | undefined,
): Denial | undefined {
  const shape = shapes[name];
  if (!shape) {
    return deny(
      'env-prefix',
      `Setting \`${name}\` for a command is not allowed (variables like it can change what runs). Allowed: ${Object.keys(shapes).join(', ')}.`,
    );
  }
  if (shape === 'write-path') return checkPath(value, 'write');
  if (shape === 'path-list') {
    for (const part of value.value.split(':')) {
      if (part === '') continue;
      const problem = checkPath({ value: part, glob: value.glob }, 'read');
      if (problem) return problem;
    }
    return undefined;
  }
  if (value.value.length > 200 || !shape.test(value.value))
    return deny('env-prefix', `\`${name}=${value.value}\` is not a value the policy allows for \`${name}\`.`);
  return undefined;
}
