/**
 * The file tools run in the runner's own process, on files sandboxed commands may have just
 * created as a throw-away user. Those are handed back in the background after each command
 * (`src/sandbox/hand-back.ts`); each tool here awaits that first, and reports a hand-back that
 * went wrong where the files were needed.
 */
import type { Sandbox } from '../sandbox/sandbox.js';
import { ToolRegistry } from './registry.js';
import type { Tool } from './tool.js';

/** A copy of `registry` whose every tool awaits the sandbox's hand-back before it runs. */
export function settleFirst(registry: ToolRegistry, sandbox: Pick<Sandbox, 'settle'>): ToolRegistry {
  const settle = sandbox.settle?.bind(sandbox);
  if (!settle) return registry;
  return new ToolRegistry(registry.names().map((name) => settled(registry.get(name)!, settle)));
}

function settled(tool: Tool<unknown>, settle: () => Promise<string | undefined>): Tool<unknown> {
  return {
    ...tool,
    async execute(args, context) {
      const problem = await settle();
      const outcome = await tool.execute(args, context);
      if (!problem) return outcome;
      const note = `[sandbox: files the last commands created could not all be handed back to the runner: ${problem}]`;
      return { ...outcome, output: `${note}\n${outcome.output}` };
    },
  };
}
