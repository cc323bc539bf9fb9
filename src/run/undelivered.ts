/**
 * A change GitHub would not take: the run ends `failed`, the patch (made against the commit the
 * run started from, so `git am` applies it there) is saved as `changes.patch` next to the
 * transcript, and the tracking comment (and job summary) say what GitHub answered, what to
 * change and carry the patch — see `publish-failure.ts`.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fixFor, type RefusedStep, renderPublishFailure } from '../outputs/publish-failure.js';
import { plainAnswer } from '../outputs/quoted-text.js';
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
  /** The commit the run started from: the patch applies to it. */
  baseSha?: string;
  /** The branch when it was pushed (the pull request is what failed). */
  pushedBranch?: string;
  base?: string;
  /** The transcript file; the patch goes next to it. */
  transcriptPath?: string;
}

/** The headline's short reason: what GitHub refused, with its HTTP status when it gave one. */
function shortReason(input: Undelivered, answer: string | undefined): string {
  const status = /^HTTP (\d{3})\b/.exec(answer ?? '')?.[1];
  const http = status ? ` (HTTP ${status})` : '';
  if (input.step === 'pull-request') return `GitHub would not open the pull request${http}`;
  const sentence = input.headline.split('\n')[0]?.replace(/\.$/, '') ?? input.headline;
  // "The push … was refused" reads on after "Failed: "; a name (GitHub) keeps its capital.
  const lead = /^[A-Z][a-z]*\s/.test(sentence) ? sentence.charAt(0).toLowerCase() : sentence.charAt(0);
  return `${lead}${sentence.slice(1)}${http}`;
}

/** Saves the patch and builds the failed publication. */
export async function reportUndelivered(ctx: RunContext, input: Undelivered): Promise<Publication> {
  const answer = input.answer ? ctx.redact(input.answer) : undefined;
  const patch = input.patch ? ctx.redact(input.patch) : undefined;
  const patchPath = patch ? await savePatch(ctx, patch, input.transcriptPath) : undefined;
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
    ...(input.baseSha ? { baseSha: input.baseSha } : {}),
    ...(patchPath ? { patchPath } : {}),
    ...(compareUrl ? { compareUrl } : {}),
  });
  // The step fails with this sentence (one error annotation); the log gets GitHub's answer as text.
  if (answer) ctx.log.info(`GitHub answered: ${plainAnswer(answer, 3).replace(/\n/g, ' ')}`);
  return {
    outcome: {
      conclusion: 'failed',
      failure: `${input.headline} ${fix}`,
      reason: shortReason(input, answer),
      ...(input.pushedBranch ? { branch: input.pushedBranch } : {}),
    },
    details,
  };
}

/**
 * Saves `patch` (already redacted) as `changes.patch` next to the transcript (or in the job's
 * temp folder) and returns its path; undefined when it is empty or could not be written.
 */
export async function savePatch(
  ctx: RunContext,
  patch: string,
  transcriptPath: string | undefined,
): Promise<string | undefined> {
  if (!patch.trim()) return undefined;
  const dir = transcriptPath
    ? path.dirname(transcriptPath)
    : path.join(ctx.config.runner.tempDir, 'agent-action');
  const file = path.join(dir, 'changes.patch');
  try {
    await mkdir(dir, { recursive: true });
    await writeFile(file, patch);
    return file;
  } catch (error) {
    ctx.log.warning(`Could not save changes.patch: ${(error as Error).message}`);
    return undefined;
  }
}

/** A branch name in a URL path: its slashes stay, as GitHub's compare URLs write them. */
function refPath(branch: string): string {
  return branch.split('/').map(encodeURIComponent).join('/');
}
