/**
 * The pull request a local run would open: title, draft flag and body, composed from the same
 * pieces as the action's publisher (`headlineMarkdown`, `composeNotes`, `draftReason`,
 * `renderPullRequestBody`).
 */
import type { AgentResult } from '../agent/loop.js';
import { headlineMarkdown } from '../outputs/outcome.js';
import { renderPullRequestBody, type VerificationReport } from '../outputs/pull-request-body.js';
import { composeNotes, draftReason } from '../outputs/pull-request-notes.js';

export interface LocalPullRequestInput {
  agent: Pick<AgentResult, 'stopReason' | 'summary'>;
  verification?: VerificationReport;
  title: string;
  /** The transcript block within `maxChars`. */
  transcript: (maxChars: number) => string;
  /** Redacts and makes Markdown safe to publish (the action's `ctx.publish`). */
  publish: (markdown: string) => string;
}

export interface LocalPullRequest {
  title: string;
  /** A failed verification or an early stop makes the PR a draft, as in the action. */
  draft: boolean;
  /** The body, given the workflow files the commit left out. */
  body(refused: readonly string[]): string;
}

/** Composes the PR; see the module comment. */
export function composeLocalPullRequest(input: LocalPullRequestInput): LocalPullRequest {
  const { agent, verification } = input;
  const draft = draftReason({ verification, stopReason: agent.stopReason }) !== undefined;
  // The first line the action's PR would open with, from the same outcome model.
  const headline = headlineMarkdown(
    {
      conclusion: 'pr-opened',
      draft,
      stopReason: agent.stopReason,
      ...(verification ? { verification } : {}),
    },
    'pull-request',
  );
  return {
    title: input.title,
    draft,
    body(refused) {
      return input.publish(
        renderPullRequestBody({
          headline,
          summary: agent.summary,
          ...(verification ? { verification } : {}),
          notes: composeNotes({ stopReason: agent.stopReason, refused }),
          transcript: input.transcript,
        }),
      );
    },
  };
}
