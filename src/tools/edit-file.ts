/**
 * `edit_file`: exact search-and-replace in a file the model has read (seed §7.2.3). `old_string`
 * must occur exactly once unless `replace_all`, so an edit never lands somewhere unintended; the
 * errors say how often it occurred so the model knows how to fix the call.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { z } from 'zod';
import type { FileToolDeps } from './read-file.js';
import { errorCode } from './text-file.js';
import { defineTool, type ToolOutcome } from './tool.js';

const parameters = z.object({
  path: z.string().describe('Path relative to the workspace'),
  old_string: z.string().describe('Exact text to replace'),
  new_string: z.string().describe('Replacement text'),
  replace_all: z.boolean().optional().describe('Replace every occurrence'),
});

/** Non-overlapping occurrences of `needle` in `text`. */
export function countOccurrences(text: string, needle: string): number {
  let count = 0;
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + needle.length)) count++;
  return count;
}

const failure = (output: string): ToolOutcome => ({ output, isError: true });
const LINE_PREFIX = /^\s*\d+→/m;

/** Creates the `edit_file` tool. */
export function createEditFileTool({ policy, readTracker }: FileToolDeps) {
  return defineTool({
    name: 'edit_file',
    description:
      'Replace exact text in a file you have read. old_string must match exactly once (whitespace included, ' +
      'without the "N→" prefixes) unless replace_all is true.',
    parameters,
    readOnly: false,
    timeoutMs: 30_000,
    async execute({ path: requested, old_string, new_string, replace_all = false }, { signal }) {
      if (old_string === '') return failure('old_string is empty. To create a file use write_file.');
      if (old_string === new_string)
        return failure('old_string and new_string are identical; nothing would change.');
      const target = policy.resolveForWrite(requested);
      if (!target.ok) return { output: target.message, isError: true, status: 'denied' };
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
      if (!check.ok) return { output: check.message, isError: true, meta: { refused: check.reason } };

      let oldText = old_string;
      let newText = new_string;
      let count = countOccurrences(content, oldText);
      if (count === 0 && content.includes('\r\n') && !oldText.includes('\r\n')) {
        // The model writes \n; the file uses CRLF. Match and write in the file's convention.
        oldText = oldText.replaceAll('\n', '\r\n');
        newText = newText.replaceAll('\n', '\r\n');
        count = countOccurrences(content, oldText);
      }
      if (count === 0) {
        const prefixHint = LINE_PREFIX.test(old_string)
          ? ' It seems to include "N→" line prefixes; drop them.'
          : '';
        return failure(
          `old_string not found in ${shown}. Check whitespace and indentation against read_file's output.${prefixHint}`,
        );
      }
      if (count > 1 && !replace_all) {
        return failure(
          `old_string found ${count} times in ${shown}; add surrounding context to make it unique, or set replace_all.`,
        );
      }
      const at = content.indexOf(oldText);
      const updated = replace_all
        ? content.split(oldText).join(newText)
        : content.slice(0, at) + newText + content.slice(at + oldText.length);
      if (signal.aborted) return failure('Cancelled before writing.');
      try {
        await writeFile(target.path, updated);
      } catch (error) {
        return failure(`Cannot write ${shown}: ${(error as Error).message}`);
      }
      await readTracker.record(target.path, updated);
      const line = content.slice(0, at).split('\n').length;
      const replaced = replace_all ? count : 1;
      return {
        output: `Edited ${shown}: ${replaced} replacement${replaced === 1 ? '' : 's'}, first at line ${line}.`,
        isError: false,
        meta: { replacements: replaced },
      };
    },
  });
}
