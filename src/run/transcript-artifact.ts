/**
 * `upload-transcript`: the run's transcript outlives the runner. The JSON Lines file, its Markdown
 * rendering (the summary table and every turn in full) and, when the run saved one,
 * `changes.patch`, go up as one workflow artifact named for the run and its trigger. Everything is
 * redacted again on the way (the transcript already is; the patch is the model's work). The upload
 * is a courtesy copy: a runner without the artifact service, a refused request or a timeout is a
 * warning, and the run's conclusion stands.
 */
import { access, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { readTranscript } from '../agent/transcript.js';
import type { ArtifactUploader } from '../github/artifact-client.js';
import { renderTranscriptDetails } from '../outputs/transcript-details.js';
import { renderTranscriptMarkdown } from '../outputs/transcript-markdown.js';
import type { Trigger } from '../triggers/trigger.js';
import type { RunContext } from './context.js';

/** The artifact's name: unique per run attempt and job, and saying what started the run. */
export function transcriptArtifactName(
  runner: { runId: number; runAttempt: number; job: string | undefined },
  trigger: Exclude<Trigger, { kind: 'skip' }>,
): string {
  const job = runner.job ? `-${runner.job.replace(/[^A-Za-z0-9_.-]+/g, '-')}` : '';
  return `agent-transcript-${triggerLabel(trigger)}-run${runner.runId}.${runner.runAttempt}${job}`;
}

function triggerLabel(trigger: Exclude<Trigger, { kind: 'skip' }>): string {
  switch (trigger.kind) {
    case 'issue':
    case 'issue-comment':
      return `issue${trigger.issueNumber}`;
    case 'plan':
      return `plan${trigger.issueNumber}`;
    case 'approve':
      return `approve${trigger.issueNumber}`;
    case 'pr-comment':
    case 'review-comment':
    case 'pull-request':
      return `pr${trigger.prNumber}`;
    case 'ci-failure':
      return `ci${trigger.runId}`;
    case 'check-run':
      return `check${trigger.checkRunId}`;
    case 'dispatch':
      return trigger.schedule === undefined ? 'dispatch' : 'schedule';
  }
}

/**
 * Uploads the transcript of `transcriptPath` (and a `changes.patch` beside it); returns the
 * artifact's page, or undefined after a warning when the upload did not happen.
 */
export async function uploadTranscriptArtifact(
  ctx: Pick<RunContext, 'config' | 'repo' | 'redact' | 'log'>,
  input: { transcriptPath: string; name: string; uploader: ArtifactUploader },
): Promise<string | undefined> {
  const { runner } = ctx.config;
  try {
    const dir = path.join(path.dirname(input.transcriptPath), 'artifact');
    await mkdir(dir, { recursive: true });
    const records = await readTranscript(input.transcriptPath);
    const markdown = `# Transcript: ${ctx.repo.owner}/${ctx.repo.repo}, run ${runner.runId}\n\n${renderTranscriptMarkdown(
      records,
      { open: true, maxChars: Number.MAX_SAFE_INTEGER },
    )}\n${renderTranscriptDetails(records)}`;
    const files: Record<string, string> = {
      'transcript.jsonl': await readFile(input.transcriptPath, 'utf8'),
      'transcript.md': markdown,
    };
    const patchPath = path.join(path.dirname(input.transcriptPath), 'changes.patch');
    if (await exists(patchPath)) files['changes.patch'] = await readFile(patchPath, 'utf8');
    const written: string[] = [];
    for (const [name, text] of Object.entries(files)) {
      const file = path.join(dir, name);
      await writeFile(file, ctx.redact(text));
      written.push(file);
    }
    const artifact = await input.uploader.upload(input.name, written, dir);
    const url = `${runner.serverUrl}/${ctx.repo.owner}/${ctx.repo.repo}/actions/runs/${runner.runId}/artifacts/${artifact.id}`;
    ctx.log.info(`Transcript artifact ${input.name}: ${url}`);
    return url;
  } catch (error) {
    ctx.log.warning(
      `Could not upload the transcript artifact (the run's result is unaffected; the transcript is in the job summary): ${ctx.redact((error as Error).message)}`,
    );
    return undefined;
  }
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}
