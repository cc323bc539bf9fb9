/**
 * The repository's instruction files for one run, read from a tree the maintainers control (the
 * action: the trusted branch; the local runner: the checkout's start commit): the first request's
 * section, and the held-back files handed out on the tool results when the agent reaches the
 * folders they cover. What was found and given is written to the transcript and logged here, so
 * both ways of running record it the same way.
 */
import type { TranscriptWriter } from '../agent/transcript.js';
import type { InstructionFileEntry } from '../context/context-report.js';
import {
  type InstructionFilesSetting,
  type InstructionSet,
  loadInstructionFiles,
} from '../context/instruction-files.js';
import { withInstructionNotes } from '../context/instruction-notes.js';
import type { BranchTree } from '../git/read-file-on-branch.js';
import { CLAUDE_IMPORT_MAX_DEPTH, INSTRUCTION_FILES_MAX_BYTES } from '../limits.js';
import type { ToolRegistry } from '../tools/registry.js';
import type { RunLog } from './command-host.js';

export interface InstructionContextOptions {
  setting: InstructionFilesSetting;
  /** A review run: review files apply, and the changed files' folder instructions come first. */
  review: boolean;
  /** Paths the task is known to touch (a review's changed files). */
  knownPaths?: readonly string[];
  transcript: TranscriptWriter;
  log: RunLog;
  /** Hears the entries each time a held-back file is given (the action's job summary). */
  onChange?: (entries: InstructionFileEntry[]) => void;
}

/** The run's instructions. */
export interface InstructionContext {
  /** The system prompt's repository-instructions section, when a file was loaded. */
  section: string | undefined;
  /** Every file found, with what became of it so far. */
  entries(): InstructionFileEntry[];
  /** `registry` whose file tools hand out the folder instructions (paths relative to `workspace`). */
  withNotes(registry: ToolRegistry, workspace: string): ToolRegistry;
}

/** Loads the instruction files of `tree` (none without a tree). */
export async function loadInstructionContext(
  tree: BranchTree | undefined,
  options: InstructionContextOptions,
): Promise<InstructionContext> {
  const instructions: InstructionSet | undefined = tree
    ? await loadInstructionFiles(tree, {
        setting: options.setting,
        review: options.review,
        budgetBytes: INSTRUCTION_FILES_MAX_BYTES,
        maxImportDepth: CLAUDE_IMPORT_MAX_DEPTH,
        ...(options.knownPaths ? { knownPaths: options.knownPaths } : {}),
      })
    : undefined;
  const entries = () => instructions?.entries() ?? [];
  const used = entries()
    .filter((f) => f.status !== 'skipped')
    .map((f) => f.path);
  options.log.info(
    used.length > 0 ? `Instruction files: ${used.join(', ')}` : 'Instruction files: none loaded at the start',
  );
  return {
    section: instructions?.section || undefined,
    entries,
    withNotes: (registry, workspace) =>
      instructions
        ? withInstructionNotes(registry, instructions, {
            workspace,
            onAdded: (added) => {
              options.onChange?.(instructions.entries());
              options.transcript.write({ type: 'context', instructionFiles: added });
              for (const entry of added)
                options.log.info(`Instruction file ${entry.path}: ${entry.status} (${entry.note ?? ''})`);
            },
          })
        : registry,
  };
}
