/**
 * The only module of the local runner that reads the environment and the command line. It turns
 * them into a typed {@link CliConfig}; everything else receives values. (For the action the same
 * rule holds with `src/inputs.ts`.) Every flag that stands for an action input ({@link INPUT_FLAGS})
 * is parsed by that input's own definition, with the action's default, so a flag accepts exactly
 * what the input does and a bad value gets the input's message naming the flag.
 */
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { RunLimits } from '../agent/budget.js';
import type { Severity } from '../findings/review-severity.js';
import {
  INPUT_DEFAULTS,
  type InputName,
  type InputValues,
  type InstructionFilesSetting,
  type NetworkSetting,
  parseInputValue,
  type SandboxSetting,
  unpricedCostCap,
} from '../inputs.js';
import { type McpConfig, parseMcpServers } from '../mcp/mcp-config.js';
import type { ModelSettings } from '../pipeline/agent-runner.js';
import type { Mode } from '../triggers/trigger.js';
import { CliError } from './cli-error.js';

/**
 * The action inputs the local runner offers, by flag: each is parsed as its input with the
 * input's default (`test/unit/cli/cli-config.parity.test.ts` holds the list to `action.yml`).
 */
export const INPUT_FLAGS = {
  model: 'model',
  'base-url': 'base-url',
  api: 'api',
  'reasoning-effort': 'reasoning-effort',
  'context-window': 'context-window',
  prices: 'prices',
  'max-turns': 'max-turns',
  'max-tokens': 'max-tokens',
  'timeout-minutes': 'timeout-minutes',
  'max-cost-usd': 'max-cost-usd',
  verify: 'verify-command',
  sandbox: 'sandbox',
  network: 'network',
  'allowed-domains': 'allowed-domains',
  allow: 'allowed-commands',
  instructions: 'instructions',
  'instruction-files': 'instruction-files',
  'mcp-servers': 'mcp-servers',
  auth: 'auth',
  mode: 'mode',
  'base-branch': 'base-branch',
  'review-min-severity': 'review-min-severity',
  'max-review-comments': 'max-review-comments',
  'review-agents': 'review-agents',
} as const satisfies Record<string, InputName>;

type FlagInput = (typeof INPUT_FLAGS)[keyof typeof INPUT_FLAGS];

/**
 * The task, as given by `--prompt` or read later from `--issue-file`; or, with `--mode review`, a
 * review of the checked-out branch (`--prompt` then says what to look at, as the words after
 * `review` do in a comment).
 */
export type CliTask =
  | { kind: 'prompt'; text: string }
  | { kind: 'issue-file'; file: string }
  | { kind: 'review'; focus: string | undefined };

/** `--review-min-severity`, `--max-review-comments`, `--review-agents` (as the action's `config.review`). */
export interface CliReview {
  minSeverity: Severity;
  maxComments: number;
  agents: number;
}

export interface CliConfig {
  /** Absolute path of the checkout to work on. */
  repo: string;
  task: CliTask;
  /** `--model`, `--base-url`, `--api`, `--reasoning-effort`, `--context-window`, `--prices`; the key from `OPENAI_API_KEY`. */
  llm: ModelSettings;
  /** `--max-turns`, `--max-tokens`, `--timeout-minutes`, `--max-cost-usd`. */
  limits: RunLimits;
  verifyCommand: string | undefined;
  /** Absolute output folder, or undefined for a fresh one under {@link tempDir}. */
  outDir: string | undefined;
  sandbox: SandboxSetting;
  network: NetworkSetting;
  /** With `--network allowlist`: what agent-run commands may reach. */
  allowedDomains: string[];
  /** Extra bash allow rules (`--allow`, repeatable). */
  allowedCommands: string[];
  /** Appended to the system prompt (`--instructions`). */
  instructions: string | undefined;
  /** Which instruction files of the checkout's start commit the model gets. */
  instructionFiles: InstructionFilesSetting;
  /** `--mcp-servers`: the servers and the secrets their `$NAME`s brought in. */
  mcp: McpConfig;
  /** The caller's environment, handed to git and (scrubbed) to agent-run commands. */
  env: Record<string, string | undefined>;
  /** System temp folder: default parent of the output folder and of full command logs. */
  tempDir: string;
  /** The JSON Schema the final answer must match (`--output-schema`), if given. */
  outputSchema?: CliOutputSchema;
  /** With `--mode review`: the branch the review diffs against; otherwise the dry-run pull request's base. */
  baseBranch: string | undefined;
  review: CliReview;
}

