/**
 * The agent's tools reported to the run's {@link WriterLedger}: every command the sandbox starts
 * (bash, `verify-command`, stdio MCP servers) counts as a writer until it has exited, and so does
 * every call of the registry's tools (the file tools write from the action's own process). Where a
 * finished command's processes may live on (levels `none` and `landlock`), the ledger is told so
 * and nothing the guard listed is ever reused.
 */
import type { WriterLedger } from '../git/work-tree-writers.js';
import type { ManagedSandbox } from '../sandbox/detect-sandbox.js';
import { hasNamespaces } from '../sandbox/sandbox.js';
import { ToolRegistry } from '../tools/registry.js';
import type { Tool } from '../tools/tool.js';

/** `sandbox`, with each command reported from its start until its exit. */
export function sandboxReportingWriters(sandbox: ManagedSandbox, ledger: WriterLedger): ManagedSandbox {
  if (!hasNamespaces(sandbox.level)) ledger.outlivable();
  return {
    ...sandbox,
    start(argv, options) {
      const ended = ledger.begin();
      try {
        const command = sandbox.start(argv, options);
        void command.exited.finally(ended).catch(() => undefined);
        return command;
      } catch (error) {
        ended();
        throw error;
      }
    },
  };
}

/** A copy of `registry` whose every tool call is reported until it has returned or thrown. */
export function toolsReportingWriters(registry: ToolRegistry, ledger: WriterLedger): ToolRegistry {
  return new ToolRegistry(registry.names().map((name) => reporting(registry.get(name)!, ledger)));
}

function reporting(tool: Tool<unknown>, ledger: WriterLedger): Tool<unknown> {
  return {
    ...tool,
    async execute(args, context) {
      const ended = ledger.begin();
      try {
        return await tool.execute(args, context);
      } finally {
        ended();
      }
    },
  };
}
