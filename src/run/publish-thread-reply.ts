/**
 * Publishing for a run started by a review comment whose answer belongs in the review thread:
 * on a same-repository pull request the change is committed and pushed to the PR branch (the head
 * re-checked, rebased once if it moved, never forced); on a fork's pull request nothing is pushed
 * and the reply carries the change as a suggestion or a diff. Either way the reply goes into the
 * thread, and the tracking comment on the conversation ends with a link to it. If the thread is
 * gone by then (its first comment deleted), the tracking comment carries the whole answer.
 */
import { type CommitAndPushResult, commitAndPush } from '../git/commit-and-push.js';
import { apiStatus } from '../github/api-error.js';
import type { ReplyThreadContext } from '../github/reply-thread.js';
import { THREAD_REPLY_FALLBACK_CHARS } from '../limits.js';
import type { Conclusion } from '../outputs/action-outputs.js';
import type { PostedComment } from '../outputs/comment.js';
import { renderVerification } from '../outputs/pull-request-body.js';
import { composeNotes, refusedWorkflowsNote } from '../outputs/pull-request-notes.js';
import {
  collectThreadReplyPatch,
  postThreadReply,
  renderThreadReply,
  type ThreadReplyInput,
  type ThreadReplyResult,
} from '../outputs/thread-reply.js';
import { titleFrom } from '../outputs/title.js';
import { commitMessage, commitOptions } from './commit-options.js';
import type { RunContext } from './context.js';
import type { Publication, PublishInput } from './publish.js';
import { reportUndelivered } from './undelivered.js';

const LEADING_ICON = /^\p{Extended_Pictographic}\uFE0F?\s*/u;

/** Where the run got to, before the reply is written. */
interface Result {
  reply: ThreadReplyResult;
  conclusion: Conclusion;
  /** The tracking comment's line about the change. */
  line: string;
  branch?: string;
  pushedSha?: string;
  /** Why the run failed, for the step, and the headline's reason (already redacted). */
  failure?: string;
  reason?: string;
}

/** Commits and pushes to the PR branch through `commitAndPush`; a moved branch is rebased once. */
async function pushToBranch(
  ctx: RunContext,
  input: PublishInput,
  thread: ReplyThreadContext,
  branch: string,
  notes: string[],
): Promise<Result> {
  const { checkout, agent } = input;
  const fallbackTitle = `Address review comment on ${thread.comment.path}`;
  const push = await commitAndPush(
    ctx.octokit,
    ctx.repo,
    input.git,
    commitOptions(ctx, input.actor, {
      message: commitMessage(ctx, titleFrom(agent.summary, fallbackTitle), agent.summary),
      startSha: checkout.headSha,
      branch,
      expectedSha: checkout.remoteSha ?? checkout.headSha,
      rebase: true,
    }),
  );
  const refused = refusedWorkflowsNote(push.refused);
  if (refused) notes.push(refused);
  if (push.kind === 'no-changes') {
    return { reply: { kind: 'no-changes' }, conclusion: 'no-changes', line: '' };
  }
  switch (push.kind) {
    case 'pushed': {
      const url = `${ctx.config.runner.serverUrl}/${ctx.repo.owner}/${ctx.repo.repo}/commit/${push.sha}`;
      const rebased = push.rebasedOnto ? `, rebased onto ${push.rebasedOnto.slice(0, 7)}` : '';
      return {
        reply: { kind: 'push', branch, push },
        conclusion: 'pushed',
        line: `Commit [${push.sha.slice(0, 7)}](${url}) on \`${branch}\`${rebased}${push.via === 'api' ? ', signed by GitHub' : ''}.`,
        branch,
        pushedSha: push.sha,
      };
    }
    case 'up-to-date':
      return {
        reply: { kind: 'push', branch, push },
        conclusion: 'no-changes',
        line: '',
        reason: `\`${branch}\` already has this change`,
      };
    case 'conflict':
    case 'rejected':
      return notPushed(ctx, input, thread, branch, push);
  }
}

