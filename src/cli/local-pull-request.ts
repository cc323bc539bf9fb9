/**
 * The pull request a local run would open: title, draft flag and body, composed as the action's
 * publisher does (src/run/publish.ts keeps that composition inside `publishWork`, so the few lines
 * are repeated here; the rendering itself is the shared `renderPullRequestBody`).
 */
import type { AgentResult } from '../agent/loop.js';
import { renderPullRequestBody, type VerificationReport } from '../outputs/pull-request-body.js';

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
  return {
    title: input.title,
    draft: (verification !== undefined && !verification.passed) || agent.stopReason !== 'done',
    body(refused) {
      const notes: string[] = [];
      if (agent.stopReason !== 'done') {
        notes.push(`The agent stopped early (${agent.stopReason}); this is the work it had done.`);
      }
      if (refused.length > 0) {
        notes.push(
          `Changes to workflow files were not committed (the action never edits \`.github/workflows/\`): ${refused.join(', ')}`,
        );
      }
      return input.publish(
        renderPullRequestBody({
          summary: agent.summary,
          ...(verification ? { verification } : {}),
          notes,
          transcript: input.transcript,
        }),
      );
    },
  };
}
