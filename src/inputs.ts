/**
 * The only module that reads the action's inputs and the runner environment. Everything else
 * receives the typed {@link Config} it returns, so nothing reads `process.env` at import time and
 * tests can pass a plain object instead of mutating the real environment.
 */
import { z } from 'zod';
import { ruleLines } from './bash-policy/extra-rules.js';
import type { InstructionFilesSetting } from './context/instruction-candidates.js';
import { parseAllowedHosts } from './egress/allowed-hosts.js';
import { SEVERITIES, type Severity } from './findings/review-severity.js';
import { COMMIT_SIGNING, type CommitSigning } from './git/commit-and-push.js';
import { MERGE_METHODS, type MergeMethod } from './github/merge-facts.js';
import { API_FORMATS, type ApiFormat, REASONING_EFFORTS, type ReasoningEffort } from './llm/client.js';
import { type Prices, pricesFor } from './llm/model-prices.js';
import { ID_TOKEN_PERMISSION_HELP } from './llm/oidc/id-token.js';
import { parseOidcOptions, resolveOidcSettings } from './llm/oidc/oidc-settings.js';
import { OIDC_PROVIDERS, type OidcSettings } from './llm/oidc/recipe.js';
import { type McpConfig, parseMcpServers } from './mcp/mcp-config.js';
import type { TelemetrySetting } from './telemetry/run-trace.js';
import { PERMISSIONS, type Permission } from './triggers/gate.js';
import { MODES, type Mode } from './triggers/trigger.js';

// The accepted values of inputs whose meaning a lower folder owns, re-exported for the readers
// of the config (the action's run, the local runner's flags).
export type {
  ApiFormat,
  CommitSigning,
  InstructionFilesSetting,
  MergeMethod,
  Mode,
  Permission,
  Prices,
  ReasoningEffort,
  TelemetrySetting,
};
export { API_FORMATS, COMMIT_SIGNING, MERGE_METHODS, MODES, PERMISSIONS, REASONING_EFFORTS };

export const SANDBOX_LEVELS = ['auto', 'strict', 'off'] as const;
export const NETWORK_MODES = ['off', 'allowlist', 'on'] as const;
export const CO_AUTHOR = ['requester', 'none'] as const;
export const IMAGE_SETTINGS = ['auto', 'off'] as const;
export const AUTH_MODES = ['api-key', 'oidc'] as const;
export const AUTO_MERGE = ['off', 'on-green'] as const;

export type SandboxSetting = (typeof SANDBOX_LEVELS)[number];
export type NetworkSetting = (typeof NETWORK_MODES)[number];
export type CoAuthorSetting = (typeof CO_AUTHOR)[number];
export type ImageSetting = (typeof IMAGE_SETTINGS)[number];
export type AutoMergeSetting = (typeof AUTO_MERGE)[number];

/** How the model endpoint is authenticated: the `api-key` input, or a bearer exchanged for the job's OIDC token. */
export type LlmAuth = { kind: 'api-key' } | { kind: 'oidc'; settings: OidcSettings };

/** The `output-schema` input: a JSON Schema given inline, or a file of the trusted branch. */
export type OutputSchemaSetting =
  | { kind: 'inline'; schema: Record<string, unknown> }
  | { kind: 'file'; path: string };

/** Who is asked to review the PRs the action opens. */
export interface Reviewers {
  /** User logins. */
  users: string[];
  /** Team slugs of the repository's organisation (`org/team` given, `team` kept). */
  teams: string[];
}

