/**
 * `write_file`: creates a file (and its folders) or replaces one. Replacing requires a prior read
 * and no change on disk since (the read tracker), so the model never overwrites what it has not seen.
 */
import { mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { FILE_TOOL_TIMEOUT_MS } from '../limits.js';
import type { FileToolDeps } from './read-file.js';
import { splitLines } from './text-file.js';
import { defineTool } from './tool.js';

const parameters = z.object({
  path: z.string().describe('Path relative to the workspace'),
  content: z.string().describe('The complete file content'),
});

/** Creates the `write_file` tool. */
export function createWriteFileTool({ policy, readTracker }: FileToolDeps) {
  return defineTool({
    name: 'write_file',
    description:
      'Create a file, or replace a whole file you have read. Creates parent folders. Prefer edit_file for changes.',
    parameters,
    readOnly: false,
    timeoutMs: FILE_TOOL_TIMEOUT_MS,
    async execute({ path: requested, content }, { signal }) {
      const target = policy.resolveForWrite(requested);
      if (target.kind === 'refused') return { output: target.message, isError: true, status: 'denied' };
      const shown = target.relative;
      const existing = await stat(target.path).catch(() => undefined);
      if (existing?.isDirectory()) return { output: `${shown} is a directory.`, isError: true };
      const check = await readTracker.checkWrite(target.path, shown);
      if (check.kind === 'refused')
        return { output: check.message, isError: true, meta: { refused: check.reason } };
      if (signal.aborted) return { output: 'Cancelled before writing.', isError: true };

      try {
        await mkdir(path.dirname(target.path), { recursive: true });
        await writeFile(target.path, content);
      } catch (error) {
        return { output: `Cannot write ${shown}: ${(error as Error).message}`, isError: true };
      }
      await readTracker.record(target.path, content, 'written');
      const lines = splitLines(content).length;
      return {
        output: `${existing ? 'Replaced' : 'Created'} ${shown} (${lines} lines).`,
        isError: false,
        meta: { created: !existing, lines },
      };
    },
  });
}
