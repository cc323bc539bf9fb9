/**
 * The one review step the action's review mode and the local runner's `--mode review` share, once
 * the diff, the tools and the reviewers' opening messages are known: the reviewers run (one, or
 * several with a focus each, on the run's one budget), their comments are checked against the
 * reviewed head and merged, findings an earlier review left open or people dismissed are left out,
 * and `verify-command` judges the suggestions where that is cheap. What is done with the findings
 * (a posted review, a written file) is the caller's.
 */
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { RunBudget } from '../agent/budget.js';
import type { StopReason } from '../agent/loop.js';
import type { TranscriptWriter } from '../agent/transcript.js';
import type { PromptImage } from '../context/issue-images.js';
import type { GroundedFinding } from '../findings/review-grounding.js';
import type { GitCommandManager } from '../git/git-command-manager.js';
import { readFileAtCommit } from '../git/read-file-at-commit.js';
import type { PullRequestForReview } from '../github/pull-request-review-context.js';
import { buildPullRequestReviewTask, type ReviewTaskOptions } from '../prompt/pull-request-review-task.js';
import { buildReviewSystemPrompt, type ReviewerFocus } from '../prompt/review-system-prompt.js';
import { buildInitialMessages } from '../prompt/task-prompt.js';
import type { CommandHost } from './command-host.js';
import {
  type ReviewerResult,
  type ReviewersOptions,
  reviewerFocuses,
  runReviewers,
} from './review-agents.js';
import { type CheckedFindings, checkFindings } from './review-findings.js';
import type { ReviewLedger } from './review-ledger.js';
import { checkSuggestions } from './review-suggestions.js';
import type { ReviewTools } from './review-tools.js';

export interface ReviewStepInput
  extends Pick<
    ReviewersOptions,
    'count' | 'registry' | 'runnerBase' | 'runnerOptions' | 'messagesFor' | 'commentDeps'
  > {
  /** Where the reviewers' commands and the suggestion checks run (the reviewed checkout). */
  host: CommandHost;
  tools: Pick<ReviewTools, 'commands'>;
  /** Open findings (after any re-check) and dismissed ones: not raised again. */
  ledger: Pick<ReviewLedger, 'open' | 'dismissed'>;
  /** False when there is nothing new to review (new commits changed none of the files). */
  review: boolean;
  /** `verify-command`, run against the suggestions when commands may run. */
  verifyCommand: string | undefined;
  transcript: TranscriptWriter;
  budget: RunBudget;
  /** Reports each phase of the step. */
  step: (text: string) => void;
}

export interface ReviewStepResult extends CheckedFindings {
  results: ReviewerResult[];
  /** The first reviewer's stop that was not `done`, else `done`. */
  stopReason: StopReason;
  /** The reviewers' summary, the review's opening. */
  summary: string;
  /** One line on the reviewers and what they cost, when several ran. */
  reviewers: string | undefined;
}

export interface ReviewerMessagesInput {
  /** The change under review: a pull request, or a local branch framed as one. */
  details: PullRequestForReview;
  task: ReviewTaskOptions;
  /** False for a fork's pull request: the reviewer is told it has no bash. */
  canRunCommands: boolean;
  count: number;
  /** The repository's instruction files and the images (`RepositoryContext.prompt`). */
  prompt: { repositoryInstructions?: string; images?: PromptImage[] };
  /** The `instructions` input. */
  instructions: string | undefined;
}

/** The opening messages of a reviewer with `focus` (none: the single, general reviewer). */
export function reviewerMessages(
  input: ReviewerMessagesInput,
): (focus: ReviewerFocus | undefined) => ChatCompletionMessageParam[] {
  const task = buildPullRequestReviewTask(input.details, input.task);
  return (focus) =>
    buildInitialMessages({
      systemText: buildReviewSystemPrompt({
        repository: input.task.repository,
        canRunCommands: input.canRunCommands && input.count === 1,
        ...(focus ? { focus } : {}),
      }),
      ...input.prompt,
      ...(input.instructions ? { instructions: input.instructions } : {}),
      task: task.task,
      context: task.context,
    });
}

/** Runs the reviewers and checks their findings; see the module comment. */
export async function runReviewStep(input: ReviewStepInput): Promise<ReviewStepResult> {
  const { budget, step } = input;
  const focuses = reviewerFocuses(input.count).filter(Boolean);
  if (input.review)
    step(
      focuses.length > 0 ? `Reviewing with ${focuses.length} reviewers (${focuses.join(', ')})` : 'Reviewing',
    );
  // Concurrent reviewers share the budget, so their tokens are what it spent while they ran.
  const tokensBefore = budget.spent().tokens.total;
  const results = input.review
    ? await runReviewers(input.host, {
        count: input.count,
        registry: input.registry,
        runnerBase: input.runnerBase,
        ...(input.runnerOptions ? { runnerOptions: input.runnerOptions } : {}),
        messagesFor: input.messagesFor,
        commentDeps: input.commentDeps,
        transcript: input.transcript,
        budget,
      })
    : [];

  step('Checking the findings against the head');
  const checked = await checkFindings(results, {
    readFile: input.commentDeps.readFile,
    reviewed: input.commentDeps.reviewed,
    head: input.commentDeps.head,
    ledger: input.ledger,
  });
  const stopReason = results.map((r) => r.agent.stopReason).find((reason) => reason !== 'done') ?? 'done';
  let findings: GroundedFinding[] = checked.findings;
  const commands = input.tools.commands;
  if (input.verifyCommand && commands) {
    const suggestions = await checkSuggestions(input.host, findings, {
      command: input.verifyCommand,
      ...commands,
    });
    findings = suggestions.findings;
    if (suggestions.failed > 0)
      checked.dropped['suggestion-fails-verify'] =
        (checked.dropped['suggestion-fails-verify'] ?? 0) + suggestions.failed;
  }
  const spent = budget.spent();
  return {
    ...checked,
    findings,
    results,
    stopReason,
    summary: summaryOf(results),
    reviewers: reviewersLine(results, spent.tokens.total - tokensBefore, spent.costUsd),
  };
}

/** Files of the reviewed head, each read from git once. */
export function headFiles(
  git: GitCommandManager,
  head: string,
): (file: string) => Promise<string | undefined> {
  const cache = new Map<string, Promise<string | undefined>>();
  return (file) => {
    let text = cache.get(file);
    if (!text) {
      text = readFileAtCommit(git, head, file);
      cache.set(file, text);
    }
    return text;
  };
}

/** One reviewer's summary, or each focus's under its name. */
function summaryOf(results: readonly ReviewerResult[]): string {
  if (results.length === 1) return results[0]!.agent.summary;
  return results.map((r) => `**${r.focus}:** ${r.agent.summary.trim() || '_no summary_'}`).join('\n\n');
}

/** `**Reviewers:** correctness, security, tests · 12,345 tokens · $0.0123`, when several ran. */
function reviewersLine(
  results: readonly ReviewerResult[],
  tokens: number,
  costUsd: number | undefined,
): string | undefined {
  if (results.length < 2) return undefined;
  const cost = costUsd !== undefined ? ` · $${costUsd.toFixed(4)} for the whole run` : '';
  return `**Reviewers:** ${results.map((r) => r.focus).join(', ')} · ${tokens.toLocaleString('en-US')} tokens${cost}`;
}
