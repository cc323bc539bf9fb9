/**
 * The only module of the local runner that reads the environment and the command line. It turns
 * them into a typed {@link CliConfig}; everything else receives values. (For the action the same
 * rule holds with `src/inputs.ts`.)
 */
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ruleLines } from '../bash-policy/extra-rules.js';
import { INPUT_DEFAULTS, parseInputValue, type SandboxSetting } from '../inputs.js';
import { CliError } from './cli-error.js';

/** The action's default for `name` (as in action.yml): the local runner behaves like the action unless told otherwise. */
function actionDefault(name: keyof typeof INPUT_DEFAULTS): string {
  const value = INPUT_DEFAULTS[name];
  if (value === undefined) throw new Error(`no action default for ${name}`);
  return value;
}

/** The task, as given by `--prompt` or read later from `--issue-file`. */
export type CliTask = { kind: 'prompt'; text: string } | { kind: 'issue-file'; file: string };

export interface CliConfig {
  /** Absolute path of the checkout to work on. */
  repo: string;
  task: CliTask;
  model: string;
  /** Without a trailing slash. */
  baseUrl: string;
  /** From `OPENAI_API_KEY`; empty when unset. Secret. */
  apiKey: string;
  verifyCommand: string | undefined;
  maxTurns: number;
  maxTokens: number;
  timeoutMinutes: number;
  /** Absolute output folder, or undefined for a fresh one under {@link tempDir}. */
  outDir: string | undefined;
  sandbox: SandboxSetting;
  network: 'off' | 'on';
  /** Extra bash allow rules (`--allow`, repeatable). */
  allowedCommands: string[];
  /** The caller's environment, handed to git and (scrubbed) to agent-run commands. */
  env: Record<string, string | undefined>;
  /** System temp folder: default parent of the output folder and of full command logs. */
  tempDir: string;
  /** The JSON Schema the final answer must match (`--output-schema`), if given. */
  outputSchema?: CliOutputSchema;
}

/** `--output-schema`: a JSON Schema written inline, or a file to read it from. */
export type CliOutputSchema = { kind: 'inline'; text: string } | { kind: 'file'; path: string };

/** `--help` was given: print the help and exit 0. */
export interface HelpRequest {
  help: true;
}

const OPTIONS = {
  repo: { type: 'string' },
  prompt: { type: 'string' },
  'issue-file': { type: 'string' },
  model: { type: 'string', default: actionDefault('model') },
  'base-url': { type: 'string', default: actionDefault('base-url') },
  verify: { type: 'string' },
  'max-turns': { type: 'string', default: actionDefault('max-turns') },
  out: { type: 'string' },
  sandbox: { type: 'string', default: actionDefault('sandbox') },
  allow: { type: 'string', multiple: true, default: [] as string[] },
  auth: { type: 'string', default: actionDefault('auth') },
  'output-schema': { type: 'string' },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

function parseFlags(argv: string[]) {
  try {
    return parseArgs({ args: argv, options: OPTIONS, allowPositionals: false, strict: true }).values;
  } catch (error) {
    // parseArgs messages are already one line and name the flag.
    throw new CliError(`${(error as Error).message.replace(/\.?$/, '')}; see --help`);
  }
}

function baseUrlOf(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new CliError(`--base-url must be an http(s) URL such as https://api.openai.com/v1, got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new CliError(`--base-url must be an http(s) URL such as https://api.openai.com/v1, got "${raw}"`);
  }
  return raw.replace(/\/+$/, '');
}

/** A flag's value parsed as its input, or the input's own message (naming the flag) as a CLI error. */
function flag<T>(parsed: { value: T } | { problem: string }): T {
  if ('problem' in parsed) throw new CliError(parsed.problem);
  return parsed.value;
}

/** The environment minus the key: git and agent-run commands never need it. */
function withoutKey(env: Record<string, string | undefined>): Record<string, string | undefined> {
  const { OPENAI_API_KEY: _key, ...rest } = env;
  return rest;
}

/**
 * Parses the command line and reads `OPENAI_API_KEY`. Throws {@link CliError} with a one-line
 * message for bad flags; whether the key is needed and whether the repo and endpoint work is
 * checked later (`preflight.ts`), since that needs I/O.
 */
export function loadCliConfig(
  argv: string[],
  env: Record<string, string | undefined>,
  cwd: string,
  tempDir: string,
): CliConfig | HelpRequest {
  const flags = parseFlags(argv);
  if (flags.help) return { help: true };
  if ((flags.prompt === undefined) === (flags['issue-file'] === undefined)) {
    throw new CliError('give the task with exactly one of --prompt "<text>" or --issue-file <file.md>');
  }
  const task: CliTask =
    flags.prompt !== undefined
      ? { kind: 'prompt', text: flags.prompt }
      : { kind: 'issue-file', file: path.resolve(cwd, flags['issue-file'] ?? '') };
  if (task.kind === 'prompt' && task.text.trim() === '') throw new CliError('--prompt must not be empty');
  if (flag(parseInputValue('auth', flags.auth, '--auth')) === 'oidc') {
    // The job's OIDC token comes from the runner of a GitHub Actions job; a shell has none to exchange.
    throw new CliError(
      '--auth oidc needs the OIDC token of a GitHub Actions job (ACTIONS_ID_TOKEN_REQUEST_URL), which a local run does not have; exchange a token with your provider yourself and pass the bearer as OPENAI_API_KEY',
    );
  }
  const maxTurns = flag(parseInputValue('max-turns', flags['max-turns'], '--max-turns'));
  const sandbox: SandboxSetting = flag(parseInputValue('sandbox', flags.sandbox, '--sandbox'));
  if (flags.verify !== undefined && flags.verify.trim() === '')
    throw new CliError('--verify must not be empty');
  const schema = flags['output-schema']?.trim();
  if (schema === '')
    throw new CliError('--output-schema must be a JSON Schema ({ … }) or the path of a JSON file');
  return {
    repo: path.resolve(cwd, flags.repo ?? '.'),
    task,
    model: flags.model,
    baseUrl: baseUrlOf(flags['base-url']),
    apiKey: env['OPENAI_API_KEY']?.trim() ?? '',
    verifyCommand: flags.verify,
    maxTurns,
    maxTokens: Number(actionDefault('max-tokens')),
    timeoutMinutes: Number(actionDefault('timeout-minutes')),
    outDir: flags.out === undefined ? undefined : path.resolve(cwd, flags.out),
    sandbox,
    network: 'off',
    allowedCommands: ruleLines(flags.allow),
    env: withoutKey(env),
    tempDir,
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
