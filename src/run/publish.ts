/**
 * Puts the agent's work where the plan says: a branch and a pull request, a push to the PR's own
 * branch, or a comment with the patch. Returns the outcome's facts and the tracking comment's
 * details (its headline and footer are added by the tracked run); failures of git or the API
 * throw (the tracked run reports them), except GitHub refusing the change, which ends `failed`
 * with the change as a patch (`reportUndelivered`).
 */
import type { AgentResult } from '../agent/loop.js';
import { changedFiles, committedChangePatch, workTreeChangePatch } from '../git/change-patch.js';
import type { CheckoutResult } from '../git/checkout.js';
import { type CommitAndPushResult, commitAndPush } from '../git/commit-and-push.js';
import type { GitCommandManager } from '../git/git-command-manager.js';
import type { Actor } from '../github/actor.js';
import { apiError } from '../github/api-error.js';
import { setPullRequestDraft } from '../github/pull-request-draft.js';
import { PUBLISHED_PATCH_CHARS } from '../limits.js';
import type { RunFacts, RunOutcome } from '../outputs/action-outputs.js';
import { renderChangeList } from '../outputs/change-list.js';
import { headlineMarkdown } from '../outputs/outcome.js';
import { openOrUpdatePullRequest } from '../outputs/pull-request.js';
import {
  type PullRequestBodyInput,
  quoteNote,
  renderPullRequestBody,
  renderVerification,
  type VerificationReport,
  verificationLine,
} from '../outputs/pull-request-body.js';
import { dressPullRequest } from '../outputs/pull-request-extras.js';
import { composeNotes, draftReason } from '../outputs/pull-request-notes.js';
import { fenceBlock } from '../outputs/quoted-text.js';
import { summaryBelowTitle, titleFrom } from '../outputs/title.js';
import { commitMessage, commitOptions } from './commit-options.js';
import type { RunContext } from './context.js';
import type { WorkPlan } from './plan-work.js';
import { reportUndelivered, savePatch } from './undelivered.js';

export interface PublishInput {
  git: GitCommandManager;
  plan: WorkPlan;
  checkout: CheckoutResult;
  actor: Actor;
  agent: AgentResult;
  verification?: VerificationReport;
  /** The sandbox description when commands ran with less than full isolation: a note for the PR. */
  sandboxNote?: string;
  /** What the policies refused (commands, hosts): sections shown outside the transcript. */
  problems?: string[];
  /** The run's facts so far (stop reason, verification, refusals …), read for the PR's first line. */
  outcome?: RunFacts;
  /** CI rounds follow the push: the pull request stays a draft until they pass. */
  ciPending?: boolean;
  /** The footer as of now (`renderFooter`). */
  footer?: () => string;
  /** The transcript block within `maxChars`. */
  transcript: (maxChars: number) => string;
  /** The transcript file; a change GitHub refuses is saved next to it as `changes.patch`. */
  transcriptPath?: string;
}

/** The parts of the action's pull request body that CI in the loop re-renders. */
export type PullRequestBodyParts = Omit<PullRequestBodyInput, 'transcript' | 'headline' | 'footer'>;

export interface Publication {
  outcome: Partial<RunOutcome> & Pick<RunOutcome, 'conclusion'>;
  /** What the tracking comment and the job summary say under the headline. */
  details: string;
  /** The action's own pull request and its body's parts, so CI in the loop can re-render the body. */
  pullRequest?: {
    number: number;
    title: string;
    head: string;
    base: string;
    body: PullRequestBodyParts;
    /** The tracking comment's lines about the pull request: its commit, and GitHub's warnings. */
    comment: { commit: string; warnings: string[] };
  };
  /** The commit the run pushed last, and whether `verify-command` passed on it (unset without one). */
  head?: PushedHead;
}

/** What the commit status and the merge gates know about the head the run pushed. */
export interface PushedHead {
  sha: string;
  verified?: boolean;
}

