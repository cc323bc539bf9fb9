/**
 * Puts the agent's work where the plan says: a branch and a pull request, a push to the PR's own
 * branch, or a comment with the patch. Returns the outcome fields and the tracking comment's
 * final words; failures of git or the API throw (the tracked run reports them).
 */
import type { AgentResult } from '../agent/loop.js';
import type { CheckoutResult } from '../git/checkout.js';
import { diffSince } from '../git/commit.js';
import { commitAndPush } from '../git/commit-and-push.js';
import type { GitCommandManager } from '../git/git-command-manager.js';
import { apiError } from '../github/api-error.js';
import { PUBLISHED_PATCH_CHARS } from '../limits.js';
import type { RunOutcome } from '../outputs/action-outputs.js';
import { openOrUpdatePullRequest } from '../outputs/pull-request.js';
import {
  type PullRequestBodyInput,
  renderPullRequestBody,
  renderVerification,
  type VerificationReport,
} from '../outputs/pull-request-body.js';
import { dressPullRequest } from '../outputs/pull-request-extras.js';
import { composeNotes, draftReason } from '../outputs/pull-request-notes.js';
import { titleFrom } from '../outputs/title.js';
import type { FinalStatus } from '../outputs/tracking-comment.js';
import type { Actor } from '../triggers/trigger.js';
import { commitMessage, commitOptions } from './commit-options.js';
import type { RunContext } from './context.js';
import type { WorkPlan } from './plan-work.js';
import { reportUndelivered } from './undelivered.js';

export interface PublishInput {
  git: GitCommandManager;
  plan: WorkPlan;
  checkout: CheckoutResult;
  actor: Actor;
  agent: AgentResult;
  verification?: VerificationReport;
  /** The sandbox description when commands ran with less than full isolation: a note for the PR. */
  sandboxNote?: string;
  /** The transcript block within `maxChars`. */
  transcript: (maxChars: number) => string;
  /** The transcript file; a change GitHub refuses is saved next to it as `changes.patch`. */
  transcriptPath?: string;
}

export interface Publication {
  outcome: Partial<RunOutcome> & Pick<RunOutcome, 'conclusion'>;
  final: { status: FinalStatus; details: string };
  /** The action's own pull request and its body's parts, so CI in the loop can re-render the body. */
  pullRequest?: {
    number: number;
    title: string;
    head: string;
    base: string;
    body: Omit<PullRequestBodyInput, 'transcript'>;
  };
  /** The commit the run pushed last, and whether `verify-command` passed on it (unset without one). */
  head?: PushedHead;
}

/** What the commit status and the merge gates know about the head the run pushed. */
export interface PushedHead {
  sha: string;
  verified?: boolean;
}

/** ` · signed by GitHub`, or why it is a plain git push, for the tracking comment. */
function signingNote(result: { via: 'api' | 'git' }, fallback: string | undefined): string {
  if (result.via === 'api') return ' · signed by GitHub';
  return fallback ? ` · pushed with git (not signed): ${fallback}` : '';
}

