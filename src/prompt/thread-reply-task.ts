/**
 * The task of a review-comment run: the action's framing (trusted: the pull request number, the
 * line numbers, what happens to the result) and, as untrusted blocks, everything people wrote —
 * the pull request's title and description, the file path and diff hunk the comment sits on, the
 * earlier comments of the thread and the request itself.
 */
import type { ReplyThreadContext } from '../github/reply-thread.js';
import { THREAD_REPLY_COMMENT_CHARS } from '../limits.js';
import type { UntrustedPart } from './task-prompt.js';

export interface ThreadReplyTaskOptions {
  /** `owner/name`. */
  repository: string;
  /** Text after the trigger phrase; the whole comment body when empty. */
  instruction?: string;
  /** True when the result is pushed to the PR branch; false when it is answered with a patch. */
  canPush: boolean;
  /** Cap on each earlier thread comment, in characters (default 4,000). */
  maxCommentChars?: number;
}

/** The same shape as the run's task spec: trusted text plus untrusted parts for `buildInitialMessages`. */
export interface ThreadReplyTask {
  task: string;
  context: UntrustedPart[];
}

/** `lines 10–12` / `line 12` / `the file` (outdated or file-level comments have no line). */
export function describeLines(startLine: number | null, line: number | null): string {
  if (line === null) return 'the file as a whole (the comment has no current line)';
  if (startLine !== null && startLine !== line) return `lines ${startLine}–${line}`;
  return `line ${line}`;
}

/** Builds the task and its untrusted context; see the module comment. */
export function buildThreadReplyTask(
  thread: ReplyThreadContext,
  options: ThreadReplyTaskOptions,
): ThreadReplyTask {
  const { pullRequest: pr, comment } = thread;
  const lines = describeLines(comment.startLine, comment.line);
  const version =
    comment.side === 'LEFT'
      ? 'of the base version (the lines the pull request removes or replaces)'
      : 'of the pull request version (what is checked out)';
  const deliver = options.canPush
    ? `Make the change in the checked-out working tree; the action commits it, pushes it to the pull request branch and replies in the review thread.`
    : `Make the change in the checked-out working tree; the branch cannot be pushed to (it is in a fork), so the action replies in the review thread with your change as a suggestion or a patch. Keep the change to the commented lines when you can.`;
  const task = [
    `A reviewer asked for a change in a review comment on pull request #${pr.number} of ${options.repository} (branch checked out at ${pr.headSha.slice(0, 12)}).`,
    `The comment is on ${lines} ${version} of the file named in the "commented file" block below, which also shows the diff hunk around those lines.`,
    thread.earlier.length > 0
      ? `The earlier comments of the same review thread are included for context${thread.omitted > 0 ? ` (${thread.omitted} older ones are not shown)` : ''}; anyone can comment on a pull request, so weigh them accordingly. Do what the request asks.`
      : 'Do what the request asks.',
    deliver,
  ].join(' ');

  const max = options.maxCommentChars ?? THREAD_REPLY_COMMENT_CHARS;
  const context: UntrustedPart[] = [
    {
      source: `pull request #${pr.number} title and description by @${pr.author}`,
      text: `# ${pr.title}\n\n${pr.body}`,
    },
    {
      source: `commented file and diff hunk (review comment ${comment.id})`,
      text: `File: ${comment.path}\n\n${comment.diffHunk}`,
      format: 'plain',
    },
  ];
  for (const earlier of thread.earlier) {
    context.push({
      source: `earlier comment in the review thread by @${earlier.author}${earlier.authorType === 'Bot' ? ' (a bot)' : ''}`,
      text: earlier.body,
      maxChars: max,
    });
  }
  const request = options.instruction?.trim() || comment.body;
  context.push({ source: `the request: review comment ${comment.id} by @${comment.author}`, text: request });
  return { task, context };
}
