/**
 * The answer to a review-comment run, posted in the review thread it came from (not as a
 * top-level comment): what happened to the change (pushed, with the commit's link; or, for a
 * fork, a one-click suggestion or a diff; or why nothing was pushed), the model's summary, and
 * the transcript collapsed. Everything goes through `preparePublishedMarkdown` on the way out.
 */
import { diffSince } from '../git/commit.js';
import type { GitCommandManager } from '../git/git-command-manager.js';
import type { PushWithRebaseResult } from '../git/push-with-rebase.js';
import type { GitHubClient } from '../github/client.js';
import type { RepoRef } from '../github/repo-ref.js';
import { GITHUB_BODY_LIMIT } from '../limits.js';
import { preparePublishedMarkdown } from '../safety/publish-text.js';
import { type PostedComment, replyToReviewComment } from './comment.js';
import { fitWithTranscript } from './fit-with-transcript.js';
import { quoteNote } from './pull-request-body.js';
import { presentThreadReplyPatch, renderDiffBlock, type SuggestionTarget } from './suggestion.js';

type Octokit = Pick<GitHubClient, 'request'>;

/** What became of the agent's change. */
export type ThreadReplyResult =
  /** Same-repository PR: the push attempt; `diff` is shown when nothing could be pushed. */
  | { kind: 'push'; branch: string; push: PushWithRebaseResult; diff?: string }
  /** Fork PR: the patch against the PR head, and the commented file at that head. */
  | { kind: 'patch'; diff: string; oldText?: string }
  | { kind: 'no-changes' };

export interface ThreadReplyInput {
  /** `GITHUB_SERVER_URL`, for the commit link. */
  serverUrl: string;
  repo: RepoRef;
  /** The comment the run answers: where a suggestion would go. */
  comment: SuggestionTarget & { commitId: string };
  /** The commit the agent started from (the PR head it checked out). */
  headSha: string;
  summary: string;
  result: ThreadReplyResult;
  runUrl: string;
  /** The run's footer (`renderFooter`); without one the reply ends with a link to the run. */
  footer?: string;
  /** Facts worth a line: an early stop, refused workflow files … */
  notes?: string[];
  /** Sections about what the policies refused (commands, hosts). */
  problems?: string[];
  /** Renders the transcript (a collapsed `<details>` block) within `maxChars`. */
  transcript: (maxChars: number) => string;
}

function collapsedDiff(diff: string | undefined, label: string): string {
  if (!diff?.trim()) return '';
  return `<details><summary>${label}</summary>\n\n${renderDiffBlock(diff)}\n\n</details>`;
}

/** The status line and the patch part of the reply. */
function describeResult(input: ThreadReplyInput): string[] {
  const { result } = input;
  const short = (sha: string) => sha.slice(0, 7);
  switch (result.kind) {
    case 'no-changes':
      return ['ℹ️ No changes were made.'];
    case 'push': {
      const push = result.push;
      const branch = `\`${result.branch}\``;
      switch (push.kind) {
        case 'pushed': {
          const url = `${input.serverUrl}/${input.repo.owner}/${input.repo.repo}/commit/${push.sha}`;
          const rebased = push.rebasedOnto
            ? ` (rebased onto ${short(push.rebasedOnto)}, which was pushed while the agent worked)`
            : '';
          return [`✅ Pushed [\`${short(push.sha)}\`](${url}) to ${branch}${rebased}.`];
        }
        case 'up-to-date':
          return [
            `✅ ${branch} already has this change (it was pushed while the agent worked); nothing to push.`,
          ];
        case 'conflict':
        case 'rejected':
          return [
            `⚠️ ${push.message}`,
            'Ask again to retry on the current head of the branch.',
            collapsedDiff(result.diff, 'The change that was not pushed'),
          ];
      }
      break;
    }
    case 'patch': {
      const canSuggest = input.comment.commitId === input.headSha;
      const patch = presentThreadReplyPatch(
        result.diff,
        input.comment,
        canSuggest ? result.oldText : undefined,
      );
      const fork = "This pull request's branch is in a fork, so the action cannot push to it.";
      switch (patch.kind) {
        case 'none':
          return ['ℹ️ No changes were made.'];
        case 'suggestion':
          return [`💡 ${fork} Here is the change as a suggestion you can commit:`, patch.markdown];
        case 'diff': {
          const why = canSuggest ? patch.reason : 'the pull request changed since the comment was made';
          return [
            `💡 ${fork} Here is the change as a patch (not a suggestion: ${why}); apply it with \`git apply\`:`,
            patch.markdown,
          ];
        }
      }
    }
  }
  return [];
}

/** The reply's markdown (before publishing); the transcript gets the room the rest leaves. */
export function renderThreadReply(input: ThreadReplyInput, limit = GITHUB_BODY_LIMIT): string {
  const parts = [...describeResult(input), input.summary.trim() || '_The agent gave no summary._'];
  for (const note of input.notes ?? []) parts.push(quoteNote(note));
  parts.push(...(input.problems ?? []));
  const footer = input.footer ?? `[View the run](${input.runUrl})`;
  return fitWithTranscript(parts.filter((p) => p !== '').join('\n\n'), input.transcript, limit, footer);
}

export interface PostThreadReplyOptions {
  prNumber: number;
  /** The thread's first comment; GitHub files the reply under it. */
  threadRootId: number;
  /** The run's redactor. */
  redact: (text: string) => string;
}

/** Renders, prepares for publishing and posts the reply in the review thread. */
export async function postThreadReply(
  octokit: Octokit,
  repo: RepoRef,
  input: ThreadReplyInput,
  options: PostThreadReplyOptions,
): Promise<PostedComment> {
  const body = preparePublishedMarkdown(renderThreadReply(input), {
    serverUrl: input.serverUrl,
    redact: options.redact,
  });
  return replyToReviewComment(octokit, repo, options.prNumber, options.threadRootId, body);
}

/**
 * The agent's change since `since` (committed or not; workflow files excluded) and the commented
 * file as it was at `since`, which is what a suggestion is computed against.
 */
export async function collectThreadReplyPatch(
  git: GitCommandManager,
  since: string,
  path: string,
): Promise<{ diff: string; oldText?: string }> {
  const diff = await diffSince(git, since);
  const shown = await git.exec(['show', `${since}:${path}`], { allowAllExitCodes: true });
  return shown.exitCode === 0 ? { diff, oldText: shown.stdout } : { diff };
}
