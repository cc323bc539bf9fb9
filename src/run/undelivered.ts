/**
 * A change GitHub would not take: the run ends `failed`, the patch is saved as `changes.patch`
 * next to the transcript, and the tracking comment (and job summary) say what GitHub answered,
 * what to change and carry the patch — see `publish-failure.ts`.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fixFor, type RefusedStep, renderPublishFailure } from '../outputs/publish-failure.js';
import type { RunContext } from './context.js';
import type { Publication } from './publish.js';

export interface Undelivered {
  step: RefusedStep;
  headline: string;
  /** GitHub's words (redacted here). */
  answer?: string;
  /** Why `auto` used git, when it did. */
  fallback?: string;
  patch?: string;
  /** The branch when it was pushed (the pull request is what failed). */
  pushedBranch?: string;
  base?: string;
  /** The transcript file; the patch goes next to it. */
  transcriptPath?: string;
}

/** Saves the patch and builds the failed publication. */
export async function reportUndelivered(ctx: RunContext, input: Undelivered): Promise<Publication> {
  const answer = input.answer ? ctx.redact(input.answer) : undefined;
  const patch = input.patch ? ctx.redact(input.patch) : undefined;
  let patchPath: string | undefined;
  if (patch?.trim()) {
    const dir = input.transcriptPath
      ? path.dirname(input.transcriptPath)
      : path.join(ctx.config.runner.tempDir, 'agent-action');
    patchPath = path.join(dir, 'changes.patch');
    try {
      await mkdir(dir, { recursive: true });
      await writeFile(patchPath, patch);
    } catch (error) {
      ctx.log.warning(`Could not save changes.patch: ${(error as Error).message}`);
      patchPath = undefined;
    }
  }
  const { serverUrl } = ctx.config.runner;
  const compareUrl =
    input.pushedBranch && input.base
      ? `${serverUrl}/${ctx.repo.owner}/${ctx.repo.repo}/compare/${refPath(input.base)}...${refPath(input.pushedBranch)}?expand=1`
      : undefined;
  const fix = fixFor(input.step, answer ?? input.headline, input.fallback);
  const details = renderPublishFailure({
    headline: input.headline,
    ...(answer ? { answer } : {}),
    fix,
    ...(patch ? { patch } : {}),
    ...(patchPath ? { patchPath } : {}),
    ...(compareUrl ? { compareUrl } : {}),
  });
  ctx.log.warning(`${input.headline} ${fix}`);
  return {
    outcome: {
      conclusion: 'failed',
      failure: `${input.headline} ${fix}`,
      ...(input.pushedBranch ? { branch: input.pushedBranch } : {}),
    },
    final: { status: 'failed', details },
  };
}

/** A branch name in a URL path: its slashes stay, as GitHub's compare URLs write them. */
function refPath(branch: string): string {
  return branch.split('/').map(encodeURIComponent).join('/');
}
