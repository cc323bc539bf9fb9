/**
 * What the repository and the issue already say, prepared once per run before the agent starts:
 * the instruction files of the plan's trusted branch (never the checked-out head) and the images
 * of the issue and the triggering comment. Change runs and review runs both take it through
 * {@link prepareRepositoryContext}; what it found is handed back as facts (the job summary's table)
 * and goes into the transcript's header, and the instructions for folders ride on the tool results.
 */
import type { TranscriptWriter } from '../agent/transcript.js';
import type { ImageReport } from '../context/context-report.js';
import type { PromptImage } from '../context/issue-images.js';
import { collectImages, imageSources } from '../context/issue-images.js';
import type { GitCommandManager } from '../git/git-command-manager.js';
import { readBranchTree } from '../git/read-file-on-branch.js';
import {
  IMAGE_DOWNLOAD_TIMEOUT_MS,
  IMAGE_MAX_BYTES,
  IMAGE_MAX_COUNT,
  IMAGE_MAX_REDIRECTS,
} from '../limits.js';
import type { DroppableInput } from '../llm/request-rules.js';
import type { RunFacts } from '../outputs/action-outputs.js';
import { loadInstructionContext } from '../pipeline/instruction-context.js';
import type { ToolRegistry } from '../tools/registry.js';
import type { WorkInput } from './carry-out-plan.js';
import type { RunContext } from './context.js';

/** The run's share of the repository's and the issue's context. */
export interface RepositoryContext {
  /** Spread into `buildInitialMessages`: the instructions section and the images. */
  prompt: { repositoryInstructions?: string; images?: PromptImage[] };
  /** `registry` whose file tools hand out the folder instructions (paths relative to `workspace`). */
  withNotes(registry: ToolRegistry, workspace: string): ToolRegistry;
  /** Spread into `createAgentRunner`'s options: hears the endpoint refuse image input. */
  runner: { onInputDropped: (input: DroppableInput, quoted: string) => void };
  /** What was found, as of now: folder instructions and a refused image input come during the run. */
  facts(): Pick<RunFacts, 'instructionFiles' | 'images'>;
  /** A file as it is on the trusted branch (the one commit read above), or undefined (e.g. `output-schema`'s). */
  readTrusted(filePath: string): Promise<string | undefined>;
}

export interface RepositoryContextOptions {
  /** A review run: review files apply, and the changed files' folder instructions come first. */
  review: boolean;
  /** Paths the task is known to touch (a review's changed files). */
  knownPaths?: readonly string[];
  /** Replaces the global fetch for image downloads (tests). */
  fetch?: typeof fetch;
}

/** Reads the instruction files and downloads the images; records both in the transcript and hands them back as facts. */
export async function prepareRepositoryContext(
  ctx: RunContext,
  input: Pick<WorkInput, 'plan' | 'trigger'>,
  git: GitCommandManager,
  transcript: TranscriptWriter,
  options: RepositoryContextOptions,
): Promise<RepositoryContext> {
  const { config } = ctx;
  let instructionFiles: RunFacts['instructionFiles'];
  const tree = await readBranchTree(git, ctx.remoteUrl, input.plan.trustedBranch);
  if (!tree)
    ctx.log.warning(
      `The trusted branch ${input.plan.trustedBranch} could not be read; no instruction file is used.`,
    );
  const instructions = await loadInstructionContext(tree, {
    setting: config.instructionFiles,
    review: options.review,
    ...(options.knownPaths ? { knownPaths: options.knownPaths } : {}),
    transcript,
    log: ctx.log,
    onChange: (entries) => {
      instructionFiles = entries;
    },
  });
  instructionFiles = instructions.entries();

  const { images, report } = await collectImages(ctx.octokit, ctx.repo, imageSources(input.trigger), {
    setting: config.images,
    fetch: options.fetch ?? globalThis.fetch,
    serverUrl: config.runner.serverUrl,
    token: config.githubToken,
    maxCount: IMAGE_MAX_COUNT,
    maxBytes: IMAGE_MAX_BYTES,
    maxRedirects: IMAGE_MAX_REDIRECTS,
    timeoutMs: IMAGE_DOWNLOAD_TIMEOUT_MS,
    signal: ctx.signal,
  });
  const imageReport: ImageReport = report;
  logImages(ctx, report);
  transcript.write({ type: 'context', instructionFiles, images: report.entries });

  return {
    prompt: {
      ...(instructions.section ? { repositoryInstructions: instructions.section } : {}),
      ...(images.length > 0 ? { images } : {}),
    },
    withNotes: instructions.withNotes,
    facts: () => ({ instructionFiles, images: imageReport }),
    readTrusted: async (filePath) => (tree?.files.has(filePath) ? tree.read(filePath) : undefined),
    runner: {
      onInputDropped: (dropped, quoted) => {
        if (dropped !== 'image-input') return;
        imageReport.refused = quoted;
        transcript.write({ type: 'context', images: [], imagesRefused: quoted });
      },
    },
  };
}

function logImages(ctx: RunContext, report: ImageReport): void {
  const attached = report.entries.filter((e) => e.status === 'attached').length;
  const skipped = report.entries.length - attached;
  if (report.entries.length > 0 || report.problem)
    ctx.log.info(
      `Images: ${attached} attached, ${skipped} skipped${report.problem ? ` (${report.problem})` : ''}`,
    );
}
