/**
 * One allowed run from reaction to result, the layer between `runFromEvent` (admission) and
 * `carryOutPlan` (the work). Whatever happens inside — success, a budget stop, an
 * error, a cancelled job — the `finally` here finalises the tracking comment, puts back the git
 * credentials it took out, and writes the job summary, and the outcome carries every field known.
 * Every surface opens with the outcome model's line (`outcome.ts`) and ends with the one footer,
 * and the log's last line is that same outcome.
 */

import { access } from 'node:fs/promises';
import * as core from '@actions/core';
import type { RunBudget } from '../agent/budget.js';
import { readTranscript } from '../agent/transcript.js';
import { contextCounts } from '../context/context-report.js';
import { withoutSecrets } from '../exec/scrubbed-env.js';
import { guardRepositoryConfig } from '../git/config-guard.js';
import { createGitCommandManager } from '../git/git-command-manager.js';
import { removePersistedCredentials } from '../git/persisted-credentials.js';
import { createArtifactUploader } from '../github/artifact-client.js';
import type { GitHubClient } from '../github/client.js';
import type { RepoRef } from '../github/repo-ref.js';
import { FAILURE_LINE_CHARS, JOB_SUMMARY_CHARS } from '../limits.js';
import { pricesFor } from '../llm/model-prices.js';
import type { RunFacts, RunOutcome } from '../outputs/action-outputs.js';
import { addEyesReaction } from '../outputs/comment.js';
import { renderFooter } from '../outputs/footer.js';
import { renderJobSummary, writeJobSummary } from '../outputs/job-summary.js';
import { headlineMarkdown, headlineText } from '../outputs/outcome.js';
import { quoteNote } from '../outputs/pull-request-body.js';
import { plainParagraph } from '../outputs/quoted-text.js';
import { startTrackingComment, type TrackingComment } from '../outputs/tracking-comment.js';
import { runBudgetFor } from '../pipeline/agent-runner.js';
import { exportRunTrace } from '../telemetry/run-trace.js';
import type { Trigger } from '../triggers/trigger.js';
import { carryOutPlan } from './carry-out-plan.js';
import type { RunContext } from './context.js';
import { describeMode } from './mode-note.js';
import { planWork } from './plan-work.js';
import { failureCause, failureFacts } from './run-facts.js';
import { runTranscriptPath } from './run-transcript.js';
import { transcriptArtifactName, uploadTranscriptArtifact } from './transcript-artifact.js';

/** Runs an allowed trigger; never throws for run failures (they become `conclusion: failed`). */
export async function runTracked(
  ctx: RunContext,
  trigger: Exclude<Trigger, { kind: 'skip' }>,
  startedAt: number = Date.now(),
): Promise<RunOutcome> {
  // Every agent call of the run spends from this one budget; the usage reported is read from it.
  const budget = runBudgetFor(ctx.config, startedAt);
  const { maxCostUsd } = ctx.config.limits;
  /** Known from the start, since a cost stop's words on every surface quote the cap. */
  const known: RunFacts = maxCostUsd !== undefined ? { maxCostUsd } : {};
  /** What the phases learned: returned with their publication, or carried by their failure. */
  let learned: RunFacts = known;
  /** How the run ended: the publication's outcome, or the failure. */
  let ended: RunOutcome = { conclusion: 'failed' };
  let commentUrl: string | undefined;
  let transcript: Pick<RunOutcome, 'transcriptPath' | 'artifactUrl'> = {};
  /**
   * The outcome as of now, put together in this one place from what each part returned or knows;
   * while a phase runs, from the facts it knows so far.
   */
  const outcomeNow = (facts: RunFacts = learned): RunOutcome => ({
    ...known,
    ...facts,
    warnings: configGuard.warnings,
    ...(commentUrl ? { commentUrl } : {}),
    ...ended,
    ...usageOf(budget),
    ...transcript,
  });
  const footer = (facts?: RunFacts) => runFooter(ctx, outcomeNow(facts), startedAt, trigger.actor.login);
  let outcome: RunOutcome = { conclusion: 'failed' };
  let details = '';
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
    ctx.writers,
  );
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
      commentUrl = tracking.comment.url;
    }
    restoreCredentials = await removePersistedCredentials(git);
    const result = await carryOutPlan(ctx, {
      trigger,
      plan,
      git,
      tracking,
      known,
      budget,
      snapshotGitConfig: configGuard.snapshot,
      footer,
    });
    learned = result.facts;
    ended = result.outcome;
    details = result.details;
  } catch (error) {
    learned = failureFacts(error);
    const cancelled = ctx.signal.aborted;
    const message = ctx.redact(cancelled ? 'The job was cancelled.' : (failureCause(error) as Error).message);
    ended = {
      conclusion: 'failed',
      failure: message,
      ...(cancelled ? { cancelled: true } : { reason: shortReason(message) }),
    };
    details = cancelled
      ? 'The job was cancelled before the run finished; nothing more was published.'
      : // The action's own message ends with what to change: lines are kept whole, up to a cap.
        `The run failed:\n\n${quoteNote(plainParagraph(message, 40, FAILURE_LINE_CHARS))}`;
  } finally {
    const transcriptPath = await transcriptPathOf(ctx);
    const artifactUrl = await uploadTranscript(ctx, trigger, transcriptPath);
    transcript = {
      ...(transcriptPath ? { transcriptPath } : {}),
      ...(artifactUrl ? { artifactUrl } : {}),
    };
    outcome = outcomeNow();
    await tracking?.finalise(compose(headlineMarkdown(outcome), details, footer()));
    await restoreCredentials?.().catch((e: Error) =>
      ctx.log.warning(`Could not restore the git config: ${e.message}`),
    );
    const records = outcome.transcriptPath
      ? await readTranscript(outcome.transcriptPath).catch(() => [])
      : [];
    await writeSummary(
      ctx,
      renderJobSummary({ outcome, details, records, footer: footer(), ...(mode ? { mode } : {}) }),
    );
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
    ctx.log.info(headlineText(outcome));
  }
  return outcome;
}

