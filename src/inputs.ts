/**
 * The only module that reads the action's inputs and the runner environment. Everything else
 * receives the typed {@link Config} it returns, so nothing reads `process.env` at import time and
 * tests can pass a plain object instead of mutating the real environment.
 */
import { z } from 'zod';

export const MODES = ['auto', 'pr', 'comment'] as const;
export const PERMISSIONS = ['read', 'triage', 'write', 'maintain', 'admin'] as const;
export const SANDBOX_LEVELS = ['auto', 'strict', 'off'] as const;
export const NETWORK_MODES = ['off', 'on'] as const;

export type Mode = (typeof MODES)[number];
export type Permission = (typeof PERMISSIONS)[number];
export type SandboxSetting = (typeof SANDBOX_LEVELS)[number];
export type NetworkSetting = (typeof NETWORK_MODES)[number];

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
  };
  /** Prefix of branches the action creates, e.g. `agent/`. */
  branchPrefix: string;
  /** Branch PRs target for issue runs; undefined means the repository default. */
  baseBranch: string | undefined;
  /** Open PRs as drafts. */
  draft: boolean;
  /** Extra instructions appended to the system prompt. */
  instructions: string | undefined;
  /** CI dispatch after pushing. */
  ci: {
    /** Workflow file to dispatch on the pushed branch, if any. */
    workflow: string | undefined;
    /** Extra fix rounds while the dispatched run fails; 0 means dispatch and do not wait. */
    rounds: number;
  };
  /** Isolation of agent-run commands. */
  sandbox: SandboxSetting;
  /** Network for agent-run commands. */
  network: NetworkSetting;
  /** The runner's view of the world. */
  runner: RunnerContext;
}

/** Standard variables every GitHub runner sets; see the spec's "Runtime" section. */
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

const optionalText: InputSpec<string | undefined> = {
  schema: z.string().transform((s) => (s === '' ? undefined : s)),
  accepts: 'any text',
};

const INPUTS = {
  'api-key': { schema: z.string(), accepts: 'any text' },
  'base-url': {
    schema: z.url({ protocol: /^https?$/ }).transform((u) => u.replace(/\/+$/, '')),
    accepts: 'an http(s) URL such as https://api.openai.com/v1',
  },
  model: { schema: z.string().min(1), accepts: 'a model name such as gpt-5.1' },
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
    schema: z.string().transform((s) =>
      s
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line !== '' && !line.startsWith('#')),
    ),
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
} satisfies Record<string, InputSpec<unknown>>;

type InputName = keyof typeof INPUTS;
type InputValues = { [K in InputName]: z.output<(typeof INPUTS)[K]['schema']> };

/** Defaults as in action.yml, for direct use without the runner filling them in. */
export const INPUT_DEFAULTS: Partial<Record<InputName, string>> = {
  'base-url': 'https://api.openai.com/v1',
  model: 'gpt-5.1',
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
};

/** Reads an input exactly as `@actions/core` does: `INPUT_<NAME>` upper-cased, spaces as `_`, trimmed. */
function rawInput(env: NodeJS.ProcessEnv, name: string): string {
  return (env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] ?? '').trim();
}

function parseInputs(env: NodeJS.ProcessEnv): InputValues {
  const problems: string[] = [];
  const values: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(INPUTS) as [InputName, InputSpec<unknown>][]) {
    const given = rawInput(env, name);
    const raw = given === '' ? (INPUT_DEFAULTS[name] ?? '') : given;
    const result = spec.schema.safeParse(raw);
    if (result.success) values[name] = result.data;
    else problems.push(`${name} must be ${spec.accepts}, got ${JSON.stringify(raw)}`);
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
  return {
    llm: { apiKey: inputs['api-key'], baseUrl: inputs['base-url'], model: inputs.model },
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
    },
    branchPrefix: inputs['branch-prefix'],
    baseBranch: inputs['base-branch'],
    draft: inputs.draft,
    instructions: inputs.instructions,
    ci: { workflow: inputs['ci-workflow'], rounds: inputs['ci-rounds'] },
    sandbox: inputs.sandbox,
    network: inputs.network,
    runner: readRunner(env, platform),
  };
}
