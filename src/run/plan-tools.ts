/**
 * The planner's tools: the review runs' read-only registry without `add_review_comment` — every
 * tool that writes withheld, bash limited to the read-only part of the policy inside the usual
 * sandbox, and only the MCP servers marked `read-only: true`. A plan changes nothing.
 */
import { type AgentToolSettings, type AgentTools, prepareAgentTools } from '../pipeline/agent-tools.js';
import type { CommandHost } from '../pipeline/command-host.js';
import { WRITE_TOOLS } from '../pipeline/review-tools.js';

function refusal(name: string): string {
  return `${name} is not available while planning: a plan run never changes files. Describe the change in the plan's Steps instead.`;
}

/** Builds the planner's registry; `dispose` ends the sandbox. */
export async function preparePlanTools(host: CommandHost, settings: AgentToolSettings): Promise<AgentTools> {
  const tools = await prepareAgentTools(host, { ...settings, readOnly: true });
  const writers = tools.registry.names().filter((n) => n !== 'bash' && !tools.registry.get(n)?.readOnly);
  const names = [...new Set([...WRITE_TOOLS, ...writers])];
  return {
    ...tools,
    registry: tools.registry.withheld(Object.fromEntries(names.map((n) => [n, refusal(n)]))),
  };
}