/** Everything the action needs to know, parsed and validated once at start-up. */
export interface Config {
  /** The OpenAI-compatible endpoint. */
  llm: {
    /** API key; empty for local endpoints that need none. Secret. */
    apiKey: string;
    /** Base URL of the Chat Completions API, without a trailing slash. */
    baseUrl: string;
    /** Model name sent with every request. */
    model: string;
    /** Wire format: Responses API, Chat Completions, or chosen from the base URL. */
    api: ApiFormat;
    /** Sent as `reasoning_effort` when set; undefined leaves the provider's default. */
    reasoningEffort: ReasoningEffort | undefined;
    /** Tokens one request may hold; undefined means known for common models, else 128000. */
    contextWindow: number | undefined;
    /** Prices from the `prices` input; undefined means the built-in table or unknown. */
    prices: Prices | undefined;
    /** `auth` and the `oidc-*` inputs, checked together with `base-url`. */
    auth: LlmAuth;
  };
  /** GitHub token for the API and for git. Secret. */
  githubToken: string;
  /** Comment prefix that starts a run. */
  triggerPhrase: string;
  /** Issue label that starts a run when added. */
  label: string;
  /** Explicit task; wins over the event text when given. */
  prompt: string | undefined;
  /** How results are published. */
  mode: Mode;
  /** Least repository permission the triggering user needs. */
  minPermission: Permission;
  /** Extra bash allow rules, one per entry (see README for the format). */
  allowedCommands: string[];
  /** Command the action runs itself after the agent stops. */
  verifyCommand: string | undefined;
  /** Budgets for the agent loop. */
  limits: {
    maxTurns: number;
    maxTokens: number;
    timeoutMinutes: number;
    /** The run stops and publishes when its estimated cost would pass this. */
    maxCostUsd: number | undefined;
  };
  /** How the PRs the action opens are committed and dressed. */
  publishing: {
    /** GitHub-signed API commits, a plain git push, or the API with a git fallback. */
    commitSigning: CommitSigning;
    /** Labels added to the PRs the action opens. */
    labels: string[];
    /** Review requested on the PRs the action opens. */
    reviewers: Reviewers;
    /** Whether commits credit the person who started the run. */
    coAuthor: CoAuthorSetting;
  };
  /** Prefix of branches the action creates, e.g. `agent/`. */
  branchPrefix: string;
  /** Branch PRs target for issue runs; undefined means the repository default. */
  baseBranch: string | undefined;
  /** Open PRs as drafts. */
  draft: boolean;
  /** Extra instructions appended to the system prompt. */
  instructions: string | undefined;
  /** Which instruction files of the repository (from the trusted branch) the model gets. */
  instructionFiles: InstructionFilesSetting;
  /** Whether images of the issue and the triggering comment are sent as image input. */
  images: ImageSetting;
  /** The JSON Schema the model's final answer must match (the `result` output); undefined without one. */
  outputSchema: OutputSchemaSetting | undefined;
  /** Upload the transcript (JSON Lines and Markdown) and any patch as one workflow artifact. */
  uploadTranscript: boolean;
  /** OpenTelemetry export of the run's trace; undefined without `otel-endpoint`. */
  telemetry: TelemetrySetting | undefined;
  /** CI dispatch after pushing. */
  ci: {
    /** Workflow file to dispatch on the pushed branch, if any. */
    workflow: string | undefined;
    /** Extra fix rounds while the dispatched run fails; 0 means dispatch and do not wait. */
    rounds: number;
  };
  /** Review mode's knobs. */
  review: {
    /** Findings below this go into a collapsed list in the review body instead of inline. */
    minSeverity: Severity;
    /** Inline comments one review posts at most; the rest go into the body. */
    maxComments: number;
    /** Read-only reviewers run in parallel, each with its own focus. */
    agents: number;
  };
  /** Human gates at both ends of a change. */
  gates: {
    /** The trigger label posts a plan and waits for `/agent approve` instead of changing code. */
    planFirst: boolean;
    /** `on-green`: arm GitHub's auto-merge on the agent's PR when every gate holds. */
    autoMerge: AutoMergeSetting;
    /** How GitHub merges once auto-merge is armed. */
    mergeMethod: MergeMethod;
  };
  /** Isolation of agent-run commands. */
  sandbox: SandboxSetting;
  /** Network for agent-run commands. */
  network: NetworkSetting;
  /**
   * With `network: allowlist`, what agent-run commands may reach, as given (lower-cased): hosts,
   * `*.suffix` patterns, `host:port`, IP literals and preset names.
   */
  allowedDomains: string[];
  /** The `mcp-servers` input: the servers (sorted by name) and the secrets their `$NAME`s brought in. */
  mcp: McpConfig;
  /** The runner's view of the world. */
  runner: RunnerContext;
}