/** Publishes according to `input.plan.publish`. */
export async function publishWork(ctx: RunContext, input: PublishInput): Promise<Publication> {
  const { plan, agent, verification } = input;
  const target = plan.publish;
  const verifyLine = verification ? `\n\n${renderVerification(verification)}` : '';
  const fallbackTitle = plan.fixesIssue ? `Fix #${plan.fixesIssue}` : 'Changes by agent-action';
  const title = ctx.redact(titleFrom(agent.summary, fallbackTitle));

  if (target.kind === 'comment') {
    const patch = await diffSince(input.git, input.checkout.headSha);
    const fence = patch.includes('```') ? '~~~~~' : '```';
    const patchBlock = patch.trim()
      ? `\n\n<details><summary>Patch (apply with \`git apply\`)</summary>\n\n${fence}diff\n${patch.slice(0, PUBLISHED_PATCH_CHARS)}\n${fence}\n\n</details>`
      : '';
    const conclusion = plan.conversation ? 'commented' : 'no-changes';
    return {
      outcome: { conclusion },
      final: { status: 'success', details: `${agent.summary}${patchBlock}${verifyLine}` },
    };
  }

  const commit = await commitAndPush(
    ctx.octokit,
    ctx.repo,
    input.git,
    commitOptions(ctx, input.actor, {
      message: commitMessage(ctx, title, agent.summary),
      startSha: input.checkout.headSha,
      branch: target.branch,
      expectedSha: input.checkout.remoteSha,
      // A pull request's own branch is shared: rebase once onto what others pushed meanwhile.
      rebase: target.kind === 'push',
    }),
  );
  const notes = composeNotes({
    leading: [...(plan.prNotes ?? []), ...(input.sandboxNote ? [input.sandboxNote] : [])],
    stopReason: agent.stopReason,
    refused: commit.refused,
  });
  if (commit.kind === 'no-changes' || commit.kind === 'up-to-date') {
    const why = commit.refused.length > 0 ? `\n\n${notes.join('\n\n')}` : '';
    const line =
      commit.kind === 'up-to-date'
        ? `\`${target.branch}\` already has this change; nothing to push.`
        : 'No changes to publish.';
    return {
      outcome: { conclusion: 'no-changes' },
      final: { status: 'no-changes', details: `${line}\n\n${agent.summary}${why}${verifyLine}` },
    };
  }
  if (commit.kind !== 'pushed') {
    return reportUndelivered(ctx, {
      step: commit.kind === 'rejected' && commit.via === 'api' ? 'api-commit' : 'push',
      headline: commit.message.split('\n')[0] ?? commit.message,
      ...(commit.kind === 'rejected' && commit.answer ? { answer: commit.answer } : {}),
      ...(commit.fallback ? { fallback: commit.fallback } : {}),
      ...(commit.patch ? { patch: commit.patch } : {}),
      ...(input.transcriptPath ? { transcriptPath: input.transcriptPath } : {}),
    });
  }
  const signed = signingNote(commit, commit.fallback);
  const head: PushedHead = { sha: commit.sha, ...(verification ? { verified: verification.passed } : {}) };
  const status: FinalStatus = agent.stopReason === 'done' ? 'success' : 'stopped';
  const stats = `${agent.turns} turns · ${agent.tokens.total.toLocaleString('en-US')} tokens`;

  if (target.kind === 'push') {
    const url = `${ctx.config.runner.serverUrl}/${ctx.repo.owner}/${ctx.repo.repo}/commit/${commit.sha}`;
    const rebased = commit.rebasedOnto ? `, rebased onto ${commit.rebasedOnto.slice(0, 7)}` : '';
    return {
      outcome: { conclusion: 'pushed', branch: target.branch },
      head,
      final: {
        status,
        details: `Pushed ${commit.sha.slice(0, 7)} to \`${target.branch}\` (${url}${rebased})${signed} · ${stats}\n\n${agent.summary}${notes.map((n) => `\n\n> ${n}`).join('')}${verifyLine}`,
      },
    };
  }

  const draft =
    draftReason({ verification, stopReason: agent.stopReason, draftInput: ctx.config.draft }) !== undefined;
  const bodyParts = {
    summary: agent.summary,
    ...(plan.fixesIssue !== undefined ? { issueNumber: plan.fixesIssue } : {}),
    ...(verification ? { verification } : {}),
    notes,
  };
  const body = renderPullRequestBody({ ...bodyParts, transcript: input.transcript });
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
      patch: await changesPatch(input.git, input.checkout.headSha),
      pushedBranch: target.branch,
      base: target.base,
      ...(input.transcriptPath ? { transcriptPath: input.transcriptPath } : {}),
    });
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
  const verb = pr.created ? 'Opened' : 'Updated';
  const draftNote =
    verification && !verification.passed ? ' as a draft: verification failed' : pr.draft ? ' (draft)' : '';
  return {
    outcome: {
      conclusion: pr.created ? 'pr-opened' : 'pr-updated',
      prUrl: pr.url,
      prNumber: pr.number,
      branch: target.branch,
    },
    final: {
      status,
      details: `${verb} pull request #${pr.number}${draftNote}: ${pr.url}${signed} · ${stats}${verifyLine}${warnings.map((w) => `\n\n> ⚠️ ${w}`).join('')}`,
    },
    pullRequest: { number: pr.number, title, head: target.branch, base: target.base, body: bodyParts },
    head,
  };
}

/** The committed change as `git format-patch` output (HEAD is the one commit on `startSha`). */
async function changesPatch(git: GitCommandManager, startSha: string): Promise<string> {
  const out = await git.exec(['format-patch', '--stdout', '--binary', `${startSha}..HEAD`], {
    allowAllExitCodes: true,
  });
  return out.stdout;
}
