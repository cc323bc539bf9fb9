/**
 * `apply_patch`: one call that adds, deletes, moves and edits several files, in the patch format
 * OpenAI's models are trained on. All or nothing: every path passes the path policy, every
 * existing file the read-before-write check, and every hunk is located before the first write.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { type PatchOp, parsePatch } from '../edit/patch-parser.js';
import { type PlannedWrite, planPatch } from '../edit/plan-patch.js';
import { TREE_TOOL_TIMEOUT_MS } from '../limits.js';
import type { FileToolDeps } from './read-file.js';
import { errorCode } from './text-file.js';
import { defineTool, type ToolOutcome } from './tool.js';

const parameters = z.object({
  patch: z.string().describe('The patch, from "*** Begin Patch" to "*** End Patch"'),
});

const NOTHING_WRITTEN = 'Patch not applied; nothing was written.';
const failure = (message: string, extra: Partial<ToolOutcome> = {}): ToolOutcome => ({
  output: `${NOTHING_WRITTEN} ${message}`,
  isError: true,
  ...extra,
});

async function currentContent(realPath: string): Promise<string | undefined> {
  try {
    return await readFile(realPath, 'utf8');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return undefined;
    throw error;
  }
}

/** Writes (or deletes) every planned file; on a failure restores what was written before it. */
async function writeAll(
  writes: PlannedWrite[],
  real: Map<string, string>,
  before: Map<string, string | undefined>,
) {
  const done: PlannedWrite[] = [];
  try {
    for (const write of writes) {
      const target = real.get(write.path) as string;
      if (write.content === undefined) await rm(target, { force: true });
      else {
        await mkdir(path.dirname(target), { recursive: true });
        await writeFile(target, write.content);
      }
      done.push(write);
    }
  } catch (error) {
    for (const write of done.reverse()) {
      const target = real.get(write.path) as string;
      const original = before.get(write.path);
      await (original === undefined ? rm(target, { force: true }) : writeFile(target, original)).catch(
        () => {},
      );
    }
    throw error;
  }
}

/** Creates the `apply_patch` tool. */
export function createApplyPatchTool({ policy, readTracker }: FileToolDeps) {
  return defineTool({
    name: 'apply_patch',
    description:
      'Edit, add, delete or move files in one all-or-nothing call; best for changes in several places or files. ' +
      'Format: "*** Begin Patch", then per file "*** Add File: <path>" (every line +), "*** Delete File: <path>", ' +
      'or "*** Update File: <path>" (optional "*** Move to: <path>") with hunks: "@@ <line above>" then lines ' +
      'prefixed " " (3 of context), "-" (remove), "+" (add); end with "*** End Patch". Read files before updating them. ' +
      'A hunk matching several places and a move onto an existing file are refused; added files end with a newline.',
    parameters,
    readOnly: false,
    timeoutMs: TREE_TOOL_TIMEOUT_MS,
    async execute({ patch }, { signal }) {
      const parsed = parsePatch(patch);
      if (parsed.kind === 'invalid') return failure(parsed.message);

      // Resolve every path first: the policy's refusal is final, whatever else the patch does.
      const real = new Map<string, string>();
      const ops: PatchOp[] = [];
      const resolve = (requested: string) => {
        const target = policy.resolveForWrite(requested);
        if (target.kind === 'allowed') real.set(target.relative, target.path);
        return target;
      };
      for (const op of parsed.ops) {
        const source = resolve(op.path);
        if (source.kind === 'refused') return failure(source.message, { status: 'denied' });
        if (op.kind === 'update' && op.moveTo !== undefined) {
          const destination = resolve(op.moveTo);
          if (destination.kind === 'refused') return failure(destination.message, { status: 'denied' });
          ops.push({ ...op, path: source.relative, moveTo: destination.relative });
        } else ops.push({ ...op, path: source.relative });
      }

      const before = new Map<string, string | undefined>();
      for (const [shown, realPath] of real) {
        try {
          before.set(shown, await currentContent(realPath));
        } catch (error) {
          return failure(`Cannot read ${shown}: ${(error as Error).message}`);
        }
        if (before.get(shown) === undefined) continue;
        const check = await readTracker.checkWrite(realPath, shown);
        if (check.kind === 'refused') return failure(check.message, { meta: { refused: check.reason } });
      }

      const plan = planPatch(ops, before);
      if (plan.kind === 'failed') return failure(plan.message);
      if (signal.aborted) return failure('Cancelled before writing.');
      try {
        await writeAll(plan.writes, real, before);
      } catch (error) {
        return {
          output: `Patch not applied (earlier writes were undone): ${(error as Error).message}`,
          isError: true,
        };
      }
      for (const write of plan.writes) {
        if (write.content !== undefined)
          await readTracker.record(real.get(write.path) as string, write.content, 'written');
      }
      return {
        output: `Applied the patch: ${plan.summary.join('; ')}.`,
        isError: false,
        meta: { files: plan.writes.length },
      };
    },
  });
}
