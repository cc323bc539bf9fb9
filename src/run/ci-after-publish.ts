/**
 * CI in the loop, wired into a run. Once the branch is pushed, `runCiRounds` dispatches
 * `ci-workflow` on it; with `ci-rounds` > 0 each failure goes back to the agent as a new turn of
 * the same conversation, and its fix goes through the same `commitAndPush` as the first change.
 *
 * Afterwards the pull request is rewritten so it cannot contradict the code: its first line says
 * how CI ended, its description is the model's final description of the whole change (each fix
 * round asks for one; a round that gives none keeps the first and lists the fixes), the files
 * changed come from the final diff, and the CI verdict stands above the transcript. It was opened
 * as a draft while rounds were to come and is marked ready only when CI passed and nothing else
 * asks for a draft. A refused dispatch is part of the report, never a failed run.
 */
import type { RunBudget } from '../agent/budget.js';
import type { AgentResult } from '../agent/loop.js';
import type { TranscriptWriter } from '../agent/transcript.js';
import { type FixRoundResult, runCiRounds } from '../ci/ci-round-driver.js';
import { changedFiles } from '../git/change-patch.js';
import { commitAndPush } from '../git/commit-and-push.js';
import type { GitCommandManager } from '../git/git-command-manager.js';
import type { Actor } from '../github/actor.js';
import { setPullRequestDraft } from '../github/pull-request-draft.js';
import type { Config } from '../inputs.js';
import type { RunFacts, RunOutcome } from '../outputs/action-outputs.js';
import { renderChangeList } from '../outputs/change-list.js';
import { ciVerdict, onCiProgress, renderCiReport } from '../outputs/ci-report.js';
import { headlineMarkdown } from '../outputs/outcome.js';
import { fixFor } from '../outputs/publish-failure.js';
import { openOrUpdatePullRequest } from '../outputs/pull-request.js';
import {
  quoteNote,
  renderPullRequestBody,
  type VerificationReport,
  verificationLine,
} from '../outputs/pull-request-body.js';
import { draftReason } from '../outputs/pull-request-notes.js';
import { inlineCode } from '../outputs/quoted-text.js';
import { titleFrom } from '../outputs/title.js';
import type { TrackingComment } from '../outputs/tracking-comment.js';
import type { AgentRunner } from '../pipeline/agent-runner.js';
import { runAgentStep } from '../pipeline/agent-step.js';
import type { Sandbox } from '../sandbox/sandbox.js';
import { commitMessage, commitOptions } from './commit-options.js';
import { commandHost, type RunContext } from './context.js';
import type { Publication } from './publish.js';
import { keepingFacts, type PhaseFacts, phaseFacts } from './run-facts.js';

export interface CiAfterPublishInput {
  git: GitCommandManager;
  actor: Actor;
  /** What publishing did: the branch it pushed and, for the action's own PR, the body's parts. */
  publication: Publication;
  /** The commit the run started from: the pull request's files changed are counted from it. */
  baseSha: string;
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
  /** The sections about refused commands and blocked hosts, read afresh (they set the outcome's counts). */
  problems: () => Promise<string[]>;
  /** The footer as of now. */
  footer: () => string;
  tracking: TrackingComment | undefined;
  /** The run's facts before CI, read for the pull request's first line. */
  outcome: RunFacts;
  /** The run's budget: no waiting or fix round starts after its deadline, no fix round once it is used up. */
  budget: RunBudget;
}

const PUSHED_BRANCH = new Set(['pr-opened', 'pr-updated', 'pushed']);

/** True when `ci-workflow` is set and publishing pushed a branch for CI to run on. */
export function wantsCi(config: Pick<Config, 'ci'>, publication: Publication): boolean {
  const { conclusion, branch } = publication.outcome;
  return config.ci.workflow !== undefined && PUSHED_BRANCH.has(conclusion) && Boolean(branch);
}

