/**
 * A review run, the read-only counterpart of carryOutPlan: check out the pull request's head (a
 * fork's into a folder of its own under RUNNER_TEMP, away from the workspace later steps run in),
 * read what earlier reviews left (their marker and threads), decide what this review covers (all
 * of it, or what changed since the last reviewed head), re-check the open findings whose code
 * changed, run the reviewers, check their findings against the head, and post one review.
 * Nothing is committed or pushed on any path.
 */
import path from 'node:path';
import { readTranscript } from '../agent/transcript.js';
import { withoutSecrets } from '../exec/scrubbed-env.js';
import { createGitCommandManager } from '../git/git-command-manager.js';
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
import { bufferedTranscript } from '../pipeline/review-agents.js';
import { knownAs, readLedger } from '../pipeline/review-ledger.js';
import { headFiles, reviewerMessages, runReviewStep } from '../pipeline/review-step.js';
import { prepareReviewTools } from '../pipeline/review-tools.js';
import { ToolRegistry } from '../tools/registry.js';
import type { WorkInput, WorkResult } from './carry-out-plan.js';
import { commandHost, type RunContext } from './context.js';
import { loadRunAnswerSchema, settleAnswer } from './output-schema.js';
import type { Publication } from './publish.js';
import { publishPullRequestReview } from './publish-pull-request-review.js';
import { prepareRepositoryContext } from './repository-context.js';
import { recheckOpenFindings } from './review-recheck.js';
import { decideReviewScope } from './review-scope.js';
import { keepingFacts, type PhaseFacts, phaseFacts } from './run-facts.js';
import { actionRunnerOptions, checkOutAndOpenTranscript, runPhases } from './run-phases.js';

/** Runs the review; throws on failure or cancellation, with the facts learned so far (the tracked run reports it). */
export async function runReview(ctx: RunContext, input: WorkInput): Promise<WorkResult> {
  const facts = phaseFacts(input.known);
  return keepingFacts(facts, async () => {
    const published = await review(ctx, input, facts);
    return { ...published, facts: facts.now() };
  });
}

async function review(ctx: RunContext, input: WorkInput, facts: PhaseFacts): Promise<Publication> {
  const { config } = ctx;
  const { plan, tracking } = input;
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
  facts.follow(given.facts);
  const count = config.review.agents;
  const answerSchema = await loadRunAnswerSchema(ctx, given.readTrusted, plan.trustedBranch);
  const messagesFor = reviewerMessages({
    details,
    task: {
      repository,
      scope,
      open: recheck.open,
      dismissed: ledger.dismissed,
      ...(plan.review?.explicit
        ? { request: { login: input.trigger.actor.login, focus: plan.review.focus } }
        : {}),
    },
    canRunCommands: pr.sameRepo,
    count,
    prompt: given.prompt,
    instructions: config.instructions,
  });

  const prDiff = diffLines(details.files);
  const reviewed = diffLines(scope.files);
  // Same repository: the reviewer's read-only commands run in the workspace, whose git the action
  // uses again after the run (credentials put back); a fork's folder gets no commands at all.
  if (pr.sameRepo) await input.snapshotGitConfig?.();
  const host = { ...commandHost(ctx), workspace };
  const tools = await prepareReviewTools(host, config, { canRunCommands: pr.sameRepo });
  facts.set({ sandbox: tools.description });
  try {
    // New commits that changed none of the pull request's files (a merge of the base) need no reviewer.
    const nothingNew = scope.kind === 'incremental' && scope.files.length === 0;
    const open = { open: recheck.open, dismissed: ledger.dismissed };
    const reviewedBy = await runReviewStep({
      count,
      registry: given.withNotes(tools.registry, workspace),
      runnerBase: (tracked) => actionRunnerOptions(ctx, 'review', tracked ? tracking : undefined),
      runnerOptions: { ...given.runner, ...(answerSchema ? { answerSchema } : {}) },
      messagesFor,
      commentDeps: { diff: prDiff, reviewed, head, readFile, known: (finding) => knownAs(open, finding) },
      host,
      tools,
      ledger: open,
      review: !nothingNew,
      verifyCommand: config.verifyCommand,
      transcript,
      budget,
      step,
    });
    const { results } = reviewedBy;
    facts.set({ stopReason: reviewedBy.stopReason });

    step('Posting the review');
    const newerHead = await currentHead(ctx, pr.number);
    const records = await readTranscript(transcript.path);
    const published = await publishPullRequestReview(ctx, {
      prNumber: pr.number,
      commitId: head,
      summary: nothingNew
        ? "The commits pushed since the last review changed none of this pull request's files."
        : reviewedBy.summary,
      scope,
      findings: reviewedBy.findings,
      dropped: reviewedBy.dropped,
      repeated: reviewedBy.repeated,
      dismissedAgain: reviewedBy.dismissed,
      prDiff,
      earlier: details.earlier,
      open: recheck.open,
      resolved: recheck.resolved,
      dismissed: ledger.dismissed,
      ...(newerHead && newerHead !== head ? { newerHead } : {}),
      reviewers: reviewedBy.reviewers,
      outcome: facts.now(),
      footer: () => input.footer(facts.now()),
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
    facts.set({ mcp: tools.mcpSummary() || undefined });
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
