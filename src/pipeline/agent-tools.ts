/**
 * The agent's tools for one run: the sandbox detected once at start-up, and the registry of the
 * file tools plus bash, sharing one path policy and one read tracker over the workspace, with the
 * MCP servers' tools on a shelf behind `tool_search`.
 */
import path from 'node:path';
import { createBashPolicy, type ExtraRule } from '../bash-policy/index.js';
import type { BlockedHosts } from '../egress/blocked-hosts-report.js';
import { lifecycleScriptsOff } from '../egress/proxy-env.js';
import { agentCommandEnv, scrubbedEnv } from '../exec/scrubbed-env.js';
import type { McpServerSpec } from '../mcp/mcp-config.js';
import { createPathPolicy } from '../safety/path-policy.js';
import { createReadTracker } from '../safety/read-tracker.js';
import { describeSandbox } from '../sandbox/describe-sandbox.js';
import {
  type DetectSandboxOptions,
  detectSandbox,
  type ManagedSandbox,
  SandboxUnavailableError,
} from '../sandbox/detect-sandbox.js';
import { runnerFolders } from '../sandbox/runner-folders.js';
import { hasNamespaces } from '../sandbox/sandbox.js';
import { createBashTool } from '../tools/bash.js';
import { createDefaultRegistry } from '../tools/default-registry.js';
import type { ToolRegistry } from '../tools/registry.js';
import { settleFirst } from '../tools/settled-registry.js';
import { type CommandEgress, startCommandEgress } from './command-egress.js';
import type { CommandHost } from './command-host.js';
import { type McpToolSettings, type RunMcp, startMcpTools } from './mcp-tools.js';
import { refreshIndex, touchedEveryFile } from './refresh-index.js';
import { sandboxReportingWriters, toolsReportingWriters } from './writer-tracking.js';

export interface AgentTools {
  registry: ToolRegistry;
  sandbox: ManagedSandbox;
  /** {@link describeSandbox} of `sandbox`: for the log, the job summary and (when degraded) the PR body. */
  description: string;
  /** Folder for full command logs. */
  logDir: string;
  /** Added to the scrubbed environment of every agent-run command (the proxy variables). */
  commandEnv: Readonly<Record<string, string>>;
  /** Hosts the egress proxy refused so far, with counts (empty unless `network: allowlist`). */
  blockedHosts(): BlockedHosts;
  /** The MCP servers, their tools and what failed, for the job summary ('' without servers). */
  mcpSummary(): string;
  dispose(): Promise<void>;
}

/** The settings that shape the tools; the action's `Config` and the local runner's flags both fit. */
export interface AgentToolSettings {
  /** Extra bash allow rules (`allowed-commands`, `--allow`), parsed where the run was admitted. */
  allowedCommands: readonly ExtraRule[];
  sandbox: DetectSandboxOptions['setting'];
  network: 'off' | 'allowlist' | 'on';
  /** Review runs: bash keeps only the read-only part of its policy. */
  readOnly?: boolean;
  /** With `network: allowlist`: the `allowed-domains` entries. */
  allowedDomains?: readonly string[];
  /** The `mcp-servers` input. */
  mcp?: { servers: readonly McpServerSpec[] };
}