/** Added to each CI failure the agent gets: its last message becomes the pull request's description. */
const DESCRIBE_THE_WHOLE_CHANGE =
  "End with a message whose first line says what this round fixed (it becomes the commit's subject), then a blank line, then a description of the whole change on the branch as it now stands compared with the base branch: it replaces the pull request's description.";

/** A fix round's account: the commit subject line, and the description of the whole change after it. */
function splitRoundSummary(summary: string): { fixed: string; description: string } {
  const lines = summary.trim().split('\n');
  const first = lines.findIndex((l) => l.trim() !== '');
  return {
    fixed: lines[first] ?? '',
    description: lines
      .slice(first + 1)
      .join('\n')
      .trim(),
  };
}

/** What CI in the loop learns: the fix rounds' stop and verification, and CI's verdict. */
export type CiFacts = Pick<RunFacts, 'stopReason' | 'verification' | 'ci' | 'ciConclusion'>;

/**
 * Runs the CI rounds and folds their outcome into the PR and the tracking comment's details;
 * returns them with what CI learned. A failure part-way carries what it had learned (`run-facts.ts`).
 */
export async function runCiAfterPublish(
  ctx: RunContext,
  input: CiAfterPublishInput,
): Promise<Publication & { facts: CiFacts }> {
  const facts = phaseFacts({});
  return keepingFacts(facts, async () => {
    const published = await ciAfterPublish(ctx, input, facts);
    return { ...published, facts: facts.now() };
  });
}