/** Standard variables every GitHub runner sets for a step. */
export interface RunnerContext {
  eventName: string;
  eventPath: string | undefined;
  repository: { owner: string; repo: string };
  serverUrl: string;
  apiUrl: string;
  workspace: string;
  runId: number;
  runAttempt: number;
  /** Per-job temporary folder; transcripts and full command logs go here. */
  tempDir: string;
  /** The login that started the workflow run. */
  actor: string | undefined;
  /** The job's id in the workflow (`GITHUB_JOB`), part of the transcript artifact's name. */
  job: string | undefined;
  /**
   * The runner gives steps the Actions results service (`ACTIONS_RUNTIME_TOKEN` and
   * `ACTIONS_RESULTS_URL`), which artifact uploads go to; absent outside a hosted job.
   */
  artifactService: boolean;
  /** `process.platform` of the runner, checked before any Linux-only feature. */
  platform: NodeJS.Platform;
  /**
   * The process environment, read here so nothing else touches `process.env`. Child processes
   * get it (git) or an allowlisted part of it (`scrubbedEnv` for agent-run commands).
   */
  env: Readonly<Record<string, string | undefined>>;
}

export class InputError extends Error {
  constructor(readonly problems: string[]) {
    super(
      problems.length === 1
        ? `Invalid input: ${problems[0]}`
        : `Invalid inputs:\n${problems.map((p) => `- ${p}`).join('\n')}`,
    );
    this.name = 'InputError';
  }
}

/** One input: how to parse its raw string and how to describe what it accepts. */
interface InputSpec<T> {
  schema: z.ZodType<T>;
  accepts: string;
}

const wholeNumber = (min: number, max: number): InputSpec<number> => ({
  schema: z.string().regex(/^\d+$/).transform(Number).pipe(z.number().int().min(min).max(max)),
  accepts: `a whole number from ${min} to ${max}`,
});

const oneOf = <const T extends readonly [string, ...string[]]>(values: T): InputSpec<T[number]> => ({
  schema: z.enum(values),
  accepts: `one of ${values.join(', ')}`,
});

const optional = <T>(spec: InputSpec<T>): InputSpec<T | undefined> => ({
  schema: z.union([z.literal('').transform(() => undefined), spec.schema]) as z.ZodType<T | undefined>,
  accepts: `empty or ${spec.accepts}`,
});

/** Non-negative decimal such as `1.25`. */
const decimal = z
  .string()
  .regex(/^\d+(\.\d+)?$/)
  .transform(Number);

/** Entries separated by commas or newlines, trimmed, empty ones dropped. */
const list = (entry: z.ZodType<string, string>) =>
  z
    .string()
    .transform((s) =>
      s
        .split(/[,\n]/)
        .map((part) => part.trim())
        .filter((part) => part !== ''),
    )
    .pipe(z.array(entry));

const GITHUB_LOGIN = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/;
const TEAM = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})\/[A-Za-z0-9._-]+$/;

/** An `allowed-domains` entry the egress proxy's own parser accepts, so the two never disagree. */
const isAllowedHostEntry = (entry: string): boolean => {
  try {
    parseAllowedHosts([entry]);
    return true;
  } catch {
    return false;
  }
};

const optionalText: InputSpec<string | undefined> = {
  schema: z.string().transform((s) => (s === '' ? undefined : s)),
  accepts: 'any text',
};

/** `true` or `false` in any of the spellings the runner's booleans take. */
const trueOrFalse: InputSpec<boolean> = {
  schema: z
    .string()
    .regex(/^(true|True|TRUE|false|False|FALSE)$/)
    .transform((s) => s.toLowerCase() === 'true'),
  accepts: 'true or false',
};