/** Detects the sandbox (logging what it provides) and builds the registry. */
export async function prepareAgentTools(host: CommandHost, settings: AgentToolSettings): Promise<AgentTools> {
  const { workspace, env } = host;
  const home = env['HOME'];
  const runner = runnerFolders(env, workspace);
  const detected = await detectSandbox({
    setting: settings.sandbox,
    // An allowlist keeps the commands' own network namespace; the forwarder is its only way out.
    network: settings.network === 'on' ? 'on' : 'off',
    workspace,
    tempDir: host.tempDir,
    platform: host.platform,
    // The runner's home holds credentials (~/.ssh, ~/.npmrc, runner files) and the work root other
    // checkouts; the workspace under them is mounted back in. PATH folders under them and the
    // tool cache stay usable, read-only.
    hidePaths: [...(home ? [home] : []), ...runner.hide],
    readOnlyPaths: runner.readOnly,
    ...(env['PATH'] ? { path: env['PATH'] } : {}),
  });
  const sandbox = sandboxReportingWriters(detected, host.writers);
  if (touchedEveryFile(sandbox)) await refreshIndex(host);
  const { egress, warning } =
    settings.network === 'allowlist' ? await allowlist(host, settings, sandbox) : {};
  const network = egress && !warning ? "Network: `allowlist` through the action's egress proxy." : '';
  const description =
    [describeSandbox(sandbox), network, warning].filter(Boolean).join(' ') +
    unsandboxedCodeNote(settings.sandbox, sandbox.level);
  // Less than full isolation is a warning, so the downgrade shows as an annotation on the run.
  const line = description.replace(/\*\*/g, '');
  if (sandbox.missing.length > 0 || warning) host.log.warning(line);
  else host.log.info(line);
  const policy = createPathPolicy(workspace);
  const readTracker = createReadTracker();
  const bashPolicy = await createBashPolicy({
    workspace,
    extraRules: settings.allowedCommands,
    // Landlock confines writes, network and processes but not what the runner can read, and the
    // policy knows two kinds of level: it treats `landlock` as `none` (no workspace code).
    sandbox: {
      level: hasNamespaces(sandbox.level) ? sandbox.level : 'none',
      deliberate: settings.sandbox === 'off',
    },
    readTracker,
    ...(settings.readOnly ? { readOnly: true } : {}),
    network: settings.network,
  });
  const logDir = path.join(host.tempDir, 'agent-action', 'commands');
  const commandEnv = egress?.env ?? (settings.network === 'on' ? lifecycleScriptsOff() : {});
  const shellEnv = { ...agentCommandEnv(env, workspace), ...commandEnv };
  const bash = createBashTool({ workspace, policy: bashPolicy, sandbox, env: shellEnv, logDir });
  const fileTools = createDefaultRegistry({
    workspace,
    policy,
    readTracker,
    log: (m) => host.log.info(m),
    env: scrubbedEnv(env),
  });
  const core = toolsReportingWriters(settleFirst(fileTools, sandbox).with(bash), host.writers);
  const stop = async () => {
    await egress?.stop();
    await sandbox.dispose();
  };
  let mcp: RunMcp | undefined;
  try {
    mcp = await startMcpTools(host, mcpSettings(settings), { sandbox, env: shellEnv });
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    registry: mcp ? core.withShelf(mcp.shelf, mcp.preload) : core,
    sandbox,
    description,
    logDir,
    commandEnv,
    blockedHosts: () => egress?.blockedHosts() ?? new Map(),
    mcpSummary: () => mcp?.summary() ?? '',
    dispose: async () => {
      await mcp?.close();
      await stop();
    },
  };
}

/** The settings that shape the MCP servers. */
export function mcpSettings(settings: AgentToolSettings): McpToolSettings {
  return {
    servers: settings.mcp?.servers ?? [],
    network: settings.network,
    ...(settings.allowedDomains ? { allowedDomains: settings.allowedDomains } : {}),
    ...(settings.readOnly ? { readOnly: true } : {}),
  };
}

/**
 * Starts the egress proxy for `network: allowlist`. When it cannot run, commands keep loopback
 * only (fail closed): a warning under `sandbox: auto`, the run's failure under `strict`.
 */
async function allowlist(
  host: CommandHost,
  settings: AgentToolSettings,
  sandbox: ManagedSandbox,
): Promise<{ egress?: CommandEgress; warning?: string }> {
  try {
    const egress = await startCommandEgress({
      allowedDomains: settings.allowedDomains ?? [],
      sandbox,
      tempDir: host.tempDir,
    });
    return { egress, ...(egress.warning ? { warning: egress.warning } : {}) };
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    if (settings.sandbox === 'strict') {
      await sandbox.dispose();
      throw new SandboxUnavailableError(
        `network: allowlist, but the egress proxy could not start (${why}). Set network: off or sandbox: auto.`,
      );
    }
    return { warning: `⚠️ \`network: allowlist\` could not start (${why}); commands have loopback only.` };
  }
}

/**
 * What a maintainer must know about workspace code at levels `none` and `landlock`: with `sandbox: off` the
 * project's tests and builds ran with the runner's access; otherwise the policy refused them.
 */
export function unsandboxedCodeNote(setting: AgentToolSettings['sandbox'], level: string): string {
  if (hasNamespaces(level)) return '';
  return setting === 'off'
    ? " **Warning: `sandbox: off` was set, so the project's own code (tests, builds, install scripts) runs with no isolation when the agent runs it: code the agent wrote or changed can read everything the runner can.**"
    : " Commands that run the project's own code (tests, builds, scripts) were refused, because nothing isolates them here.";
}
