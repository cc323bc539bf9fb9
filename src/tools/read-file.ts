/**
 * `read_file`: a window of a text file with `N→` line numbers, which `edit_file` can then refer
 * to and which the edit tools strip when a model copies them back. A successful read records a snapshot so the file may later be written or edited.
 */
import { readFile, stat } from 'node:fs/promises';
import { z } from 'zod';
import {
  DEFAULT_READ_LINES,
  FILE_TOOL_TIMEOUT_MS,
  MAX_LINE_CHARS,
  MAX_READ_BYTES,
  READ_OUTPUT_BUDGET,
} from '../limits.js';
import type { PathPolicy } from '../safety/path-policy.js';
import type { ReadTracker } from '../safety/read-tracker.js';
import { cutLine, errorCode, looksBinary, splitLines } from './text-file.js';
import { defineTool, type ToolOutcome } from './tool.js';

/** What the file tools close over. */
export interface FileToolDeps {
  policy: PathPolicy;
  readTracker: ReadTracker;
}

const parameters = z.object({
  path: z.string().describe('Path relative to the workspace'),
  offset: z.number().int().min(1).optional().describe('First line, 1-based'),
  limit: z.number().int().min(1).optional().describe(`Max lines (default ${DEFAULT_READ_LINES})`),
});

const failure = (output: string): ToolOutcome => ({ output, isError: true });

/** Creates the `read_file` tool. */
export function createReadFileTool({ policy, readTracker }: FileToolDeps) {
  return defineTool({
    name: 'read_file',
    description:
      'Read a text file. Each line is prefixed "N→" (its line number, not file content). ' +
      `Shows up to ${DEFAULT_READ_LINES} lines; use offset/limit for more. Read a file before editing it.`,
    parameters,
    readOnly: true,
    timeoutMs: FILE_TOOL_TIMEOUT_MS,
    async execute({ path: requested, offset = 1, limit = DEFAULT_READ_LINES }) {
      const target = policy.resolveForRead(requested);
      if (target.kind === 'refused') return { output: target.message, isError: true, status: 'denied' };
      const shown = target.relative;
      let size: number;
      try {
        const info = await stat(target.path);
        if (info.isDirectory()) return failure(`${shown} is a directory. Use glob to list its files.`);
        size = info.size;
      } catch (error) {
        if (errorCode(error) === 'ENOENT') return failure(`File not found: ${shown}. Use glob to find it.`);
        return failure(`Cannot read ${shown}: ${(error as Error).message}`);
      }
      if (size > MAX_READ_BYTES) {
        return failure(
          `${shown} is ${(size / 1048576).toFixed(1)} MB, over the ${MAX_READ_BYTES / 1048576} MB limit. Use grep, or bash with head/sed.`,
        );
      }
      const content = await readFile(target.path);
      if (looksBinary(content))
        return failure(`${shown} is a binary file (NUL byte in its first 8 KiB); read_file shows text only.`);
      await readTracker.record(target.path, content);

      const lines = splitLines(content.toString('utf8'));
      const total = lines.length;
      if (total === 0) return { output: `[${shown} is empty]`, isError: false, meta: { totalLines: 0 } };
      if (offset > total) return failure(`offset ${offset} is past the end of ${shown} (${total} lines).`);

      const last = Math.min(total, offset - 1 + limit);
      const width = String(last).length;
      const out: string[] = [];
      let chars = 0;
      let line = offset;
      for (; line <= last && chars < READ_OUTPUT_BUDGET; line++) {
        const text = `${String(line).padStart(width)}→${cutLine(lines[line - 1] ?? '', MAX_LINE_CHARS)}`;
        out.push(text);
        chars += text.length + 1;
      }
      const end = line - 1;
      const note =
        offset === 1 && end === total
          ? `[${total} lines]`
          : `[lines ${offset}-${end} of ${total}${end < total ? `; continue with offset=${end + 1}` : ''}]`;
      out.push(note);
      return {
        output: out.join('\n'),
        isError: false,
        meta: { totalLines: total, startLine: offset, endLine: end },
      };
    },
  });
}
