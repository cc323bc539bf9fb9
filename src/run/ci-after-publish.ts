/**
 * CI in the loop, wired into a run. Once the branch is pushed, `runCiRounds` dispatches
 * `ci-workflow` on it; with `ci-rounds` > 0 each failure goes back to the agent as a new turn of
 * the same conversation, and its fix goes through the same `commitAndPush` as the first change.
 * Afterwards the pull request body ends with the CI report, the PR is a draft exactly when something (the last CI run, verification, a budget stop, the `draft` input) says so, and the
 * tracking comment's final details carry the same report. A refused dispatch is part of the
 * report, never a failed run: the PR is already published.
 */
import type { RunBudget } from '../agent/budget.js';
import type { AgentResult } from '../agent/loop.js';
import type { TranscriptWriter } from '../agent/transcript.js';
import { ciFailed, type FixRoundResult, runCiRounds } from '../ci/ci-round-driver.js';
import { commitAndPush } from '../git/commit-and-push.js';
import type { GitCommandManager } from '../git/git-command-manager.js';
import { setPullRequestDraft } from '../github/pull-request-draft.js';
import type { Config } from '../inputs.js';
import { GITHUB_BODY_LIMIT } from '../limits.js';
import type { RunOutcome } from '../outputs/action-outputs.js';
import { onCiProgress, renderCiReport } from '../outputs/ci-report.js';
import { fixFor } from '../outputs/publish-failure.js';
import { openOrUpdatePullRequest } from '../outputs/pull-request.js';
import { renderPullRequestBody, type VerificationReport } from '../outputs/pull-request-body.js';
import { draftReason } from '../outputs/pull-request-notes.js';
import { titleFrom } from '../outputs/title.js';
import type { TrackingComment } from '../outputs/tracking-comment.js';
import { runVerification } from '../pipeline/verify.js';
import type { Sandbox } from '../sandbox/sandbox.js';
import { settleBeforeGit } from '../sandbox/settle-first.js';
import type { Actor } from '../triggers/trigger.js';
import { type AgentRunner, addAgentUsage } from './agent-runner.js';
import { commitMessage, commitOptions } from './commit-options.js';
import { commandHost, type RunContext } from './context.js';
import type { Publication } from './publish.js';

export interface CiAfterPublishInput {
  git: GitCommandManager;
  actor: Actor;
  /** What publishing did: the branch it pushed and, for the action's own PR, the body's parts. */
  publication: Publication;
  /** The agent so far; each fix round continues its conversation. */
  agent: AgentResult;
  runAgent: AgentRunner;
  verification?: VerificationReport;
  /** Where `verify-command` runs again after each fix, when one is configured. */
  sandbox: Sandbox;
  /** The egress proxy's variables for `verify-command`, as the agent's commands get them. */
  commandEnv?: Readonly<Record<string, string>>;
  transcript: TranscriptWriter;
  /** The transcript block, read afresh so it includes the fix rounds. */
  renderTranscript: () => Promise<(maxChars: number) => string>;
  tracking: TrackingComment | undefined;
  /** Turns and tokens grow with each fix round; `ciConclusion` is set here. */
  outcome: RunOutcome;
  /** The run's budget: no waiting or fix round starts after its deadline, no fix round once it is used up. */
  budget: RunBudget;
}

const PUSHED_BRANCH = new Set(['pr-opened', 'pr-updated', 'pushed']);

/** True when `ci-workflow` is set and publishing pushed a branch for CI to run on. */
export function wantsCi(config: Pick<Config, 'ci'>, publication: Publication): boolean {
  const { conclusion, branch } = publication.outcome;
  return config.ci.workflow !== undefined && PUSHED_BRANCH.has(conclusion) && Boolean(branch);
}

