/**
 * One allowed run from reaction to result, the layer between `runFromEvent` (admission) and
 * `carryOutPlan` (the work). Whatever happens inside — success, a budget stop, an
 * error, a cancelled job — the `finally` here finalises the tracking comment, puts back the git
 * credentials it took out, and writes the job summary, and the outcome carries every field known.
 */

import * as core from '@actions/core';
import { readTranscript } from '../agent/transcript.js';
import { contextCounts } from '../context/context-report.js';
import { withoutSecrets } from '../exec/scrubbed-env.js';
import { guardRepositoryConfig } from '../git/config-guard.js';
import { createGitCommandManager } from '../git/git-command-manager.js';
import { removePersistedCredentials } from '../git/persisted-credentials.js';
import { createArtifactUploader } from '../github/artifact-client.js';
import type { GitHubClient } from '../github/client.js';
import type { RepoRef } from '../github/repo-ref.js';
import { JOB_SUMMARY_CHARS } from '../limits.js';
import { pricesFor } from '../llm/model-prices.js';
import type { RunOutcome } from '../outputs/action-outputs.js';
import { addEyesReaction } from '../outputs/comment.js';
import { renderJobSummary, writeJobSummary } from '../outputs/job-summary.js';
import { type FinalStatus, startTrackingComment, type TrackingComment } from '../outputs/tracking-comment.js';
import { usageLine } from '../outputs/usage-line.js';
import { exportRunTrace } from '../telemetry/run-trace.js';
import type { Trigger } from '../triggers/trigger.js';
import { carryOutPlan } from './carry-out-plan.js';
import type { RunContext } from './context.js';
import { describeMode } from './mode-note.js';
import { planWork } from './plan-work.js';
import { transcriptArtifactName, uploadTranscriptArtifact } from './transcript-artifact.js';

/** Runs an allowed trigger; never throws for run failures (they become `conclusion: failed`). */
export async function runTracked(
  ctx: RunContext,
  trigger: Exclude<Trigger, { kind: 'skip' }>,
): Promise<RunOutcome> {
  // A priced model's cost is known from the start (nothing spent yet), so every exit path reports one.
  const priced = pricesFor(ctx.config.llm.model, ctx.config.llm.prices) !== undefined;
  const outcome: RunOutcome = { conclusion: 'failed', ...(priced ? { costUsd: 0 } : {}) };
  let final: { status: FinalStatus; details: string } = { status: 'failed', details: 'The run failed.' };
  let tracking: TrackingComment | undefined;
  let restoreCredentials: (() => Promise<void>) | undefined;
  let mode: string | undefined;
  const configGuard = guardRepositoryConfig(
    createGitCommandManager({
      cwd: ctx.config.runner.workspace,
      token: ctx.config.githubToken,
      serverUrl: ctx.config.runner.serverUrl,
      env: withoutSecrets(ctx.config.runner.env),
    }),
    (m) => ctx.log.warning(m),
  );
  outcome.warnings = configGuard.warnings;
  const git = configGuard.git;
  try {
    const baseBranch = ctx.config.baseBranch ?? (await defaultBranch(ctx.octokit, ctx.repo));
    const plan = await planWork(ctx.octokit, ctx.repo, trigger, {
      mode: ctx.config.mode,
      branchPrefix: ctx.config.branchPrefix,
      baseBranch,
    });
    mode = describeMode(ctx.config.mode, plan);
    ctx.log.info(mode);
    if (plan.reaction) await addEyesReaction(ctx.octokit, ctx.repo, plan.reaction, (m) => ctx.log.warning(m));
    if (plan.conversation !== undefined) {
      tracking = await startTrackingComment(ctx.octokit, ctx.repo, plan.conversation, {
        runUrl: ctx.runUrl,
        publish: (md) => ctx.publish(md),
        warn: (m) => ctx.log.warning(m),
      });
      outcome.commentUrl = tracking.comment.url;
    }
    restoreCredentials = await removePersistedCredentials(git);
    const result = await carryOutPlan(ctx, {
      trigger,
      plan,
      git,
      tracking,
      outcome,
      snapshotGitConfig: configGuard.snapshot,
    });
    Object.assign(outcome, result.outcome);
    final = result.final;
  } catch (error) {
    const cancelled = ctx.signal.aborted;
    const message = ctx.redact(cancelled ? 'The job was cancelled.' : (error as Error).message);
    outcome.conclusion = 'failed';
    outcome.failure = message;
    final = {
      status: cancelled ? 'cancelled' : 'failed',
      details: cancelled ? 'The run was cancelled.' : `The run failed: ${message}`,
    };
  } finally {
    outcome.artifactUrl = await uploadTranscript(ctx, trigger, outcome.transcriptPath);
    const artifactLine = outcome.artifactUrl ? ` · [transcript](${outcome.artifactUrl})` : '';
    await tracking?.finalise(final.status, `${final.details}\n\n${usageOf(outcome)}${artifactLine}`);
    await restoreCredentials?.().catch((e: Error) =>
      ctx.log.warning(`Could not restore the git config: ${e.message}`),
    );
    const records = outcome.transcriptPath
      ? await readTranscript(outcome.transcriptPath).catch(() => [])
      : [];
    await writeJobSummary(
      core.summary,
      ctx.publish(
        renderJobSummary({ outcome, final, records, runUrl: ctx.runUrl, ...(mode ? { mode } : {}) }),
        JOB_SUMMARY_CHARS,
      ),
    ).catch((e: Error) => ctx.log.warning(`Could not write the job summary: ${e.message}`));
    await exportRunTrace({
      config: ctx.config,
      records,
      facts: {
        conclusion: outcome.conclusion,
        serverAddress: new URL(ctx.config.llm.baseUrl).host,
        prices: pricesFor(ctx.config.llm.model, ctx.config.llm.prices),
        costUsd: outcome.costUsd,
        failure: outcome.failure,
      },
      log: ctx.log,
      redact: ctx.redact,
    });
  }
  return outcome;
}

/** The transcript artifact's page, when `upload-transcript` is on and the runner takes artifacts. */
async function uploadTranscript(
  ctx: RunContext,
  trigger: Exclude<Trigger, { kind: 'skip' }>,
  transcriptPath: string | undefined,
): Promise<string | undefined> {
  if (!ctx.config.uploadTranscript || !transcriptPath) return undefined;
  if (!ctx.config.runner.artifactService) {
    ctx.log.info(
      'No artifact service on this runner (ACTIONS_RESULTS_URL unset): the transcript is not uploaded',
    );
    return undefined;
  }
  return uploadTranscriptArtifact(ctx, {
    transcriptPath,
    name: transcriptArtifactName(ctx.config.runner, trigger),
    uploader: createArtifactUploader(),
  });
}

/** The tracking comment's last line: what the run used, on every exit path. */
function usageOf(outcome: RunOutcome): string {
  const turns = outcome.turns ?? 0;
  const given = contextCounts(outcome.instructionFiles, outcome.images);
  return `**Usage:** ${turns} ${turns === 1 ? 'turn' : 'turns'} · ${usageLine({
    tokens: outcome.tokens ?? 0,
    promptTokens: outcome.promptTokens,
    cachedTokens: outcome.cachedTokens ?? 0,
    costUsd: outcome.costUsd,
    estimated: outcome.tokensEstimated,
  })}${given ? ` · ${given}` : ''}`;
}

async function defaultBranch(octokit: Pick<GitHubClient, 'request'>, repo: RepoRef): Promise<string> {
  const { data } = await octokit.request('GET /repos/{owner}/{repo}', { ...repo });
  return data.default_branch;
}
