/**
 * Where the runner itself touches the workspace after sandboxed commands ran: its file tools
 * and its git. Files a throw-away user created are handed back in the background after each
 * command (see `hand-back.ts`); these await that first, and report a hand-back that went wrong
 * where the files were needed.
 */
import type { ToolRegistry } from '../tools/registry.js';
import { ToolRegistry as Registry } from '../tools/registry.js';
import type { Tool } from '../tools/tool.js';
import type { Sandbox } from './sandbox.js';

/** A copy of `registry` whose every tool awaits the sandbox's hand-back before it runs. */
export function settleFirst(registry: ToolRegistry, sandbox: Pick<Sandbox, 'settle'>): ToolRegistry {
  const settle = sandbox.settle?.bind(sandbox);
  if (!settle) return registry;
  return new Registry(registry.names().map((name) => settled(registry.get(name)!, settle)));
}

/** Awaits the hand-back before the runner's own git reads the workspace; a problem is logged. */
export async function settleBeforeGit(
  sandbox: Pick<Sandbox, 'settle'>,
  warn: (message: string) => void,
): Promise<void> {
  const problem = await sandbox.settle?.();
  if (problem)
    warn(`sandbox: files the commands created could not all be handed back before committing: ${problem}`);
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