/** A conflict or a refused push: the reply shows the change that stayed behind, and a refusal its fix. */
async function notPushed(
  ctx: RunContext,
  input: PublishInput,
  thread: ReplyThreadContext,
  branch: string,
  push: Extract<CommitAndPushResult, { kind: 'conflict' | 'rejected' }>,
): Promise<Result> {
  const { diff } = await collectThreadReplyPatch(input.git, input.checkout.headSha, thread.comment.path);
  const refusal =
    push.kind === 'rejected' && push.reason === 'refused'
      ? await reportUndelivered(ctx, {
          step: push.via === 'api' ? 'api-commit' : 'push',
          headline: push.message,
          ...(push.answer ? { answer: push.answer } : {}),
          ...(push.fallback ? { fallback: push.fallback } : {}),
          ...(push.patch ? { patch: push.patch } : {}),
          baseSha: input.checkout.headSha,
          ...(input.transcriptPath ? { transcriptPath: input.transcriptPath } : {}),
        })
      : undefined;
  // The reply says why and what to change next to its diff; the tracking comment carries the rest.
  const message = refusal?.outcome.failure ?? ctx.redact(push.message);
  const first = message.split('\n')[0] ?? message;
  return {
    reply: { kind: 'push', branch, push: { ...push, message }, diff },
    conclusion: 'failed',
    line: refusal ? refusal.details : message,
    failure: refusal?.outcome.failure ?? first,
    reason: refusal?.outcome.reason ?? /^(.+?)\.(?:\s|$)/.exec(first)?.[1] ?? first,
  };
}

/** A fork's pull request: nothing is pushed; the reply carries the patch. */
async function patchForFork(input: PublishInput, thread: ReplyThreadContext): Promise<Result> {
  const patch = await collectThreadReplyPatch(input.git, input.checkout.headSha, thread.comment.path);
  const changed = patch.diff.trim() !== '';
  return {
    reply: changed ? { kind: 'patch', ...patch } : { kind: 'no-changes' },
    conclusion: changed ? 'commented' : 'no-changes',
    line: changed
      ? "The pull request's branch is in a fork, so nothing was pushed; the change is in the reply."
      : '',
  };
}

/** Posts the reply; an API error (the thread deleted meanwhile, 404) returns undefined instead. */
async function tryReply(
  ctx: RunContext,
  reply: ThreadReplyInput,
  thread: ReplyThreadContext,
): Promise<PostedComment | undefined> {
  try {
    return await postThreadReply(ctx.octokit, ctx.repo, reply, {
      prNumber: thread.pullRequest.number,
      threadRootId: thread.threadRootId,
      redact: ctx.redact,
    });
  } catch (error) {
    if (apiStatus(error) === undefined) throw error;
    ctx.log.warning(
      `Could not reply in the review thread (${(error as Error).message}); answering on the pull request instead.`,
    );
    return undefined;
  }
}

/** Publishes a review-comment run into `input.plan.replyThread`; see the module comment. */
export async function publishThreadReply(ctx: RunContext, input: PublishInput): Promise<Publication> {
  const { plan, agent, verification } = input;
  const thread = plan.replyThread;
  if (!thread) throw new Error('publishThreadReply needs a plan with a review thread');
  const notes = composeNotes({ leading: input.sandboxNote ? [input.sandboxNote] : [] });
  const result =
    plan.publish.kind === 'push'
      ? await pushToBranch(ctx, input, thread, plan.publish.branch, notes)
      : await patchForFork(input, thread);

  const reply: ThreadReplyInput = {
    serverUrl: ctx.config.runner.serverUrl,
    repo: ctx.repo,
    comment: thread.comment,
    headSha: input.checkout.headSha,
    summary: verification ? `${agent.summary}\n\n${renderVerification(verification)}` : agent.summary,
    result: result.reply,
    runUrl: ctx.runUrl,
    ...(input.footer ? { footer: input.footer() } : {}),
    notes,
    problems: input.problems ?? [],
    transcript: input.transcript,
  };
  const posted = await tryReply(ctx, reply, thread);
  // Without a thread the tracking comment carries the whole answer, under the run's own headline.
  const details = posted
    ? [result.line, `Replied in the review thread: ${posted.url}`, ...(input.problems ?? [])]
        .filter((p) => p !== '')
        .join('\n\n')
    : renderThreadReply({ ...reply, footer: '' }, THREAD_REPLY_FALLBACK_CHARS).replace(LEADING_ICON, '');
  return {
    outcome: {
      conclusion: result.conclusion,
      ...(result.branch ? { branch: result.branch } : {}),
      ...(result.pushedSha ? { pushedSha: result.pushedSha } : {}),
      ...(posted ? { commentUrl: posted.url } : {}),
      ...(result.failure ? { failure: result.failure } : {}),
      ...(result.reason ? { reason: result.reason } : {}),
      ...(result.reply.kind === 'patch' ? { patchPosted: true } : {}),
    },
    details,
  };
}
