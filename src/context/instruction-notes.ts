/**
 * The file tools, each followed by the repository's held-back instructions the first time the
 * agent reads or edits a file they cover (see `InstructionSet.noteFor`). The note goes after the
 * tool's own output, so the conversation before it (and the provider's prompt cache of it) is
 * unchanged; it is added only to calls that succeeded, and each file is given once per run.
 */
import path from 'node:path';
import type { ToolRegistry } from '../tools/registry.js';
import { withSystemNote } from '../tools/system-note.js';
import type { Tool } from '../tools/tool.js';
import type { InstructionFileEntry } from './context-report.js';
import type { InstructionSet } from './instruction-files.js';

/** The tools whose paths count as reading or editing, and how to find them in the arguments. */
const PATHS_OF: Record<string, (args: Record<string, unknown>) => string[]> = {
  read_file: (args) => (typeof args['path'] === 'string' ? [args['path']] : []),
  write_file: (args) => (typeof args['path'] === 'string' ? [args['path']] : []),
  edit_file: (args) => (typeof args['path'] === 'string' ? [args['path']] : []),
  apply_patch: (args) =>
    typeof args['patch'] === 'string'
      ? [...args['patch'].matchAll(/^\*\*\* (?:(?:Add|Update|Delete) File|Move to): (.+)$/gm)].map((m) =>
          m[1]!.trim(),
        )
      : [],
};

/** A copy of `registry` whose file tools carry the instruction notes; `onAdded` hears each file given. */
export function withInstructionNotes(
  registry: ToolRegistry,
  instructions: InstructionSet,
  options: { workspace: string; onAdded?: (entries: InstructionFileEntry[]) => void },
): ToolRegistry {
  return registry.map((tool) => {
    const pathsOf = PATHS_OF[tool.name];
    return pathsOf ? noted(tool, pathsOf, instructions, options) : tool;
  });
}

function noted(
  tool: Tool<unknown>,
  pathsOf: (args: Record<string, unknown>) => string[],
  instructions: InstructionSet,
  options: { workspace: string; onAdded?: (entries: InstructionFileEntry[]) => void },
): Tool<unknown> {
  return {
    ...tool,
    async execute(args, context) {
      const outcome = await tool.execute(args, context);
      if (outcome.isError || (outcome.status && outcome.status !== 'ok')) return outcome;
      const paths = pathsOf((args ?? {}) as Record<string, unknown>).flatMap((p) =>
        inRepository(options.workspace, p),
      );
      if (paths.length === 0) return outcome;
      const found = instructions.noteFor(paths, `${tool.name} ${paths.join(', ')}`);
      if (!found) return outcome;
      options.onAdded?.(found.added);
      return { ...outcome, output: withSystemNote(outcome.output, found.note) };
    },
  };
}

/** `requested` as a repository-relative path, or nothing when it is outside the workspace. */
function inRepository(workspace: string, requested: string): string[] {
  const relative = path.relative(workspace, path.resolve(workspace, requested)).split(path.sep).join('/');
  return relative === '' || relative.startsWith('../') || relative === '..' || path.isAbsolute(relative)
    ? []
    : [relative];
}
