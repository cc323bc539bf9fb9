/**
 * A review run, the read-only counterpart of carryOutPlan: check out the pull request's head (a
 * fork's into a folder of its own under RUNNER_TEMP, away from the workspace later steps run in),
 * read what earlier reviews left (their marker and threads), decide what this review covers (all
 * of it, or what changed since the last reviewed head), re-check the open findings whose code
 * changed, run the reviewers, check their findings against the head, and post one review.
 * Nothing is committed or pushed on any path.
 */
import path from 'node:path';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { readTranscript } from '../agent/transcript.js';
import { withoutSecrets } from '../exec/scrubbed-env.js';
import type { GitCommandManager } from '../git/git-command-manager.js';
import { createGitCommandManager } from '../git/git-command-manager.js';
import { readFileAtCommit } from '../git/read-file-at-commit.js';
import { compareCommits } from '../github/compare-commits.js';
import { type ChangedFile, diffLines } from '../github/diff-lines.js';
import {
  fetchPullRequestForReview,
  type PullRequestForReview,
} from '../github/pull-request-review-context.js';
import { fetchReviewThreads, type ReviewThread } from '../github/review-threads.js';
import { renderTranscriptMarkdown } from '../outputs/transcript-markdown.js';
import { createAgentRunner } from '../pipeline/agent-runner.js';
import { runAgentCall } from '../pipeline/agent-step.js';
import { buildPullRequestReviewTask } from '../prompt/pull-request-review-task.js';
import { buildReviewSystemPrompt } from '../prompt/review-system-prompt.js';
import { buildInitialMessages } from '../prompt/task-prompt.js';
import { ToolRegistry } from '../tools/registry.js';
import type { WorkInput } from './carry-out-plan.js';
import { commandHost, type RunContext } from './context.js';
import { loadRunAnswerSchema, settleAnswer } from './output-schema.js';
import type { Publication } from './publish.js';
import { publishPullRequestReview } from './publish-pull-request-review.js';
import { prepareRepositoryContext } from './repository-context.js';
import { bufferedTranscript, type ReviewerResult, reviewerFocuses, runReviewers } from './review-agents.js';
import { checkFindings } from './review-findings.js';
import { knownAs, readLedger } from './review-ledger.js';
import { recheckOpenFindings } from './review-recheck.js';
import { decideReviewScope } from './review-scope.js';
import { checkSuggestions } from './review-suggestions.js';
import { prepareReviewTools } from './review-tools.js';
import { actionRunnerOptions, checkOutAndOpenTranscript, runPhases } from './run-phases.js';