/** `--output-schema`: a JSON Schema written inline, or a file to read it from. */
export type CliOutputSchema = { kind: 'inline'; text: string } | { kind: 'file'; path: string };

/** `--help` was given: print the help and exit 0. */
export interface HelpRequest {
  help: true;
}

/** The flag's declaration for `parseArgs`, with the action's default when the input has one. */
function inputOption(input: FlagInput) {
  const fallback = INPUT_DEFAULTS[input];
  return fallback === undefined
    ? { type: 'string' as const }
    : { type: 'string' as const, default: fallback };
}

const OPTIONS = {
  repo: { type: 'string' },
  prompt: { type: 'string' },
  'issue-file': { type: 'string' },
  out: { type: 'string' },
  'output-schema': { type: 'string' },
  help: { type: 'boolean', short: 'h', default: false },
  ...(Object.fromEntries(
    Object.entries(INPUT_FLAGS).map(([name, input]) => [name, inputOption(input)]),
  ) as Record<keyof typeof INPUT_FLAGS, { type: 'string'; default?: string }>),
  allow: { type: 'string', multiple: true, default: [] as string[] },
} as const;

/** The options `parseArgs` knows, with their defaults (the parity test reads them). */
export const CLI_OPTIONS: Readonly<Record<string, { type: string; default?: unknown; multiple?: boolean }>> =
  OPTIONS;

function parseFlags(argv: string[]) {
  try {
    return parseArgs({ args: argv, options: OPTIONS, allowPositionals: false, strict: true }).values;
  } catch (error) {
    // parseArgs messages are already one line and name the flag.
    throw new CliError(`${(error as Error).message.replace(/\.?$/, '')}; see --help`);
  }
}

/** Every {@link INPUT_FLAGS} value parsed as its input; the first bad one is a CLI error naming its flag. */
function parseInputFlags(flags: Record<string, unknown>): Pick<InputValues, FlagInput> {
  const values: Record<string, unknown> = {};
  for (const [name, input] of Object.entries(INPUT_FLAGS)) {
    const given = flags[name];
    // A repeatable flag is one entry per use, as the input's lines are.
    const raw = Array.isArray(given) ? given.join('\n') : typeof given === 'string' ? given : '';
    const parsed = parseInputValue(input, raw, `--${name}`);
    if ('problem' in parsed) throw new CliError(parsed.problem);
    values[input] = parsed.value;
  }
  return values as Pick<InputValues, FlagInput>;
}

/** The task from `--prompt` / `--issue-file` and `--mode`: a change run takes exactly one, a review at most `--prompt`. */
function taskOf(flags: { prompt?: string; 'issue-file'?: string }, mode: Mode, cwd: string): CliTask {
  if (mode === 'comment')
    throw new CliError(
      '--mode comment answers in a GitHub thread, which a local run has none of: use --mode review to review the branch, or auto (the default) to change it',
    );
  if (mode === 'review') {
    if (flags['issue-file'] !== undefined)
      throw new CliError(
        '--mode review reviews the checked-out branch: drop --issue-file (give a focus with --prompt "<what to look at>")',
      );
    return { kind: 'review', focus: flags.prompt?.trim() || undefined };
  }
  if ((flags.prompt === undefined) === (flags['issue-file'] === undefined)) {
    throw new CliError(
      'give the task with exactly one of --prompt "<text>" or --issue-file <file.md> (or review the branch with --mode review)',
    );
  }
  if (flags.prompt !== undefined) {
    if (flags.prompt.trim() === '') throw new CliError('--prompt must not be empty');
    return { kind: 'prompt', text: flags.prompt };
  }
  return { kind: 'issue-file', file: path.resolve(cwd, flags['issue-file'] ?? '') };
}

