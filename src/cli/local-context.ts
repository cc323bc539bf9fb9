/**
 * The action's {@link RunContext} for a local run, so the local runner reuses the action's own
 * pieces (`prepareAgentTools`, `runVerification`) unchanged. GitHub is out of reach by
 * construction: the Octokit in it throws on first use, and no token exists.
 */
import { pathToFileURL } from 'node:url';
import type { GitHubClient } from '../github/client.js';
import type { Config } from '../inputs.js';
import type { RunContext } from '../run/context.js';
import { preparePublishedMarkdown } from '../safety/publish-text.js';
import { neutraliseWorkflowCommands } from '../safety/workflow-commands.js';
import type { CliConfig } from './cli-config.js';

/** Where PR text would be published; only its links survive in the PR body, as on github.com. */
const SERVER_URL = 'https://github.com';

/** An Octokit that refuses every use: the local runner must never reach GitHub. */
const offlineOctokit = new Proxy(
  {},
  {
    get(_target, property) {
      throw new Error(`BUG: the local runner never calls GitHub (octokit.${String(property)})`);
    },
  },
) as GitHubClient;

export interface LocalContextInput {
  cli: CliConfig;
  /** Top of the checkout (the workspace). */
  workspace: string;
  /** Branch the run started on: the PR's base. */
  baseBranch: string | undefined;
  /** Output folder; plays the part of RUNNER_TEMP (full command logs land under it). */
  outDir: string;
  /** The transcript's Markdown file, linked as "the run" from the PR body. */
  transcriptMarkdownPath: string;
  platform: NodeJS.Platform;
  redact: (text: string) => string;
  write: (line: string) => void;
  signal: AbortSignal;
}

/** The config the action would have parsed from inputs equal to the CLI's flags. */
export function localConfig(input: LocalContextInput): Config {
  const { cli } = input;
  return {
    llm: { apiKey: cli.apiKey, baseUrl: cli.baseUrl, model: cli.model },
    githubToken: '',
    triggerPhrase: '/agent',
    label: 'agent',
    prompt: undefined,
    mode: 'pr',
    minPermission: 'write',
    allowedCommands: cli.allowedCommands,
    verifyCommand: cli.verifyCommand,
    limits: { maxTurns: cli.maxTurns, maxTokens: cli.maxTokens, timeoutMinutes: cli.timeoutMinutes },
    branchPrefix: 'agent/',
    baseBranch: input.baseBranch,
    draft: false,
    instructions: undefined,
    ci: { workflow: undefined, rounds: 0 },
    sandbox: cli.sandbox,
    network: cli.network,
    runner: {
      eventName: 'local',
      eventPath: undefined,
      repository: { owner: 'local', repo: 'checkout' },
      serverUrl: SERVER_URL,
      apiUrl: 'http://github.invalid',
      workspace: input.workspace,
      runId: 0,
      runAttempt: 1,
      tempDir: input.outDir,
      actor: undefined,
      platform: input.platform,
      env: cli.env,
    },
  };
}

/** Builds the context; log lines are redacted and defused like the action's. */
export function createLocalContext(input: LocalContextInput): RunContext {
  const config = localConfig(input);
  const clean = (message: string) => neutraliseWorkflowCommands(input.redact(message));
  return {
    config,
    repo: config.runner.repository,
    octokit: offlineOctokit,
    redact: input.redact,
    publish: (markdown, maxChars) =>
      preparePublishedMarkdown(markdown, {
        serverUrl: SERVER_URL,
        redact: input.redact,
        ...(maxChars ? { maxChars } : {}),
      }),
    runUrl: pathToFileURL(input.transcriptMarkdownPath).href,
    remoteUrl: '',
    log: { info: (m) => input.write(clean(m)), warning: (m) => input.write(clean(`warning: ${m}`)) },
    signal: input.signal,
  };
}