/**
 * A run that never reached `runTracked` (denied, skipped): the job summary says why, with the
 * footer, and the log's last line is the outcome. Nothing is posted on GitHub.
 */
export async function reportUntracked(
  ctx: RunContext,
  outcome: RunOutcome,
  startedAt: number,
  requester?: string,
): Promise<RunOutcome> {
  const footer = runFooter(ctx, outcome, startedAt, requester);
  await writeSummary(ctx, renderJobSummary({ outcome, details: '', records: [], footer }));
  ctx.log.info(headlineText(outcome));
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

/**
 * The run's usage as the outputs and the footer give it: turns, tokens, cached tokens and cost,
 * from the budget every agent call spent from. A priced model's cost is known from the start
 * (nothing spent yet), so every exit path reports one.
 */
function usageOf(
  budget: RunBudget,
): Pick<RunOutcome, 'turns' | 'tokens' | 'promptTokens' | 'cachedTokens' | 'tokensEstimated' | 'costUsd'> {
  const { turns, tokens, costUsd } = budget.spent();
  return {
    turns,
    tokens: tokens.total,
    promptTokens: tokens.prompt,
    cachedTokens: tokens.cachedPrompt ?? 0,
    ...(tokens.estimated ? { tokensEstimated: true } : {}),
    ...(budget.limits.prices ? { costUsd: costUsd ?? 0 } : {}),
  };
}

/** The transcript's path once the run opened it (a run that failed before the checkout has none). */
async function transcriptPathOf(ctx: RunContext): Promise<string | undefined> {
  const file = runTranscriptPath(ctx.config.runner);
  return access(file).then(
    () => file,
    () => undefined,
  );
}

/** The footer over what the outcome knows now. */
function runFooter(ctx: RunContext, outcome: RunOutcome, startedAt: number, requester?: string): string {
  return renderFooter({
    model: ctx.config.llm.model,
    durationMs: Date.now() - startedAt,
    turns: outcome.turns ?? 0,
    tokens: outcome.tokens ?? 0,
    promptTokens: outcome.promptTokens,
    cachedTokens: outcome.cachedTokens,
    costUsd: outcome.costUsd,
    estimated: outcome.tokensEstimated,
    context: contextCounts(outcome.instructionFiles, outcome.images),
    requester,
    transcriptUrl: outcome.artifactUrl,
    runUrl: ctx.runUrl,
  });
}

async function writeSummary(ctx: RunContext, markdown: string): Promise<void> {
  await writeJobSummary(core.summary, ctx.publish(markdown, JOB_SUMMARY_CHARS)).catch((e: Error) =>
    ctx.log.warning(`Could not write the job summary: ${e.message}`),
  );
}

const compose = (...parts: string[]) => parts.filter((p) => p.trim() !== '').join('\n\n');

/** The first sentence of a failure, short enough for a headline, as text that cannot become markup. */
function shortReason(message: string): string {
  const first = plainParagraph(message, 1).split('\n')[0] ?? '';
  const sentence = /^(.{20,}?[.!?])\s/.exec(first)?.[1] ?? first;
  const cut = sentence.length > 160 ? `${sentence.slice(0, 159)}…` : sentence;
  return cut.replace(/\.$/, '');
}

async function defaultBranch(octokit: Pick<GitHubClient, 'request'>, repo: RepoRef): Promise<string> {
  const { data } = await octokit.request('GET /repos/{owner}/{repo}', { ...repo });
  return data.default_branch;
}