/** `Commit abc1234, signed by GitHub`, or why it is a plain git push. */
function commitLine(
  ctx: RunContext,
  commit: Extract<CommitAndPushResult, { kind: 'pushed' }>,
  branch: string,
): string {
  const url = `${ctx.config.runner.serverUrl}/${ctx.repo.owner}/${ctx.repo.repo}/commit/${commit.sha}`;
  const rebased = commit.rebasedOnto ? `, rebased onto ${commit.rebasedOnto.slice(0, 7)}` : '';
  const signed =
    commit.via === 'api'
      ? ', signed by GitHub'
      : commit.fallback
        ? `, pushed with git (not signed): ${commit.fallback}`
        : ', pushed with git';
  return `Commit [${commit.sha.slice(0, 7)}](${url}) on \`${branch}\`${rebased}${signed}.`;
}

const join = (parts: (string | undefined)[]) => parts.filter((p) => p?.trim()).join('\n\n');

/** Publishes according to `input.plan.publish`. */
export async function publishWork(ctx: RunContext, input: PublishInput): Promise<Publication> {
  const { plan, agent, verification } = input;
  const target = plan.publish;
  const fallbackTitle = plan.fixesIssue ? `Fix #${plan.fixesIssue}` : 'Changes by agent-action';
  const title = ctx.redact(titleFrom(agent.summary, fallbackTitle));
  const problems = input.problems ?? [];
  const base = input.checkout.headSha;

  if (target.kind === 'comment') return answerWithPatch(ctx, input, title);

  const commit = await commitAndPush(
    ctx.octokit,
    ctx.repo,
    input.git,
    commitOptions(ctx, input.actor, {
      message: commitMessage(ctx, title, agent.summary),
      startSha: base,
      branch: target.branch,
      expectedSha: input.checkout.remoteSha,
      // A pull request's own branch is shared: rebase once onto what others pushed meanwhile.
      rebase: target.kind === 'push',
    }),
  );
  // A budget stop is the headline's to say; these are the other facts worth a line.
  const notes = composeNotes({
    leading: [...(plan.prNotes ?? []), ...(input.sandboxNote ? [input.sandboxNote] : [])],
    refused: commit.refused,
  });
  const quotedNotes = notes.map(quoteNote);
  const fullVerification = verification ? renderVerification(verification) : undefined;
  if (commit.kind === 'no-changes' || commit.kind === 'up-to-date') {
    return {
      outcome: {
        conclusion: 'no-changes',
        ...(commit.kind === 'up-to-date' ? { reason: `\`${target.branch}\` already has this change` } : {}),
      },
      details: join([agent.summary, ...quotedNotes, ...problems, fullVerification]),
    };
  }
  if (commit.kind !== 'pushed') {
    return reportUndelivered(ctx, {
      step: commit.kind === 'rejected' && commit.via === 'api' ? 'api-commit' : 'push',
      headline: commit.message.split('\n')[0] ?? commit.message,
      ...(commit.kind === 'rejected' && commit.answer ? { answer: commit.answer } : {}),
      ...(commit.fallback ? { fallback: commit.fallback } : {}),
      ...(commit.patch ? { patch: commit.patch } : {}),
      baseSha: base,
      ...(input.transcriptPath ? { transcriptPath: input.transcriptPath } : {}),
    });
  }
  const changes = renderChangeList(await changedFiles(input.git, base));
  const head: PushedHead = { sha: commit.sha, ...(verification ? { verified: verification.passed } : {}) };

  if (target.kind === 'push') {
    return {
      outcome: { conclusion: 'pushed', branch: target.branch, pushedSha: commit.sha },
      head,
      details: join([
        commitLine(ctx, commit, target.branch),
        agent.summary,
        ...quotedNotes,
        ...problems,
        changes,
        fullVerification,
      ]),
    };
  }

  const draft =
    input.ciPending === true ||
    draftReason({ verification, stopReason: agent.stopReason, draftInput: ctx.config.draft }) !== undefined;
  const bodyParts: PullRequestBodyParts = {
    summary: summaryBelowTitle(agent.summary, title),
    ...(plan.fixesIssue !== undefined ? { issueNumber: plan.fixesIssue } : {}),
    ...(verification ? { verification } : {}),
    notes,
    problems,
    ...(changes ? { changes } : {}),
  };
  const facts: RunOutcome = {
    ...(input.outcome ?? {}),
    conclusion: 'pr-opened',
    draft,
    ...(input.ciPending ? { ci: { state: 'pending', fixRounds: 0 } } : {}),
  };
  const body = renderPullRequestBody({
    ...bodyParts,
    headline: headlineMarkdown(facts, 'pull-request'),
    transcript: input.transcript,
    ...(input.footer ? { footer: input.footer() } : {}),
  });
  let pr: Awaited<ReturnType<typeof openOrUpdatePullRequest>>;
  try {
    pr = await openOrUpdatePullRequest(ctx.octokit, ctx.repo, {
      head: target.branch,
      base: target.base,
      title,
      body: ctx.publish(body),
      draft,
    });
  } catch (error) {
    const { status: httpStatus, message } = apiError(error);
    return reportUndelivered(ctx, {
      step: 'pull-request',
      headline: `The commit is on \`${target.branch}\`, but GitHub would not open the pull request.`,
      answer: httpStatus ? `HTTP ${httpStatus}: ${message}` : message,
      patch: await committedChangePatch(input.git, base),
      baseSha: base,
      pushedBranch: target.branch,
      base: target.base,
      ...(input.transcriptPath ? { transcriptPath: input.transcriptPath } : {}),
    });
  }
  // An open pull request keeps its draft state on update; a run that needs a draft makes it one.
  if (draft && !pr.draft) {
    const made = await setPullRequestDraft(ctx.octokit, ctx.repo, pr.number, true);
    if (made.kind === 'failed') ctx.log.warning(ctx.redact(made.message));
    else pr = { ...pr, draft: made.draft };
  }
  const { labels, reviewers } = ctx.config.publishing;
  const warnings = await dressPullRequest(
    ctx.octokit,
    ctx.repo,
    pr.number,
    { labels, reviewers },
    pr.created,
  );
  for (const warning of warnings) ctx.log.warning(warning);
  const pushed = commitLine(ctx, commit, target.branch);
  return {
    outcome: {
      conclusion: pr.created ? 'pr-opened' : 'pr-updated',
      prUrl: pr.url,
      prNumber: pr.number,
      branch: target.branch,
      draft: pr.draft,
    },
    // The PR carries the summary and the verification output; the comment says where things stand.
    details: join([
      pushed,
      verification ? verificationLine(verification) : undefined,
      ...problems,
      ...warnings.map((w) => quoteNote(`⚠️ ${w}`)),
    ]),
    pullRequest: {
      number: pr.number,
      title,
      head: target.branch,
      base: target.base,
      body: bodyParts,
      comment: { commit: pushed, warnings },
    },
    head,
  };
}

