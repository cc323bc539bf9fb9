/**
 * A run's context for unit tests of the orchestration: the config the action would read on a
 * runner pointed at the fake GitHub server (and the fake model, when given), a workspace and a
 * runner temp folder of their own, a log that records instead of printing, and the job's abort
 * controller. Plus the small records the steps pass each other (a trigger, an agent's result).
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AgentResult } from '../../src/agent/loop.js';
import { type CheckoutResult, checkoutRef } from '../../src/git/checkout.js';
import { createGitCommandManager, type GitCommandManager } from '../../src/git/git-command-manager.js';
import type { Actor } from '../../src/github/actor.js';
import { type Config, loadConfig } from '../../src/inputs.js';
import { createRunContext, type RunContext } from '../../src/run/context.js';
import { planWork, type WorkPlan } from '../../src/run/plan-work.js';
import type { IssueTrigger, Trigger } from '../../src/triggers/trigger.js';
import type { GitHubServer } from '../fakes/github-server.js';
import { commandRules } from './command-rules.js';
import { inputVariables } from './runner-env.js';

/** The API key runs are configured with; nothing published may carry it. */
export const RUN_API_KEY = 'sk-unitRunKey1234567890abcdefghijklmnopqrst';

export interface RunSetting {
  ctx: RunContext;
  config: Config;
  /** The action's git in the workspace, as the tracked run builds it. */
  git: GitCommandManager;
  workspace: string;
  tempDir: string;
  /** What the run logged, by level. */
  logs: { info: string[]; warning: string[] };
  /** Aborting it is the job being cancelled. */
  abort: AbortController;
}

export interface RunSettingOptions {
  /** Action inputs by name (`verify-command`, `draft`, …), on top of the model and sandbox defaults. */
  inputs?: Record<string, string>;
  /** The fake model's `/v1` URL; without it the run has a model it must never call. */
  openaiUrl?: string;
}

/** Builds the context a run on `github` would have; every folder is fresh. */
export async function runSetting(github: GitHubServer, options: RunSettingOptions = {}): Promise<RunSetting> {
  const root = await mkdtemp(path.join(tmpdir(), 'run-ctx-'));
  const workspace = path.join(root, 'workspace');
  const tempDir = path.join(root, 'runner-temp');
  const inputs: Record<string, string> = {
    'api-key': RUN_API_KEY,
    'base-url': options.openaiUrl ?? 'http://127.0.0.1:9/v1',
    model: 'fake-model',
    sandbox: 'off',
    ...options.inputs,
  };
  const env: Record<string, string> = {
    ...github.actionEnv(),
    GITHUB_EVENT_NAME: 'issues',
    GITHUB_WORKSPACE: workspace,
    RUNNER_TEMP: tempDir,
    GITHUB_RUN_ID: '4242',
    PATH: process.env['PATH'] ?? '',
    // The machine's git configuration stays out of the run's git.
    HOME: root,
    GIT_CONFIG_NOSYSTEM: '1',
    ...inputVariables(inputs),
  };
  const config = loadConfig(env, 'linux');
  const logs = { info: [] as string[], warning: [] as string[] };
  const abort = new AbortController();
  // The action's own context, with its log lines (already redacted and defused) kept for the test.
  const ctx = createRunContext(
    { ...config, allowedCommands: await commandRules(...config.allowedCommands) },
    abort.signal,
    {
      info: (m) => void logs.info.push(m),
      warning: (m) => void logs.warning.push(m),
    },
  );
  const { serverUrl } = config.runner;
  const git = createGitCommandManager({
    cwd: workspace,
    token: config.githubToken,
    serverUrl,
    env: { PATH: env['PATH'], HOME: root, GIT_CONFIG_NOSYSTEM: '1' },
  });
  return { ctx, config, git, workspace, tempDir, logs, abort };
}

/** The run's plan for `trigger`, with `main` as the base branch. */
export function planFor(setting: RunSetting, trigger: Exclude<Trigger, { kind: 'skip' }>): Promise<WorkPlan> {
  return planWork(setting.ctx.octokit, setting.ctx.repo, trigger, {
    mode: setting.config.mode,
    branchPrefix: setting.config.branchPrefix,
    baseBranch: 'main',
  });
}

/** Checks out the plan's branch in the setting's workspace, as the run's first phase does. */
export function checkOut(setting: RunSetting, plan: WorkPlan): Promise<CheckoutResult> {
  return checkoutRef(setting.git, {
    remoteUrl: setting.ctx.remoteUrl,
    branch: plan.branch,
    from: plan.from,
    leaseBranch: plan.leaseBranch,
  });
}

/** Writes files into the workspace, as the agent's edits would. */
export async function editWorkspace(setting: RunSetting, files: Record<string, string>): Promise<void> {
  for (const [file, text] of Object.entries(files)) await writeFile(path.join(setting.workspace, file), text);
}

/** Alice, a user with write access in the tests. */
export const ALICE: Actor = { login: 'alice', type: 'User', id: 101 };

/** An `issues.labeled` trigger for an issue of the fake. */
export function issueTrigger(issue: { number: number; title: string; body: string | null }): IssueTrigger {
  return {
    kind: 'issue',
    issueNumber: issue.number,
    title: issue.title,
    body: issue.body ?? '',
    actor: ALICE,
    label: 'agent',
  };
}

/** An agent that finished: `summary` as its answer, one turn, a few tokens. */
export function agentResult(overrides: Partial<AgentResult> = {}): AgentResult {
  return {
    stopReason: 'done',
    summary: 'Fix the greeting typo\n\nThe greeting said helo.',
    turns: 1,
    tokens: { prompt: 100, completion: 20, total: 120 },
    toolCalls: 1,
    messages: [{ role: 'user', content: 'Fix the greeting.' }],
    ...overrides,
  };
}
