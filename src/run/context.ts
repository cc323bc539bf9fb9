/**
 * What every step of a run shares: the config, the clients, and the two functions every string
 * passes through on its way out (`redact` for logs, `publish` for GitHub).
 */
import * as core from '@actions/core';
import type { ExtraRule } from '../bash-policy/index.js';
import { createWriterLedger, type WriterLedger } from '../git/work-tree-writers.js';
import { createGitHubClient, type GitHubClient } from '../github/client.js';
import type { RepoRef } from '../github/repo-ref.js';
import { type Config, configSecrets } from '../inputs.js';
import { type BearerSource, createBearerSource } from '../llm/oidc/bearer-source.js';
import { requestIdTokenFromRunner } from '../llm/oidc/id-token.js';
import { OIDC_RECIPES } from '../llm/oidc/oidc-settings.js';
import type { CommandHost, RunLog } from '../pipeline/command-host.js';
import { preparePublishedMarkdown } from '../safety/publish-text.js';
import { createRedactor } from '../safety/redact.js';
import { neutraliseWorkflowCommands, registerSecrets } from '../safety/workflow-commands.js';

/** The config of an admitted run: its `allowed-commands` lines parsed into rules (`runFromEvent`). */
export type RunConfig = Omit<Config, 'allowedCommands'> & { allowedCommands: readonly ExtraRule[] };

export interface RunContext {
  config: RunConfig;
  repo: RepoRef;
  octokit: GitHubClient;
  /** Removes secret values and token-shaped strings. */
  redact: (text: string) => string;
  /** Redacts and makes markdown safe for GitHub (external links and images dropped, size fitted). */
  publish: (markdown: string, maxChars?: number) => string;
  /** This workflow run's page. */
  runUrl: string;
  /** Smart-HTTP URL of the repository. */
  remoteUrl: string;
  log: RunLog;
  /** Aborted when the job is cancelled. */
  signal: AbortSignal;
  /** With `auth: oidc`, the model endpoint's bearer (exchanged on first use, renewed as it ages). */
  oidc: { provider: string; bearer: BearerSource } | undefined;
  /** Every command and tool call of the run's agents, for the guard of the action's git. */
  writers: WriterLedger;
}

/** Where the run's log lines go once redacted and defused: the runner's log, unless a test listens. */
const RUNNER_LOG: RunLog = { info: (m) => core.info(m), warning: (m) => core.warning(m) };

/** Registers the secrets with the runner's masker first, then builds the context. */
export function createRunContext(
  config: RunConfig,
  signal: AbortSignal,
  sink: RunLog = RUNNER_LOG,
): RunContext {
  const secrets = configSecrets(config);
  registerSecrets(secrets);
  let redactor = createRedactor(secrets);
  const redact = (text: string) => redactor(text);
  // Tokens minted during the run (the job's OIDC token, each bearer) join the masked values first.
  const addSecret = (value: string) => {
    if (secrets.includes(value)) return;
    registerSecrets([value]);
    secrets.push(value);
    redactor = createRedactor(secrets);
  };
  const { owner, repo } = config.runner.repository;
  const { serverUrl } = config.runner;
  const clean = (message: string) => neutraliseWorkflowCommands(redact(message));
  const log: RunLog = { info: (m) => sink.info(clean(m)), warning: (m) => sink.warning(clean(m)) };
  return {
    config,
    repo: { owner, repo },
    octokit: createGitHubClient({
      token: config.githubToken,
      baseUrl: config.runner.apiUrl,
      userAgent: 'agent-action',
      log: (m) => log.warning(m),
      info: (m) => log.info(m),
    }),
    redact,
    publish: (markdown, maxChars) =>
      preparePublishedMarkdown(markdown, { serverUrl, redact, ...(maxChars ? { maxChars } : {}) }),
    runUrl: `${serverUrl}/${owner}/${repo}/actions/runs/${config.runner.runId}`,
    remoteUrl: `${serverUrl}/${owner}/${repo}.git`,
    log,
    signal,
    oidc: oidcBearer(config, addSecret, log),
    writers: createWriterLedger(),
  };
}

function oidcBearer(config: RunConfig, onSecret: (value: string) => void, log: RunLog): RunContext['oidc'] {
  const { auth, baseUrl } = config.llm;
  if (auth.kind !== 'oidc') return undefined;
  const recipe = OIDC_RECIPES[auth.settings.provider];
  return {
    provider: auth.settings.provider,
    bearer: createBearerSource({
      recipe,
      settings: auth.settings,
      baseUrl,
      requestIdToken: requestIdTokenFromRunner,
      onSecret,
      log: (m) => log.info(m),
    }),
  };
}

/** The action's command host: the runner's folders and environment with the run's log, redaction and signal. */
export function commandHost(ctx: RunContext): CommandHost {
  const { workspace, tempDir, env, platform } = ctx.config.runner;
  const { log, redact, signal, writers } = ctx;
  return { workspace, tempDir, env, platform, log, redact, signal, writers };
}