/**
 * A run that answers in a comment: the model's answer, and the change (if it made one) as a patch
 * on the commit it started from — for a fork's pull request, the way to take the change.
 */
async function answerWithPatch(ctx: RunContext, input: PublishInput, title: string): Promise<Publication> {
  const { plan, agent, verification } = input;
  const base = input.checkout.headSha;
  const patch = ctx.redact(
    await workTreeChangePatch(input.git, base, commitMessage(ctx, title, agent.summary)),
  );
  let patchBlock: string | undefined;
  if (patch.trim()) {
    const saved = await savePatch(ctx, patch, input.transcriptPath);
    const how = `apply it on \`${base.slice(0, 7)}\` with <code>git am</code> (or <code>git apply</code>)`;
    patchBlock =
      patch.length <= PUBLISHED_PATCH_CHARS
        ? `<details><summary>The change as a patch: ${how}</summary>\n\n${fenceBlock(patch, 'diff')}\n\n</details>`
        : `The patch is too large for a comment (${patch.length.toLocaleString('en-US')} characters)${saved ? `; it is saved as \`${saved}\` on the runner` : ''}.`;
  }
  return {
    outcome: {
      conclusion: plan.conversation ? 'commented' : 'no-changes',
      ...(plan.conversation ? {} : { reason: 'Answered in the job summary' }),
      ...(patchBlock ? { patchPosted: true } : {}),
    },
    details: join([
      agent.summary,
      patchBlock,
      ...(input.problems ?? []),
      verification ? renderVerification(verification) : undefined,
    ]),
  };
}