/** Runs the CI rounds and folds their report into the PR and the tracking comment's final words. */
export async function runCiAfterPublish(ctx: RunContext, input: CiAfterPublishInput): Promise<Publication> {
  const { config } = ctx;
  const { git, publication, outcome, tracking } = input;
  const branch = publication.outcome.branch ?? '';
  const headSha = async () => (await git.exec(['rev-parse', 'HEAD'])).stdout.trim();
  let agent = input.agent;
  let verification = input.verification;
  let lastPushed = await headSha();
  const notes: string[] = [];

  const fixRound = async (failureText: string, round: number): Promise<FixRoundResult> => {
    if (input.budget.usedUp()) {
      notes.push(
        `No CI fix round ${round}: the agent's budget (\`max-turns\` / \`max-tokens\` / \`max-cost-usd\`) is used up.`,
      );
      return { pushed: false };
    }
    agent = await input.runAgent([...agent.messages, { role: 'user', content: failureText }]);
    addAgentUsage(outcome, agent);
    ctx.log.info(`CI fix round ${round}: the agent stopped (${agent.stopReason}) after ${agent.turns} turns`);
    if (agent.stopReason === 'error' || agent.stopReason === 'cancelled') {
      notes.push(`CI fix round ${round} pushed nothing: the agent stopped (${agent.stopReason}).`);
      return { pushed: false };
    }
    if (config.verifyCommand) {
      verification = await runVerification(commandHost(ctx), config.verifyCommand, {
        sandbox: input.sandbox,
        timeoutMinutes: config.limits.timeoutMinutes,
        ...(input.commandEnv ? { env: input.commandEnv } : {}),
      });
    }
    await settleBeforeGit(input.sandbox, (m) => ctx.log.warning(m));
    const title = ctx.redact(titleFrom(agent.summary, 'Fix the failing CI run'));
    const commit = await commitAndPush(
      ctx.octokit,
      ctx.repo,
      git,
      commitOptions(ctx, input.actor, {
        message: commitMessage(ctx, `Fix CI (round ${round}): ${title}`, agent.summary),
        startSha: lastPushed,
        branch,
        expectedSha: lastPushed,
        rebase: false,
      }),
    );
    if (commit.refused.length > 0)
      notes.push(`CI fix round ${round}: workflow files were not committed: ${commit.refused.join(', ')}`);
    if (commit.kind === 'no-changes' || commit.kind === 'up-to-date') return { pushed: false };
    if (commit.kind !== 'pushed') {
      const answer = commit.kind === 'rejected' && commit.answer ? ` GitHub answered: ${commit.answer}` : '';
      const fix =
        commit.kind === 'rejected' && commit.reason === 'refused'
          ? ` ${fixFor(commit.via === 'api' ? 'api-commit' : 'push', commit.answer ?? '', commit.fallback)}`
          : '';
      const why = ctx.redact(`${commit.message}${answer}${fix}`);
      ctx.log.warning(`Could not push the fix of CI round ${round}: ${why}`);
      notes.push(`The fix of CI round ${round} could not be pushed: ${why}`);
      return { pushed: false };
    }
    // With an API commit HEAD is now GitHub's commit, so the next round builds on what is on the branch.
    lastPushed = commit.sha;
    notes.push(`CI fix round ${round}: ${title} (${commit.sha.slice(0, 7)})`);
    return { pushed: true, headSha: commit.sha };
  };

  const ci = await runCiRounds(ctx.octokit, ctx.repo, {
    workflow: config.ci.workflow ?? '',
    rounds: config.ci.rounds,
    branch,
    budget: input.budget,
    signal: ctx.signal,
    getHeadSha: headSha,
    fixRound,
    onUpdate: onCiProgress((line, report) => {
      if (report.error) ctx.log.warning(`${line} Fix: ${report.error.fix}`);
      else ctx.log.info(line);
      input.transcript.write({ type: 'note', turn: outcome.turns ?? 0, message: line });
      const run = report.runs.at(-1);
      tracking?.update({ step: run ? `${line} · [view the run](${run.htmlUrl})` : line });
    }),
    log: (m) => ctx.log.info(m),
  });
  outcome.ciConclusion = ci.conclusion ?? '';

  const report = renderCiReport(ci);
  const words: string[] = [];
  const pr = publication.pullRequest;
  if (pr) {
    if (agent !== input.agent && agent.stopReason !== 'done')
      notes.push(`The agent stopped early in its last CI fix round (${agent.stopReason}).`);
    const body = renderPullRequestBody(
      {
        ...pr.body,
        ...(verification ? { verification } : {}),
        notes: [...(pr.body.notes ?? []), ...notes],
        transcript: await input.renderTranscript(),
      },
      GITHUB_BODY_LIMIT - report.length - 2,
    );
    const why = draftReason({
      ciFailed: ciFailed(ci),
      verification,
      stopReason: agent.stopReason,
      draftInput: config.draft,
    });
    await openOrUpdatePullRequest(ctx.octokit, ctx.repo, {
      head: pr.head,
      base: pr.base,
      title: pr.title,
      body: ctx.publish(`${body}\n\n${report}`),
      draft: why !== undefined,
    }).catch((e: Error) =>
      ctx.log.warning(`Could not add the CI report to the pull request: ${ctx.redact(e.message)}`),
    );
    const draft = await setPullRequestDraft(ctx.octokit, ctx.repo, pr.number, why !== undefined);
    if (draft.kind === 'failed') ctx.log.warning(ctx.redact(draft.message));
    if (draft.kind === 'changed')
      words.push(
        draft.draft ? `The pull request is now a draft: ${why}.` : 'The pull request is ready for review.',
      );
  }
  const fixes = Math.max(0, ci.runs.length - 1);
  if (fixes > 0) {
    words.push(
      `${fixes} CI fix ${fixes === 1 ? 'round' : 'rounds'}; ${outcome.turns ?? 0} turns · ${(outcome.tokens ?? 0).toLocaleString('en-US')} tokens in all.`,
    );
  }
  const stopped = publication.final.status === 'success' && agent.stopReason !== 'done';
  return {
    ...publication,
    head: { sha: lastPushed, ...(verification ? { verified: verification.passed } : {}) },
    outcome: { ...publication.outcome, ciConclusion: outcome.ciConclusion },
    final: {
      status: stopped ? 'stopped' : publication.final.status,
      details: [publication.final.details, ...words, report].join('\n\n'),
    },
  };
}