/** Runs the review; throws on failure or cancellation (the tracked run reports it). */
export async function runReview(ctx: RunContext, input: WorkInput): Promise<Publication> {
  const { config } = ctx;
  const { plan, tracking, facts } = input;
  const pr = plan.pullRequest;
  if (!pr || !plan.review) throw new Error('A review run needs the pull request it reviews.');
  const phases = runPhases(ctx, input);
  const { step } = phases;

  // A fork's code never lands where the workflow's later steps (or a cached checkout) would run it.
  const workspace = pr.sameRepo
    ? config.runner.workspace
    : path.join(config.runner.tempDir, 'agent-action', `review-${pr.number}-${config.runner.runId}`);
  const git = pr.sameRepo
    ? input.git
    : createGitCommandManager({
        cwd: workspace,
        token: config.githubToken,
        serverUrl: config.runner.serverUrl,
        env: withoutSecrets(config.runner.env),
      });
  step(`Checking out the head of pull request #${pr.number} (${pr.headSha.slice(0, 7)}) to review`);
  const { checkout, transcript } = await checkOutAndOpenTranscript(ctx, input, git, phases);
  const head = checkout.headSha;

  step('Reading the pull request and its earlier reviews');
  const fetched = await fetchPullRequestForReview(ctx.octokit, ctx.repo, pr.number);
  const details: PullRequestForReview = {
    ...fetched,
    headSha: head,
    files: await filesAt(ctx, fetched, head),
  };
  const ledger = readLedger(details.reviews, await threadsOf(ctx, pr.number), details.author);
  const scope = await decideReviewScope(ctx, ledger.head, head, details.files);
  const readFile = headFiles(git, head);
  const { budget } = input;

  if (ledger.open.length > 0) step(`Re-checking ${ledger.open.length} open findings of earlier reviews`);
  const recheck = await recheckOpenFindings(ctx, ledger.open, {
    prNumber: pr.number,
    head,
    scope,
    readFile,
    ask: async (messages) => {
      // Re-checks run concurrently: each one's transcript lines are written when it is done.
      const own = bufferedTranscript(transcript);
      const runner = createAgentRunner({
        ...actionRunnerOptions(ctx, 'review-recheck', undefined),
        registry: new ToolRegistry([]),
        transcript: own,
        budget,
      });
      return runAgentCall(runner, messages, 'Re-check', ctx.log).finally(() =>
        own.flush('Re-check of an open finding'),
      );
    },
  });
  phases.stopIfCancelled();

  const repository = `${ctx.repo.owner}/${ctx.repo.repo}`;
  const given = await prepareRepositoryContext(ctx, input, git, transcript, {
    review: true,
    knownPaths: details.files.map((file) => file.filename),
  });
  const count = config.review.agents;
  const answerSchema = await loadRunAnswerSchema(ctx, given.readTrusted, plan.trustedBranch);
  const messagesFor = (focus: ReturnType<typeof reviewerFocuses>[number]): ChatCompletionMessageParam[] => {
    const task = buildPullRequestReviewTask(details, {
      repository,
      scope,
      open: recheck.open,
      dismissed: ledger.dismissed,
      ...(plan.review?.explicit
        ? { request: { login: input.trigger.actor.login, focus: plan.review.focus } }
        : {}),
    });
    return buildInitialMessages({
      systemText: buildReviewSystemPrompt({
        repository,
        canRunCommands: pr.sameRepo && count === 1,
        ...(focus ? { focus } : {}),
      }),
      ...given.prompt,
      ...(config.instructions ? { instructions: config.instructions } : {}),
      task: task.task,
      context: task.context,
    });
  };

  const prDiff = diffLines(details.files);
  const reviewed = diffLines(scope.files);
  // Same repository: the reviewer's read-only commands run in the workspace, whose git the action
  // uses again after the run (credentials put back); a fork's folder gets no commands at all.
  if (pr.sameRepo) await input.snapshotGitConfig?.();
  const tools = await prepareReviewTools({ ...commandHost(ctx), workspace }, config, {
    canRunCommands: pr.sameRepo,
  });
  facts.sandbox = tools.description;
  try {
    const focuses = reviewerFocuses(count).filter(Boolean);
    // New commits that changed none of the pull request's files (a merge of the base) need no reviewer.
    const nothingNew = scope.kind === 'incremental' && scope.files.length === 0;
    if (!nothingNew)
      step(
        focuses.length > 0
          ? `Reviewing with ${focuses.length} reviewers (${focuses.join(', ')})`
          : 'Reviewing',
      );
    // Concurrent reviewers share the budget, so their tokens are what it spent while they ran.
    const tokensBefore = budget.spent().tokens.total;
    const results = nothingNew
      ? []
      : await runReviewers(ctx, {
          count,
          registry: given.withNotes(tools.registry, workspace),
          runnerOptions: { ...given.runner, ...(answerSchema ? { answerSchema } : {}) },
          messagesFor,
          commentDeps: {
            diff: prDiff,
            reviewed,
            head,
            readFile,
            known: (finding) => knownAs({ open: recheck.open, dismissed: ledger.dismissed }, finding),
          },
          transcript,
          tracking,
          budget,
        });

    step('Checking the findings against the head');
    const checked = await checkFindings(results, {
      readFile,
      reviewed,
      head,
      ledger: { open: recheck.open, dismissed: ledger.dismissed },
    });
    facts.stopReason = results.map((r) => r.agent.stopReason).find((reason) => reason !== 'done') ?? 'done';
    let findings = checked.findings;
    if (config.verifyCommand && tools.commands) {
      const suggestions = await checkSuggestions({ ...commandHost(ctx), workspace }, findings, {
        command: config.verifyCommand,
        ...tools.commands,
      });
      findings = suggestions.findings;
      if (suggestions.failed > 0)
        checked.dropped['suggestion-fails-verify'] =
          (checked.dropped['suggestion-fails-verify'] ?? 0) + suggestions.failed;
    }

    step('Posting the review');
    const newerHead = await currentHead(ctx, pr.number);
    const records = await readTranscript(transcript.path);
    const published = await publishPullRequestReview(ctx, {
      prNumber: pr.number,
      commitId: head,
      summary: nothingNew
        ? "The commits pushed since the last review changed none of this pull request's files."
        : summaryOf(results),
      scope,
      findings,
      dropped: checked.dropped,
      repeated: checked.repeated,
      dismissedAgain: checked.dismissed,
      prDiff,
      earlier: details.earlier,
      open: recheck.open,
      resolved: recheck.resolved,
      dismissed: ledger.dismissed,
      ...(newerHead && newerHead !== head ? { newerHead } : {}),
      reviewers: reviewersLine(results, budget.spent().tokens.total - tokensBefore, budget.spent().costUsd),
      outcome: facts,
      footer: input.footer,
      transcript: (maxChars) =>
        renderTranscriptMarkdown(records, {
          maxChars,
          fullLogPointer: `the [job summary](${ctx.runUrl}) and the \`transcript-path\` file`,
        }),
    });
    transcript.write({ type: 'run-end', conclusion: published.outcome.conclusion });
    // With several reviewers, the first (correctness) reviewer's final answer is the run's `result`.
    const first = results[0]?.agent;
    return first ? settleAnswer(ctx, published, first) : published;
  } finally {
    facts.mcp = tools.mcpSummary() || undefined;
    await tools.dispose();
  }
}

/** The pull request's files as of `head`: the API's list, or a comparison when the PR moved since. */
async function filesAt(ctx: RunContext, pr: PullRequestForReview, head: string): Promise<ChangedFile[]> {
  if (pr.headSha === head) return pr.files;
  const comparison = await compareCommits(ctx.octokit, ctx.repo, pr.baseSha, head);
  return comparison.kind === 'identical' || comparison.files.length === 0 ? pr.files : comparison.files;
}

/** The review threads; without them (GraphQL refused) nothing is resolved or dismissed this time. */
async function threadsOf(ctx: RunContext, prNumber: number): Promise<ReviewThread[]> {
  try {
    return await fetchReviewThreads(ctx.octokit, ctx.repo, prNumber);
  } catch (error) {
    ctx.log.warning(`Could not read the review threads: ${(error as Error).message}`);
    return [];
  }
}

/** Files of the reviewed head, each read from git once. */
function headFiles(git: GitCommandManager, head: string): (file: string) => Promise<string | undefined> {
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

/** The pull request's head now; undefined when it cannot be read. */
async function currentHead(ctx: RunContext, prNumber: number): Promise<string | undefined> {
  try {
    const { data } = await ctx.octokit.request('GET /repos/{owner}/{repo}/pulls/{pull_number}', {
      ...ctx.repo,
      pull_number: prNumber,
    });
    return data.head.sha;
  } catch {
    return undefined;
  }
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
