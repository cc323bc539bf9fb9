/**
 * The reviewer's tools: a child of the usual registry with every tool that writes withheld
 * (`write_file`, `edit_file`, `apply_patch` and any other non-read-only file tool); each reviewer
 * adds its own `add_review_comment` (review-agents.ts). A same-repository pull request keeps bash,
 * limited to the read-only part of the policy, inside the usual sandbox (which also runs
 * `verify-command` against suggestions); a fork's gets no bash and no sandbox at all, since
 * nothing of its head may run. MCP servers: only those marked `read-only: true`, with their
 * read-only tools (a fork's review starts no stdio server, since it has no sandbox).
 */
import { scrubbedEnv } from '../exec/scrubbed-env.js';
import { createPathPolicy } from '../safety/path-policy.js';
import { createReadTracker } from '../safety/read-tracker.js';
import type { Sandbox } from '../sandbox/sandbox.js';
import { createFileTools } from '../tools/default-registry.js';
import { ToolRegistry } from '../tools/registry.js';
import { type AgentToolSettings, mcpSettings, prepareAgentTools } from './agent-tools.js';
import type { CommandHost } from './command-host.js';
import { startMcpTools } from './mcp-tools.js';

/** Write tools withheld by name even before they exist in this registry, so none slips through. */
export const WRITE_TOOLS = ['write_file', 'edit_file', 'apply_patch'] as const;

export interface ReviewTools {
  registry: ToolRegistry;
  /** How commands are isolated, or why none run; for the log. */
  description: string;
  /** Where commands run, when they may (a same-repository pull request). */
  commands?: { sandbox: Sandbox; env: Readonly<Record<string, string>> };
  /** The MCP servers and their tools, for the job summary ('' without servers). */
  mcpSummary(): string;
  dispose(): Promise<void>;
}

export interface ReviewToolOptions {
  /** False for a fork's pull request. */
  canRunCommands: boolean;
}

function refusal(name: string): string {
  return `${name} is not available in review mode: a review never changes files. Report what should change with add_review_comment (its suggestion field holds replacement lines).`;
}

const BASH_REFUSAL =
  'bash is not available in review mode for a pull request from a fork: nothing from its head is run. Read the code with read_file, glob and grep.';

/** Builds the review registry; `dispose` ends the sandbox when there is one. */
export async function prepareReviewTools(
  host: CommandHost,
  settings: AgentToolSettings,
  options: ReviewToolOptions,
): Promise<ReviewTools> {
  if (!options.canRunCommands) {
    const fileTools = createFileTools({
      workspace: host.workspace,
      policy: createPathPolicy(host.workspace),
      readTracker: createReadTracker(),
      env: scrubbedEnv(host.env),
    });
    const writers = fileTools.filter((t) => !t.readOnly).map((t) => t.name);
    const registry = new ToolRegistry(fileTools.filter((t) => t.readOnly)).withheld({
      ...refusals([...WRITE_TOOLS, ...writers]),
      bash: BASH_REFUSAL,
    });
    const description = 'No commands run: the pull request comes from a fork, so bash is not offered.';
    host.log.info(description);
    // Remote servers only: a stdio server would need the sandbox this review does not start.
    const mcp = await startMcpTools(host, mcpSettings({ ...settings, readOnly: true }), undefined);
    return {
      registry: mcp ? registry.withShelf(mcp.shelf, mcp.preload) : registry,
      description,
      mcpSummary: () => mcp?.summary() ?? '',
      dispose: async () => mcp?.close(),
    };
  }
  const tools = await prepareAgentTools(host, { ...settings, readOnly: true });
  const writers = tools.registry.names().filter((n) => n !== 'bash' && !tools.registry.get(n)?.readOnly);
  const registry = tools.registry.withheld(refusals([...WRITE_TOOLS, ...writers]));
  return {
    registry,
    description: tools.description,
    commands: { sandbox: tools.sandbox, env: tools.commandEnv },
    mcpSummary: tools.mcpSummary,
    dispose: tools.dispose,
  };
}

function refusals(names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.map((n) => [n, refusal(n)]));
}