/** A JSON object given inline (`{ … }`), or a repository path (no leading `/`, no `..`). */
function outputSchemaSetting(raw: string): OutputSchemaSetting | undefined {
  const text = raw.trim();
  if (!text.startsWith('{')) {
    const ok = /^(?!\/)(?!.*(?:^|\/)\.\.(?:\/|$))[^\0\n]+$/.test(text);
    return ok ? { kind: 'file', path: text.replace(/^\.\//, '') } : undefined;
  }
  try {
    const schema: unknown = JSON.parse(text);
    return schema && typeof schema === 'object' && !Array.isArray(schema)
      ? { kind: 'inline', schema: schema as Record<string, unknown> }
      : undefined;
  } catch {
    return undefined;
  }
}

/** One `otel-headers` line: a header name, `=`, and the variable that holds its value. */
const OTEL_HEADER_LINE = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+)\s*=\s*\$([A-Za-z_][A-Za-z0-9_]*)$/;

const INPUTS = {
  'api-key': { schema: z.string(), accepts: 'any text' },
  'base-url': {
    schema: z.url({ protocol: /^https?$/ }).transform((u) => u.replace(/\/+$/, '')),
    accepts: 'an http(s) URL such as https://api.openai.com/v1',
  },
  model: { schema: z.string().min(1), accepts: 'a model name such as gpt-5.5' },
  'github-token': {
    schema: z.string().min(1),
    accepts: 'a token (the default ${{ github.token }} works)',
  },
  'trigger-phrase': {
    schema: z.string().regex(/^\S+$/),
    accepts: 'a single word without spaces such as /agent',
  },
  label: { schema: z.string().min(1).max(50), accepts: 'a label name of 1 to 50 characters' },
  prompt: optionalText,
  mode: oneOf(MODES),
  'min-permission': oneOf(PERMISSIONS),
  'allowed-commands': {
    schema: z.string().transform((s) => ruleLines(s.split('\n'))),
    accepts: 'one rule per line',
  },
  'verify-command': optionalText,
  'max-turns': wholeNumber(1, 500),
  'max-tokens': wholeNumber(1_000, 100_000_000),
  'timeout-minutes': wholeNumber(1, 360),
  'branch-prefix': {
    // A prefix must itself be a valid start of a git ref name (git check-ref-format rules).
    schema: z
      .string()
      .min(1)
      .regex(/^(?!\/)(?!.*\.\.)(?!.*\/\/)(?!.*@\{)[A-Za-z0-9._/-]+$/),
    accepts: 'a branch-name prefix of letters, digits, ".", "_", "-" and "/" such as agent/',
  },
  'base-branch': optionalText,
  draft: {
    schema: z
      .string()
      .regex(/^(true|True|TRUE|false|False|FALSE)$/)
      .transform((s) => s.toLowerCase() === 'true'),
    accepts: 'true or false',
  },
  instructions: optionalText,
  'ci-workflow': {
    schema: z
      .string()
      .regex(/^([A-Za-z0-9._-]+\.ya?ml|\d+)?$/)
      .transform((s) => (s === '' ? undefined : s)),
    accepts: 'a workflow file name in .github/workflows such as ci.yml, or a workflow id',
  },
  'ci-rounds': wholeNumber(0, 10),
  sandbox: oneOf(SANDBOX_LEVELS),
  network: oneOf(NETWORK_MODES),
  'allowed-domains': {
    schema: list(
      z
        .string()
        .transform((s) => s.toLowerCase())
        .pipe(z.string().refine(isAllowedHostEntry)),
    ),
    accepts:
      'hosts separated by commas or newlines: example.com, *.example.com, host:port, an IP literal, or a preset (npm, pypi, go, crates, maven, rubygems, github)',
  },
  api: oneOf(API_FORMATS),
  'reasoning-effort': optional(oneOf(REASONING_EFFORTS)),
  'context-window': optional(wholeNumber(1_000, 10_000_000)),
  prices: optional({
    schema: z
      .string()
      .regex(/^\d+(\.\d+)?\/\d+(\.\d+)?\/\d+(\.\d+)?$/)
      .transform((s) => {
        const [input, cachedInput, output] = s.split('/').map(Number) as [number, number, number];
        return { input, cachedInput, output };
      }),
    accepts: 'USD per million tokens as input/cached-input/output, e.g. 1.25/0.125/10',
  }),
  'max-cost-usd': optional({
    schema: decimal.pipe(z.number().positive()),
    accepts: 'an amount in US dollars greater than 0, e.g. 2.50',
  }),
  'commit-signing': oneOf(COMMIT_SIGNING),
  labels: {
    schema: list(z.string().max(50)),
    accepts: 'label names of at most 50 characters, separated by commas',
  },
  reviewers: {
    schema: list(z.string().regex(new RegExp(`${GITHUB_LOGIN.source}|${TEAM.source}`))).transform(
      (entries: string[]) => ({
        users: entries.filter((e) => !e.includes('/')),
        teams: entries.filter((e) => e.includes('/')).map((e) => e.slice(e.indexOf('/') + 1)),
      }),
    ),
    accepts: 'user logins and org/team names separated by commas, e.g. octocat, octo-org/reviewers',
  },
  'co-author': oneOf(CO_AUTHOR),
  'review-min-severity': oneOf(SEVERITIES),
  'max-review-comments': wholeNumber(0, 200),
  'review-agents': wholeNumber(1, 5),
  'instruction-files': {
    schema: z
      .string()
      .transform((s) => s.trim())
      .pipe(
        z.union([
          z.literal('auto').transform((): InstructionFilesSetting => ({ kind: 'auto' })),
          z.literal('none').transform((): InstructionFilesSetting => ({ kind: 'none' })),
          list(
            z
              .string()
              .regex(/^(?!\/)(?!.*(?:^|\/)\.\.(?:\/|$))[^\0]+$/)
              .transform((glob) => glob.replace(/^\.\//, '')),
          )
            .pipe(z.array(z.string()).min(1))
            .transform((globs): InstructionFilesSetting => ({ kind: 'globs', globs })),
        ]),
      ),
    accepts:
      'auto, none, or globs of repository paths separated by commas (no leading / and no ..), e.g. AGENTS.md, docs/agents/*.md',
  },
  images: oneOf(IMAGE_SETTINGS),
  'output-schema': {
    schema: z
      .string()
      .transform((s) => (s.trim() === '' ? null : outputSchemaSetting(s)))
      .pipe(z.custom<OutputSchemaSetting | null>((v) => v !== undefined))
      .transform((v) => v ?? undefined),
    accepts:
      'empty, a JSON Schema written inline as a JSON object ({ "type": "object", … }), or the path of a JSON Schema file in the repository (no leading / and no ..), e.g. .github/agent-result.schema.json',
  },
  'upload-transcript': trueOrFalse,
  'otel-endpoint': optional({
    schema: z
      .url({ protocol: /^https?$/ })
      .refine((u) => !/^[a-z]+:\/\/[^/]*@/i.test(u))
      .transform((u) => {
        const base = u.replace(/\/+$/, '');
        return /\/v1\/traces$/.test(base) ? base : `${base}/v1/traces`;
      }),
    accepts:
      'an http(s) URL of an OTLP/HTTP endpoint such as https://otel.example.com:4318, without credentials (put them in otel-headers)',
  }),
  'otel-headers': {
    schema: z
      .string()
      .transform((s) =>
        s
          .split('\n')
          .map((line) => line.trim())
          .filter((line) => line !== '' && !line.startsWith('#')),
      )
      .pipe(z.array(z.string().regex(OTEL_HEADER_LINE)))
      .transform((lines) =>
        lines.map((line) => {
          const [, name, variable] = OTEL_HEADER_LINE.exec(line) as RegExpExecArray;
          return { name: name as string, variable: variable as string };
        }),
      ),
    accepts:
      "one header a line as Name=$VARIABLE, the variable set in the step's env (e.g. x-honeycomb-team=$HONEYCOMB_KEY)",
  },
  'otel-content': trueOrFalse,
  'plan-first': {
    schema: z
      .string()
      .regex(/^(true|True|TRUE|false|False|FALSE)$/)
      .transform((s) => s.toLowerCase() === 'true'),
    accepts: 'true or false',
  },
  'auto-merge': oneOf(AUTO_MERGE),
  'merge-method': oneOf(MERGE_METHODS),
  // Checked in loadConfig, where the step's environment resolves its `$NAME`s.
  'mcp-servers': { schema: z.string(), accepts: 'a YAML or JSON map of MCP servers' },
  auth: oneOf(AUTH_MODES),
  'oidc-provider': optional(oneOf(OIDC_PROVIDERS)),
  'oidc-audience': optionalText,
  'oidc-token-url': optional({
    schema: z.url({ protocol: /^https?$/ }),
    accepts: 'the https URL of a token endpoint',
  }),
  'oidc-options': {
    schema: z
      .string()
      .refine((s) => parseOidcOptions(s) !== undefined)
      .transform((s) => parseOidcOptions(s) ?? {}),
    accepts: 'one key=value per line, each key once, e.g. tenant-id=00000000-0000-0000-0000-000000000000',
  },
} satisfies Record<string, InputSpec<unknown>>;

/** The name of an input, as in action.yml. */
export type InputName = keyof typeof INPUTS;

/**
 * Parses one input's raw string as the action would (the local runner's flags reuse it, so a
 * flag accepts exactly what the input does); the problem names `label` and what is accepted.
 */
export function parseInputValue<K extends InputName>(
  name: K,
  raw: string,
  label: string = name,
): { value: z.output<(typeof INPUTS)[K]['schema']> } | { problem: string } {
  const spec = INPUTS[name] as InputSpec<unknown>;
  const result = spec.schema.safeParse(raw);
  return result.success
    ? { value: result.data as z.output<(typeof INPUTS)[K]['schema']> }
    : { problem: `${label} must be ${spec.accepts}, got ${JSON.stringify(raw)}` };
}

/** Every input this module parses, in declaration order (a test holds it equal to `action.yml`). */
export const INPUT_NAMES = Object.keys(INPUTS) as InputName[];
/** Every input's parsed value, by name. */
export type InputValues = { [K in InputName]: z.output<(typeof INPUTS)[K]['schema']> };

/** Defaults as in action.yml, for direct use without the runner filling them in. */
export const INPUT_DEFAULTS: Partial<Record<InputName, string>> = {
  'base-url': 'https://api.openai.com/v1',
  model: 'gpt-5.5',
  'trigger-phrase': '/agent',
  label: 'agent',
  mode: 'auto',
  'min-permission': 'write',
  'max-turns': '40',
  'max-tokens': '1000000',
  'timeout-minutes': '20',
  'branch-prefix': 'agent/',
  draft: 'false',
  'ci-rounds': '0',
  sandbox: 'auto',
  network: 'off',
  api: 'auto',
  'commit-signing': 'auto',
  'co-author': 'requester',
  'review-min-severity': 'nit',
  'max-review-comments': '20',
  'review-agents': '1',
  'instruction-files': 'auto',
  images: 'auto',
  auth: 'api-key',
  'upload-transcript': 'true',
  'otel-content': 'false',
  'plan-first': 'false',
  'auto-merge': 'off',
  'merge-method': 'squash',
};

/** Reads an input exactly as `@actions/core` does: `INPUT_<NAME>` upper-cased, spaces as `_`, trimmed. */
function rawInput(env: NodeJS.ProcessEnv, name: string): string {
  return (env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] ?? '').trim();
}

function parseInputs(env: NodeJS.ProcessEnv): InputValues {
  const problems: string[] = [];
  const values: Record<string, unknown> = {};
  for (const name of INPUT_NAMES) {
    const given = rawInput(env, name);
    const parsed = parseInputValue(name, given === '' ? (INPUT_DEFAULTS[name] ?? '') : given);
    if ('value' in parsed) values[name] = parsed.value;
    else problems.push(parsed.problem);
  }
  if (problems.length > 0) throw new InputError(problems);
  return values as InputValues;
}

function requireEnv(env: NodeJS.ProcessEnv, name: string, problems: string[]): string {
  const value = env[name]?.trim();
  if (!value) {
    problems.push(`${name} is not set; the action must run inside a GitHub Actions job`);
    return '';
  }
  return value;
}

/** Reads the runner's standard variables, failing with one message that lists every missing one. */
function readRunner(env: NodeJS.ProcessEnv, platform: NodeJS.Platform): RunnerContext {
  const problems: string[] = [];
  const repository = requireEnv(env, 'GITHUB_REPOSITORY', problems);
  const eventName = requireEnv(env, 'GITHUB_EVENT_NAME', problems);
  const workspace = requireEnv(env, 'GITHUB_WORKSPACE', problems);
  const tempDir = requireEnv(env, 'RUNNER_TEMP', problems);
  const [owner, repo, ...rest] = repository.split('/');
  if (repository && (!owner || !repo || rest.length > 0)) {
    problems.push(`GITHUB_REPOSITORY must look like owner/name, got ${JSON.stringify(repository)}`);
  }
  if (problems.length > 0) throw new InputError(problems);
  return {
    eventName,
    eventPath: env['GITHUB_EVENT_PATH'] || undefined,
    repository: { owner: owner ?? '', repo: repo ?? '' },
    serverUrl: (env['GITHUB_SERVER_URL'] || 'https://github.com').replace(/\/+$/, ''),
    apiUrl: (env['GITHUB_API_URL'] || 'https://api.github.com').replace(/\/+$/, ''),
    workspace,
    runId: Number(env['GITHUB_RUN_ID'] || 0),
    runAttempt: Number(env['GITHUB_RUN_ATTEMPT'] || 1),
    tempDir,
    actor: env['GITHUB_ACTOR'] || undefined,
    job: env['GITHUB_JOB'] || undefined,
    artifactService: Boolean(env['ACTIONS_RUNTIME_TOKEN'] && env['ACTIONS_RESULTS_URL']),
    platform,
    env: { ...env },
  };
}

/**
 * Parses every input and the runner variables. Throws {@link InputError} naming each bad input,
 * the value given and what is accepted.
 */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): Config {
  const inputs = parseInputs(env);
  const unpriced = unpricedCostCap(inputs);
  if (unpriced) throw new InputError([unpriced]);
  const telemetry = telemetrySetting(inputs, env);
  const mcp = parseMcpServers(inputs['mcp-servers'], env);
  if ('problems' in mcp) throw new InputError(mcp.problems);
  const auth = readAuth(inputs, env);
  return {
    llm: {
      auth,
      apiKey: inputs['api-key'],
      baseUrl: inputs['base-url'],
      model: inputs.model,
      api: inputs.api,
      reasoningEffort: inputs['reasoning-effort'],
      contextWindow: inputs['context-window'],
      prices: inputs.prices,
    },
    githubToken: inputs['github-token'],
    triggerPhrase: inputs['trigger-phrase'],
    label: inputs.label,
    prompt: inputs.prompt,
    mode: inputs.mode,
    minPermission: inputs['min-permission'],
    allowedCommands: inputs['allowed-commands'],
    verifyCommand: inputs['verify-command'],
    limits: {
      maxTurns: inputs['max-turns'],
      maxTokens: inputs['max-tokens'],
      timeoutMinutes: inputs['timeout-minutes'],
      maxCostUsd: inputs['max-cost-usd'],
    },
    publishing: {
      commitSigning: inputs['commit-signing'],
      labels: inputs.labels,
      reviewers: inputs.reviewers,
      coAuthor: inputs['co-author'],
    },
    branchPrefix: inputs['branch-prefix'],
    baseBranch: inputs['base-branch'],
    draft: inputs.draft,
    instructions: inputs.instructions,
    instructionFiles: inputs['instruction-files'],
    images: inputs.images,
    outputSchema: inputs['output-schema'],
    uploadTranscript: inputs['upload-transcript'],
    telemetry,
    ci: { workflow: inputs['ci-workflow'], rounds: inputs['ci-rounds'] },
    review: {
      minSeverity: inputs['review-min-severity'],
      maxComments: inputs['max-review-comments'],
      agents: inputs['review-agents'],
    },
    gates: {
      planFirst: inputs['plan-first'],
      autoMerge: inputs['auto-merge'],
      mergeMethod: inputs['merge-method'],
    },
    sandbox: inputs.sandbox,
    network: inputs.network,
    allowedDomains: inputs['allowed-domains'],
    mcp: mcp.value,
    runner: readRunner(env, platform),
  };
}

/**
 * `max-cost-usd` for a model without a known price: the run could not tell when it passes the
 * budget. `asFlags`: the problem names the local runner's flags instead of the inputs.
 */
export function unpricedCostCap(
  inputs: Pick<InputValues, 'model' | 'prices' | 'max-cost-usd'>,
  asFlags = false,
): string | undefined {
  if (inputs['max-cost-usd'] === undefined || pricesFor(inputs.model, inputs.prices)) return undefined;
  const [cap, prices] = asFlags ? ['--max-cost-usd', '`--prices`'] : ['max-cost-usd', 'the `prices` input'];
  return `${cap} is set but model ${JSON.stringify(inputs.model)} has no known price, so the run could not tell when it passes the budget; set ${prices} (USD per million tokens as input/cached-input/output, e.g. 1.25/0.125/10) or remove \`${cap}\``;
}

/**
 * The `otel-*` inputs together: each header's value read from the variable it names (so a secret
 * reaches the collector only), and a clear error for headers or content without an endpoint.
 */
function telemetrySetting(inputs: InputValues, env: NodeJS.ProcessEnv): TelemetrySetting | undefined {
  const endpoint = inputs['otel-endpoint'];
  const named = inputs['otel-headers'];
  if (endpoint === undefined) {
    if (named.length > 0 || inputs['otel-content'])
      throw new InputError([
        `${named.length > 0 ? 'otel-headers' : 'otel-content'} is set but otel-endpoint is empty; set otel-endpoint to your collector's OTLP/HTTP URL or remove it`,
      ]);
    return undefined;
  }
  const problems: string[] = [];
  const headers: Record<string, string> = {};
  for (const { name, variable } of named) {
    const value = env[variable]?.trim();
    if (value) headers[name] = value;
    else
      problems.push(
        `otel-headers names $${variable} for ${name}, but the step's environment has no ${variable}; add it under the step's env (e.g. ${variable}: \${{ secrets.${variable} }})`,
      );
  }
  if (problems.length > 0) throw new InputError(problems);
  return { tracesUrl: endpoint, headers, content: inputs['otel-content'] };
}

/** Every secret value the config holds: masked in the log and redacted from all that is written. */
export function configSecrets(
  config: Pick<Config, 'githubToken' | 'llm' | 'mcp'> & Partial<Pick<Config, 'telemetry'>>,
): string[] {
  return [
    config.githubToken,
    config.llm.apiKey,
    ...config.mcp.secrets,
    ...Object.values(config.telemetry?.headers ?? {}),
  ].filter((s) => s !== '');
}

/**
 * `auth` with the `oidc-*` inputs: an OIDC run needs the job's token (the `id-token: write`
 * permission), no `api-key` beside it, and settings its provider accepts; the `oidc-*` inputs
 * without `auth: oidc` would silently do nothing, so they are refused too.
 */
function readAuth(inputs: InputValues, env: NodeJS.ProcessEnv): LlmAuth {
  const oidcInputs: string[] = (['oidc-provider', 'oidc-audience', 'oidc-token-url'] as const).filter(
    (name) => inputs[name] !== undefined,
  );
  if (Object.keys(inputs['oidc-options']).length > 0) oidcInputs.push('oidc-options');
  if (inputs.auth === 'api-key') {
    if (oidcInputs.length === 0) return { kind: 'api-key' };
    throw new InputError([
      `${oidcInputs.join(', ')} ${oidcInputs.length === 1 ? 'is' : 'are'} set but auth is api-key; set \`auth: oidc\` to use them, or remove them`,
    ]);
  }
  const problems: string[] = [];
  if (inputs['api-key'] !== '')
    problems.push(
      'api-key is set but auth is oidc, which needs no stored key; remove api-key (or set auth: api-key)',
    );
  if (!env['ACTIONS_ID_TOKEN_REQUEST_URL']?.trim() || !env['ACTIONS_ID_TOKEN_REQUEST_TOKEN']?.trim())
    problems.push(ID_TOKEN_PERMISSION_HELP);
  const resolved = resolveOidcSettings({
    provider: inputs['oidc-provider'],
    audience: inputs['oidc-audience'],
    tokenUrl: inputs['oidc-token-url'],
    options: inputs['oidc-options'],
    baseUrl: inputs['base-url'],
  });
  if ('problems' in resolved) problems.push(...resolved.problems);
  if (problems.length > 0 || !('settings' in resolved)) throw new InputError(problems);
  return { kind: 'oidc', settings: resolved.settings };
}