/** The environment minus the key: git and agent-run commands never need it. */
function withoutKey(env: Record<string, string | undefined>): Record<string, string | undefined> {
  const { OPENAI_API_KEY: _key, ...rest } = env;
  return rest;
}

/**
 * Parses the command line and reads `OPENAI_API_KEY`. Throws {@link CliError} with a one-line
 * message for bad flags; whether the key is needed and whether the repo and endpoint work is
 * checked later (`local-run.ts`), since that needs I/O.
 */
export function loadCliConfig(
  argv: string[],
  env: Record<string, string | undefined>,
  cwd: string,
  tempDir: string,
): CliConfig | HelpRequest {
  const flags = parseFlags(argv);
  if (flags.help) return { help: true };
  const inputs = parseInputFlags(flags);
  const task = taskOf(flags, inputs.mode, cwd);
  if (flags.verify !== undefined && flags.verify.trim() === '')
    throw new CliError('--verify must not be empty');
  if (inputs.auth === 'oidc') {
    // The job's OIDC token comes from the runner of a GitHub Actions job; a shell has none to exchange.
    throw new CliError(
      '--auth oidc needs the OIDC token of a GitHub Actions job (ACTIONS_ID_TOKEN_REQUEST_URL), which a local run does not have; exchange a token with your provider yourself and pass the bearer as OPENAI_API_KEY',
    );
  }
  const unpriced = unpricedCostCap(inputs, true);
  if (unpriced) throw new CliError(unpriced);
  const mcp = parseMcpServers(inputs['mcp-servers'], env);
  if ('problems' in mcp) throw new CliError(mcp.problems.join('; ').replace(/^mcp-servers/, '--mcp-servers'));
  const schema = flags['output-schema']?.trim();
  if (schema === '')
    throw new CliError('--output-schema must be a JSON Schema ({ … }) or the path of a JSON file');
  return {
    repo: path.resolve(cwd, flags.repo ?? '.'),
    task,
    llm: {
      baseUrl: inputs['base-url'],
      apiKey: env['OPENAI_API_KEY']?.trim() ?? '',
      model: inputs.model,
      api: inputs.api,
      reasoningEffort: inputs['reasoning-effort'],
      contextWindow: inputs['context-window'],
      prices: inputs.prices,
    },
    limits: {
      maxTurns: inputs['max-turns'],
      maxTokens: inputs['max-tokens'],
      timeoutMinutes: inputs['timeout-minutes'],
      maxCostUsd: inputs['max-cost-usd'],
    },
    verifyCommand: inputs['verify-command'],
    outDir: flags.out === undefined ? undefined : path.resolve(cwd, flags.out),
    sandbox: inputs.sandbox,
    network: inputs.network,
    allowedDomains: inputs['allowed-domains'],
    allowedCommands: inputs['allowed-commands'],
    instructions: inputs.instructions,
    instructionFiles: inputs['instruction-files'],
    mcp: mcp.value,
    env: withoutKey(env),
    tempDir,
    baseBranch: inputs['base-branch'],
    review: {
      minSeverity: inputs['review-min-severity'],
      maxComments: inputs['max-review-comments'],
      agents: inputs['review-agents'],
    },
    ...(schema === undefined
      ? {}
      : {
          outputSchema: schema.startsWith('{')
            ? { kind: 'inline' as const, text: schema }
            : { kind: 'file' as const, path: path.resolve(cwd, schema) },
        }),
  };
}

/** {@link loadCliConfig} with this process's arguments, environment, folder and temp folder. */
export function loadCliConfigFromProcess(argv: string[]): CliConfig | HelpRequest {
  return loadCliConfig(argv, process.env, process.cwd(), tmpdir());
}

/** `--output-schema`'s text: inline, or read from its file (a file that cannot be read is a usage error). */
export async function readOutputSchema(given: CliOutputSchema): Promise<{ text: string; where: string }> {
  if (given.kind === 'inline') return { text: given.text, where: '--output-schema' };
  const text = await readFile(given.path, 'utf8').catch((error: NodeJS.ErrnoException) => {
    throw new CliError(`--output-schema ${given.path} cannot be read (${error.code ?? error.message})`);
  });
  return { text, where: `--output-schema ${given.path}` };
}
