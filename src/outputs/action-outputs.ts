/**
 * The step outputs `action.yml` declares, set together so every exit path sets all of them, and
 * the facts of a run the outcome model (`outcome.ts`) reads for every surface's first line.
 */
import * as core from '@actions/core';
import type { StopReason } from '../agent/budget.js';
import type { ImageReport, InstructionFileEntry } from '../context/context-report.js';
import type { VerificationReport } from './pull-request-body.js';
import type { RefusalSummary } from './refusals.js';

export type Conclusion =
  | 'pr-opened'
  | 'pr-updated'
  | 'pushed'
  | 'commented'
  | 'reviewed'
  | 'planned'
  | 'no-changes'
  | 'skipped'
  | 'denied'
  | 'failed';

export interface RunOutcome {
  conclusion: Conclusion;
  prUrl?: string;
  prNumber?: number;
  branch?: string;
  commentUrl?: string;
  transcriptPath?: string;
  turns?: number;
  tokens?: number;
  /** Prompt tokens (part of `tokens`), for the cache-hit rate; not a step output. */
  promptTokens?: number;
  /** Some counts are the characters/4 estimate: the endpoint sent no usage. */
  tokensEstimated?: boolean;
  /** Prompt tokens the provider served from its prompt cache. */
  cachedTokens?: number;
  /** Estimated cost in USD; undefined when the price is unknown. */
  costUsd?: number;
  /** The review posted in review mode. */
  reviewUrl?: string;
  /** Hosts the egress proxy refused, with `network: allowlist`. */
  blockedHosts?: string[];
  ciConclusion?: string;
  /** The plan comment of a plan run. */
  planUrl?: string;
  /** With `auto-merge: on-green`: `armed`, or the first gate that was not met. */
  autoMerge?: string;
  /** How commands were isolated (`describeSandbox`), for the job summary; not a step output. */
  sandbox?: string;
  /** The repository's instruction files and what became of each, for the job summary; not a step output. */
  instructionFiles?: InstructionFileEntry[];
  /** The images of the issue and the triggering comment, attached or skipped; not a step output. */
  images?: ImageReport;
  /** The MCP servers, their tools and which failed, for the job summary; not a step output. */
  mcp?: string;
  /** Warnings for the job summary (e.g. git configuration the agent changed and the action restored). */
  warnings?: readonly string[];
  /** With `output-schema`: the validated final answer, as compact JSON. */
  result?: string;
  /** With `output-schema` and no `result`: the final answer did not match it, or never came. */
  answerMissing?: 'invalid' | 'none';
  /** With `upload-transcript`: the uploaded transcript artifact's page. */
  artifactUrl?: string;
  /** Why the run failed (already redacted); `main` fails the step with it. */
  failure?: string;
  /** One short phrase for the headline: why it failed, was denied or skipped (redacted). */
  reason?: string;
  /** The job was cancelled (a `failed` run). */
  cancelled?: boolean;
  /** How the agent's last call ended; a budget stop is a problem of the run. */
  stopReason?: StopReason;
  /** `max-cost-usd`, for the words of a cost stop. */
  maxCostUsd?: number;
  /** The last `verify-command` result. */
  verification?: VerificationReport;
  /** CI after the push, as the headline reads it. */
  ci?: CiVerdict;
  /** Tool calls the policies refused. */
  refusals?: RefusalSummary;
  /** Blocking findings of the review posted. */
  blockingFindings?: number;
  /** The pull request is a draft. */
  draft?: boolean;
  /** The commit pushed to a pull request's branch. */
  pushedSha?: string;
  /** A `commented` run posted the change as a patch (a fork's pull request). */
  patchPosted?: boolean;
}

/**
 * What a run's phases learn while it runs (the cost cap, the tools' isolation, the context given, how the agent
 * stopped, verification, CI, refused calls and blocked hosts): recorded as they become known so a
 * failure still reports them, and folded into the {@link RunOutcome} once, by the tracked run.
 * The conclusion, usage and transcript are not here: the publication, the budget and the tracked
 * run itself give those.
 */
export type RunFacts = Pick<
  RunOutcome,
  | 'sandbox'
  | 'mcp'
  | 'instructionFiles'
  | 'images'
  | 'refusals'
  | 'blockedHosts'
  | 'stopReason'
  | 'verification'
  | 'ci'
  | 'ciConclusion'
  | 'maxCostUsd'
>;

/** Where CI stands for the headline. `pending`: rounds still to come (a body written before them). */
export interface CiVerdict {
  state: 'passed' | 'failed' | 'dispatched' | 'not-dispatched' | 'unfinished' | 'pending';
  /** Fix rounds the agent pushed. */
  fixRounds: number;
}

/** Sets every output `action.yml` declares; unknown ones are empty (turns and tokens 0). */
export function setActionOutputs(outcome: RunOutcome): void {
  core.setOutput('conclusion', outcome.conclusion);
  core.setOutput('pr-url', outcome.prUrl ?? '');
  core.setOutput('pr-number', outcome.prNumber ?? '');
  core.setOutput('branch', outcome.branch ?? '');
  core.setOutput('comment-url', outcome.commentUrl ?? '');
  core.setOutput('transcript-path', outcome.transcriptPath ?? '');
  core.setOutput('turns', outcome.turns ?? 0);
  core.setOutput('tokens', outcome.tokens ?? 0);
  core.setOutput('cached-tokens', outcome.cachedTokens ?? 0);
  core.setOutput('cost-usd', outcome.costUsd === undefined ? '' : outcome.costUsd.toFixed(4));
  core.setOutput('review-url', outcome.reviewUrl ?? '');
  core.setOutput('blocked-hosts', (outcome.blockedHosts ?? []).join(','));
  core.setOutput('ci-conclusion', outcome.ciConclusion ?? '');
  core.setOutput('result', outcome.result ?? '');
  core.setOutput('artifact-url', outcome.artifactUrl ?? '');
  core.setOutput('plan-url', outcome.planUrl ?? '');
  core.setOutput('auto-merge', outcome.autoMerge ?? '');
}