async function ciAfterPublish(
  ctx: RunContext,
  input: CiAfterPublishInput,
  facts: PhaseFacts,
): Promise<Publication> {
  const { config } = ctx;
  const { git, publication, tracking } = input;
  const branch = publication.outcome.branch ?? '';
  const headSha = async () => (await git.exec(['rev-parse', 'HEAD'])).stdout.trim();
  let agent = input.agent;
  let verification = input.verification;
  let lastPushed = await headSha();
  /** What each fix round did, for the PR and the comment. */
  const rounds: string[] = [];
  /** The last fix round's description of the whole change, when it gave one. */
  let description: string | undefined;

  const fixRound = async (failureText: string, round: number): Promise<FixRoundResult> => {
    if (input.budget.usedUp()) {
      rounds.push(
        `No fix round ${round}: the agent's budget (\`max-turns\` / \`max-tokens\` / \`max-cost-usd\`) is used up.`,
      );
      return { pushed: false };
    }
    const done = await runAgentStep({
      runner: input.runAgent,
      messages: [
        ...agent.messages,
        { role: 'user', content: `${failureText}\n\n${DESCRIBE_THE_WHOLE_CHANGE}` },
      ],
      who: `CI fix round ${round}: the agent`,
      host: commandHost(ctx),
      tools: { sandbox: input.sandbox, ...(input.commandEnv ? { commandEnv: input.commandEnv } : {}) },
      ...(config.verifyCommand
        ? { verify: { command: config.verifyCommand, timeoutMinutes: config.limits.timeoutMinutes } }
        : {}),
    });
    agent = done.agent;
    facts.set({ stopReason: agent.stopReason });
    if (agent.stopReason === 'error' || agent.stopReason === 'cancelled') {
      rounds.push(`Fix round ${round} pushed nothing: the agent stopped (${agent.stopReason}).`);
      return { pushed: false };
    }
    if (done.verification) {
      verification = done.verification;
      facts.set({ verification });
    }
    const said = splitRoundSummary(agent.summary);
    const title = ctx.redact(titleFrom(said.fixed, 'Fix the failing CI run'));
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
      rounds.push(`Fix round ${round}: workflow files were not committed: ${commit.refused.join(', ')}`);
    if (commit.kind === 'no-changes' || commit.kind === 'up-to-date') {
      rounds.push(`Fix round ${round} changed nothing.`);
      return { pushed: false };
    }
    if (commit.kind !== 'pushed') {
      const answer = commit.kind === 'rejected' && commit.answer ? ` GitHub answered: ${commit.answer}` : '';
      const fix =
        commit.kind === 'rejected' && commit.reason === 'refused'
          ? ` ${fixFor(commit.via === 'api' ? 'api-commit' : 'push', commit.answer ?? '', commit.fallback)}`
          : '';
      const why = ctx.redact(`${commit.message}${answer}${fix}`);
      ctx.log.warning(`Could not push the fix of CI round ${round}: ${why}`);
      rounds.push(`The fix of round ${round} could not be pushed: ${inlineCode(why, 300)}`);
      return { pushed: false };
    }
    // With an API commit HEAD is now GitHub's commit, so the next round builds on what is on the branch.
    lastPushed = commit.sha;
    if (said.description && agent.stopReason === 'done') description = said.description;
    rounds.push(`Fix round ${round} (\`${commit.sha.slice(0, 7)}\`): ${title}`);
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
      input.transcript.write({ type: 'note', turn: input.budget.spent().turns, message: line });
      const run = report.runs.at(-1);
      tracking?.update({ step: run ? `${line} · [view the run](${run.htmlUrl})` : line });
    }),
    log: (m) => ctx.log.info(m),
  });
  const verdict = { ciConclusion: ci.conclusion ?? '', ci: ciVerdict(ci) };
  facts.set(verdict);

  const report = renderCiReport(ci);
  const roundList =
    rounds.length > 0 ? `**CI fix rounds:**\n\n${rounds.map((r) => `- ${r}`).join('\n')}` : '';
  const problems = await input.problems();
  const words: string[] = [];
  const pr = publication.pullRequest;
  let draft = publication.outcome.draft;
  if (pr) {
    const why = draftReason({
      ci: verdict.ci,
      verification,
      stopReason: agent.stopReason,
      draftInput: config.draft,
    });
    draft = why !== undefined;
    const changes = renderChangeList(await changedFiles(git, input.baseSha));
    const now: RunOutcome = {
      ...input.outcome,
      ...facts.now(),
      ...publication.outcome,
      draft,
      ci: verdict.ci,
    };
    const body = renderPullRequestBody({
      ...pr.body,
      headline: headlineMarkdown(now, 'pull-request'),
      summary: description ?? [pr.body.summary, roundList].filter((p) => p).join('\n\n'),
      ...(verification ? { verification } : {}),
      problems,
      ...(changes ? { changes } : {}),
      ci: description ? [roundList, report].filter((p) => p).join('\n\n') : report,
      transcript: await input.renderTranscript(),
      footer: input.footer(),
    });
    await openOrUpdatePullRequest(ctx.octokit, ctx.repo, {
      head: pr.head,
      base: pr.base,
      title: pr.title,
      body: ctx.publish(body),
      draft,
    }).catch((e: Error) =>
      ctx.log.warning(`Could not add the CI report to the pull request: ${ctx.redact(e.message)}`),
    );
    const set = await setPullRequestDraft(ctx.octokit, ctx.repo, pr.number, draft);
    if (set.kind === 'failed') {
      ctx.log.warning(ctx.redact(set.message));
      draft = publication.outcome.draft;
    }
    if (set.kind === 'changed')
      words.push(
        set.draft ? `The pull request is a draft: ${why}.` : 'The pull request is ready for review.',
      );
    else if (set.kind === 'unchanged' && set.draft && why)
      words.push(`The pull request stays a draft: ${why}.`);
  }
  const details = pr
    ? [
        pr.comment.commit,
        roundList,
        verification ? verificationLine(verification) : '',
        ...problems,
        ...pr.comment.warnings.map((w) => quoteNote(`⚠️ ${w}`)),
        report,
        ...words,
      ]
    : [
        publication.details,
        roundList,
        verification && verification !== input.verification ? verificationLine(verification) : '',
        report,
      ];
  return {
    ...publication,
    head: { sha: lastPushed, ...(verification ? { verified: verification.passed } : {}) },
    outcome: {
      ...publication.outcome,
      ...verdict,
      ...(draft !== undefined ? { draft } : {}),
    },
    details: details.filter((p) => p.trim() !== '').join('\n\n'),
  };
}
