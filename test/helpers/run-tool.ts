/** Calls a tool through the real pipeline (registry → invokeTool), as the scheduler would. */
import { invokeTool } from '../../src/tools/invoke.js';
import type { ToolRegistry } from '../../src/tools/registry.js';
import type { ToolResult } from '../../src/tools/tool.js';

let counter = 0;

export function runTool(
  registry: ToolRegistry,
  name: string,
  args: Record<string, unknown>,
): Promise<ToolResult> {
  counter++;
  return invokeTool(
    registry,
    { id: `call-${counter}`, name, arguments: JSON.stringify(args) },
    new AbortController().signal,
  );
}
