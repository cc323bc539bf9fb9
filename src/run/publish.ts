/**
 * Puts the agent's work where the plan says: a branch and a pull request, a push to the PR's own
 * branch, or a comment with the patch. Returns the outcome fields and the tracking comment's
 * final words; failures of git or the API throw (the session reports them).
 */
import type { AgentResult } from '../agent/loop.js';
import type { CheckoutResult } from '../git/checkout.js';
import { ACTIONS_BOT, commitAll, diffSince } from '../git/commit.js';
import type { GitCommandManager } from '../git/git-command-manager.js';
import { pushBranch } from '../git/push.js';
import type { RunOutcome } from '../outputs/action-outputs.js';
import { openOrUpdatePullRequest } from '../outputs/pull-request.js';
import {
  type PullRequestBodyInput,
  renderPullRequestBody,
  renderVerification,
  type VerificationReport,
} from '../outputs/pull-request-body.js';
import { composeNotes, draftReason } from '../outputs/pull-request-notes.js';
import { titleFrom } from '../outputs/title.js';
import type { FinalStatus } from '../outputs/tracking-comment.js';
import { createSecretDetector } from '../safety/redact.js';
import type { Actor } from '../triggers/trigger.js';
import type { RunContext } from './context.js';
import type { WorkPlan } from './plan.js';

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
}

const PATCH_LIMIT = 40_000;

/**
 * A model that learned a secret could write it into a file; a pushed commit is published, so a
 * diff carrying the token or the API key in any form the redactor knows is refused before anything leaves.
 */
export async function refuseSecrets(ctx: RunContext, git: GitCommandManager, since: string): Promise<void> {
  const diff = (await git.exec(['diff', since, 'HEAD'])).stdout;
  const containsSecret = createSecretDetector(
    [ctx.config.githubToken, ctx.config.llm.apiKey].filter((s) => s.length >= 8),
  );
  if (containsSecret(diff)) {
    throw new Error(
      'The changes contain a secret value (the GitHub token or the API key); nothing was pushed.',
    );
  }
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
      ? `\n\n<details><summary>Patch (apply with \`git apply\`)</summary>\n\n${fence}diff\n${patch.slice(0, PATCH_LIMIT)}\n${fence}\n\n</details>`
      : '';
    const conclusion = plan.conversation ? 'commented' : 'no-changes';
    return {
      outcome: { conclusion },
      final: { status: 'success', details: `${agent.summary}${patchBlock}${verifyLine}` },
    };
  }

  const commit = await commitAll(input.git, {
    message: `${title}\n\n${ctx.redact(agent.summary)}`,
    author: ACTIONS_BOT,
    coAuthor: input.actor.type === 'Bot' ? undefined : input.actor,
    runUrl: ctx.runUrl,
    startSha: input.checkout.headSha,
  });
  const notes = composeNotes({
    leading: [...(plan.prNotes ?? []), ...(input.sandboxNote ? [input.sandboxNote] : [])],
    stopReason: agent.stopReason,
    refused: commit.refused,
  });
  if (!commit.sha) {
    const why = commit.refused.length > 0 ? `\n\n${notes.join('\n\n')}` : '';
    return {
      outcome: { conclusion: 'no-changes' },
      final: {
        status: 'no-changes',
        details: `No changes to publish.\n\n${agent.summary}${why}${verifyLine}`,
      },
    };
  }

  await refuseSecrets(ctx, input.git, input.checkout.headSha);
  const pushed = await pushBranch(input.git, {
    remoteUrl: ctx.remoteUrl,
    branch: target.branch,
    expectedSha: input.checkout.remoteSha,
  });
  if (!pushed.ok) {
    const why = pushed.rejected
      ? `the branch \`${target.branch}\` moved while the agent worked; run again`
      : ctx.redact(pushed.message);
    throw new Error(`Could not push to ${target.branch}: ${why}`);
  }
  const status: FinalStatus = agent.stopReason === 'done' ? 'success' : 'stopped';
  const stats = `${agent.turns} turns · ${agent.tokens.total.toLocaleString('en-US')} tokens`;

  if (target.kind === 'push') {
    const url = `${ctx.config.runner.serverUrl}/${ctx.repo.owner}/${ctx.repo.repo}/commit/${commit.sha}`;
    return {
      outcome: { conclusion: 'pushed', branch: target.branch },
      final: {
        status,
        details: `Pushed ${commit.sha.slice(0, 7)} to \`${target.branch}\` (${url}) · ${stats}\n\n${agent.summary}${notes.map((n) => `\n\n> ${n}`).join('')}${verifyLine}`,
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
  const pr = await openOrUpdatePullRequest(ctx.octokit, ctx.repo, {
    head: target.branch,
    base: target.base,
    title,
    body: ctx.publish(body),
    draft,
  });
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
      details: `${verb} pull request #${pr.number}${draftNote}: ${pr.url} · ${stats}${verifyLine}`,
    },
    pullRequest: { number: pr.number, title, head: target.branch, base: target.base, body: bodyParts },
  };
}
