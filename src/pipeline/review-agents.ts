/**
 * The reviewers of one review run. With `review-agents: 1`, one reviewer with the whole review
 * registry (bash too, for a same-repository pull request). With N above 1, N reviewers run
 * concurrently on the same diff, each with one focus (correctness, security, tests, performance,
 * maintainability, in that order) and a child of the registry holding only its read-only tools
 * plus its own `add_review_comment`, so none can run a command another depends on. All spend from
 * the run's one budget; each one's transcript is written after the others', in focus order, so
 * the run's transcript stays readable. Their comments are merged here and checked by the caller.
 */
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { RunBudget } from '../agent/budget.js';
import type { AgentResult } from '../agent/loop.js';
import type { TranscriptEvent, TranscriptWriter } from '../agent/transcript.js';
import type { ReviewCommentDraft } from '../findings/review-comment-draft.js';
import { REVIEWER_FOCUSES, type ReviewerFocus } from '../prompt/review-system-prompt.js';
import {
  type AddReviewCommentDeps,
  createAddReviewCommentTool,
  type RejectedComment,
} from '../tools/add-review-comment.js';
import type { ToolRegistry } from '../tools/registry.js';
import { type AgentRunnerOptions, createAgentRunner } from './agent-runner.js';
import { runAgentCall } from './agent-step.js';
import type { CommandHost } from './command-host.js';

export interface ReviewersOptions {
  count: number;
  /** The review registry without `add_review_comment`. */
  registry: ToolRegistry;
  /**
   * Each reviewer's model, log and progress: `tracked` is false for concurrent reviewers, whose
   * progress no single tracking comment can show.
   */
  runnerBase: (
    tracked: boolean,
  ) => Pick<AgentRunnerOptions, 'model' | 'host' | 'progress' | 'promptCacheKey' | 'oidc'>;
  /** Spread into each reviewer's runner options (the repository context's hooks). */
  runnerOptions?: Pick<AgentRunnerOptions, 'onInputDropped' | 'answerSchema'>;
  /** The opening messages of a reviewer with this focus (none: the single, general reviewer). */
  messagesFor: (focus: ReviewerFocus | undefined) => ChatCompletionMessageParam[];
  /** What `add_review_comment` checks against; its lists are each reviewer's own. */
  commentDeps: Omit<AddReviewCommentDeps, 'comments' | 'rejected' | 'reviewer'>;
  transcript: TranscriptWriter;
  budget: RunBudget;
}

/** One reviewer's work. */
export interface ReviewerResult {
  focus: ReviewerFocus | undefined;
  agent: AgentResult;
  comments: ReviewCommentDraft[];
  rejected: RejectedComment[];
}

const NOT_FOR_PARALLEL =
  'is not offered to parallel reviewers: they share one checkout and only read it. Read the code with read_file, glob and grep.';

/** The focuses of `count` reviewers; one reviewer has none. */
export function reviewerFocuses(count: number): (ReviewerFocus | undefined)[] {
  if (count <= 1) return [undefined];
  return (Object.keys(REVIEWER_FOCUSES) as ReviewerFocus[]).slice(0, count);
}

/** A writer that keeps events until `flush`, so concurrent agents do not interleave. */
export function bufferedTranscript(into: TranscriptWriter): TranscriptWriter & { flush(note: string): void } {
  const events: TranscriptEvent[] = [];
  return {
    path: into.path,
    write: (event) => events.push(event),
    flush(note) {
      into.write({ type: 'note', turn: 0, message: note });
      for (const event of events) into.write(event);
    },
  };
}

/** Runs the reviewers (their usage is on the run's budget). Throws when every one of them failed. */
export async function runReviewers(
  host: Pick<CommandHost, 'log' | 'signal'>,
  options: ReviewersOptions,
): Promise<ReviewerResult[]> {
  const focuses = reviewerFocuses(options.count);
  const parallel = focuses.length > 1;
  const base = parallel ? readOnlyChild(options.registry) : options.registry;
  const runs = focuses.map((focus) => {
    const comments: ReviewCommentDraft[] = [];
    const rejected: RejectedComment[] = [];
    const tool = createAddReviewCommentTool({
      ...options.commentDeps,
      comments,
      rejected,
      ...(focus ? { reviewer: focus } : {}),
    });
    const buffered = parallel ? bufferedTranscript(options.transcript) : undefined;
    const transcript = buffered ?? options.transcript;
    const runner = createAgentRunner({
      ...options.runnerBase(!parallel),
      registry: base.with(tool),
      transcript,
      budget: options.budget,
      ...options.runnerOptions,
    });
    const who = focus ? `Reviewer (${focus})` : 'Reviewer';
    const agent = runAgentCall(runner, options.messagesFor(focus), who, host.log);
    return { focus, comments, rejected, buffered, agent };
  });
  const settled = await Promise.allSettled(runs.map((r) => r.agent));
  const results: ReviewerResult[] = [];
  const failures: string[] = [];
  for (const [i, run] of runs.entries()) {
    const outcome = settled[i]!;
    run.buffered?.flush(`Reviewer ${i + 1} of ${runs.length}: ${run.focus}`);
    if (outcome.status === 'rejected') {
      failures.push((outcome.reason as Error).message);
      continue;
    }
    const agent = outcome.value;
    if (agent.stopReason === 'error') failures.push(agent.error ?? 'The model endpoint failed.');
    else results.push({ focus: run.focus, agent, comments: run.comments, rejected: run.rejected });
  }
  if (host.signal.aborted) throw new Error('The job was cancelled.');
  if (results.length === 0) throw new Error(failures[0] ?? 'Every reviewer failed.');
  for (const failure of failures) host.log.warning(`A reviewer failed: ${failure}`);
  return results;
}

/** The registry's read-only tools; the others are refused with the reason. */
function readOnlyChild(registry: ToolRegistry): ToolRegistry {
  const writers = registry.names().filter((name) => !registry.get(name)?.readOnly);
  return registry.withheld(Object.fromEntries(writers.map((name) => [name, `${name} ${NOT_FOR_PARALLEL}`])));
}
