/**
 * `edit_file`: search-and-replace in a file the model has read. `old_string` must occur exactly
 * once unless `replace_all`; when the exact text is missing, near misses (whitespace, indentation,
 * quotes, escapes, pasted line numbers) are matched, but only where they find exactly one place,
 * so an edit never lands somewhere unintended. The result says how it matched.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { z } from 'zod';
import { MATCH_LABELS, planEdit } from '../edit/plan-edit.js';
import { FILE_TOOL_TIMEOUT_MS } from '../limits.js';
import type { FileToolDeps } from './read-file.js';
import { errorCode } from './text-file.js';
import { defineTool, type ToolOutcome } from './tool.js';

const parameters = z.object({
  path: z.string().describe('Path relative to the workspace'),
  old_string: z.string().describe('Exact text to replace'),
  new_string: z.string().describe('Replacement text'),
  replace_all: z.boolean().optional().describe('Replace every occurrence'),
});

const failure = (output: string): ToolOutcome => ({ output, isError: true });

/** Creates the `edit_file` tool. */
export function createEditFileTool({ policy, readTracker }: FileToolDeps) {
  return defineTool({
    name: 'edit_file',
    description:
      'Replace text in a file you have read. old_string must match exactly once (whitespace included, ' +
      'without line-number prefixes) unless replace_all is true; several matches are refused, never guessed. ' +
      'Lines keep their own line endings. For edits in several places or files use apply_patch.',
    parameters,
    readOnly: false,
    timeoutMs: FILE_TOOL_TIMEOUT_MS,
    async execute({ path: requested, old_string, new_string, replace_all = false }, { signal }) {
      if (old_string === '') return failure('old_string is empty. To create a file use write_file.');
      if (old_string === new_string)
        return failure('old_string and new_string are identical; nothing would change.');
      const target = policy.resolveForWrite(requested);
      if (target.kind === 'refused') return { output: target.message, isError: true, status: 'denied' };
      const shown = target.relative;

      let content: string;
      try {
        content = await readFile(target.path, 'utf8');
      } catch (error) {
        if (errorCode(error) === 'ENOENT')
          return failure(`File not found: ${shown}. To create it use write_file.`);
        return failure(`Cannot read ${shown}: ${(error as Error).message}`);
      }
      const check = await readTracker.checkWrite(target.path, shown);
      if (check.kind === 'refused')
        return { output: check.message, isError: true, meta: { refused: check.reason } };

      const plan = planEdit(content, old_string, new_string, replace_all, shown);
      if (plan.kind === 'failed')
        return { output: plan.message, isError: true, meta: { refused: plan.reason } };
      if (signal.aborted) return failure('Cancelled before writing.');
      try {
        await writeFile(target.path, plan.content);
      } catch (error) {
        return failure(`Cannot write ${shown}: ${(error as Error).message}`);
      }
      await readTracker.record(target.path, plan.content, 'written');
      const count = `${plan.replacements} replacement${plan.replacements === 1 ? '' : 's'}`;
      const how = plan.matched.filter((kind) => kind !== 'exact').map((kind) => MATCH_LABELS[kind]);
      return {
        output:
          how.length === 0
            ? `Edited ${shown}: ${count}, first at line ${plan.line}.`
            : `Edited ${shown}: ${count} at line ${plan.line}, matched ${how.join(' and ')}.`,
        isError: false,
        meta: { replacements: plan.replacements, matched: plan.matched.join('+') },
      };
    },
  });
}
