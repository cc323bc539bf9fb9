/**
 * A review run, the read-only counterpart of carryOutPlan: check out the pull request's head (a fork's
 * into a folder of its own under RUNNER_TEMP, away from the workspace later steps run in), give the
 * reviewer the PR, its diff and the comments already made, run the agent with the review tools,
 * and post one review. Nothing is committed or pushed on any path.
 */
import path from 'node:path';
import { readTranscript } from '../agent/transcript.js';
import { renderTranscriptMarkdown } from '../agent/transcript-markdown.js';
import { withoutSecrets } from '../exec/scrubbed-env.js';
import { createGitCommandManager } from '../git/git-command-manager.js';
import { fetchPullRequestForReview } from '../github/pull-request-review-context.js';
import { diffLines } from '../outputs/diff-lines.js';
import type { ReviewCommentDraft } from '../outputs/review-comments.js';
import { buildPullRequestReviewTask } from '../prompt/pull-request-review-task.js';
import { buildReviewSystemPrompt } from '../prompt/review-system-prompt.js';
import { buildInitialMessages } from '../prompt/task-prompt.js';
import { createAgentRunner, runBudgetFor } from './agent-runner.js';
import type { WorkInput } from './carry-out-plan.js';
import { commandHost, type RunContext } from './context.js';
import type { Publication } from './publish.js';
import { publishPullRequestReview } from './publish-pull-request-review.js';
import { prepareRepositoryContext } from './repository-context.js';
import { prepareReviewTools } from './review-tools.js';
import { checkOutAndOpenTranscript, runAgentPhase, runPhases } from './run-phases.js';

/** Runs the review; throws on failure or cancellation (the tracked run reports it). */
export async function runReview(ctx: RunContext, input: WorkInput): Promise<Publication> {
  const { config } = ctx;
  const { plan, tracking, outcome } = input;
  const pr = plan.pullRequest;
  if (!pr || !plan.review) throw new Error('A review run needs the pull request it reviews.');
  const startedAt = Date.now();
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

  step('Reading the pull request');
  const details = await fetchPullRequestForReview(ctx.octokit, ctx.repo, pr.number);
  const repository = `${ctx.repo.owner}/${ctx.repo.repo}`;
  const task = buildPullRequestReviewTask(
    { ...details, headSha: checkout.headSha },
    {
      repository,
      ...(plan.review.explicit
        ? { request: { login: input.trigger.actor.login, focus: plan.review.focus } }
        : {}),
    },
  );
  const given = await prepareRepositoryContext(ctx, input, git, transcript, {
    review: true,
    knownPaths: details.files.map((file) => file.filename),
  });
  const messages = buildInitialMessages({
    systemText: buildReviewSystemPrompt({ repository, canRunCommands: pr.sameRepo }),
    ...given.prompt,
    ...(config.instructions ? { instructions: config.instructions } : {}),
    task: task.task,
    context: task.context,
  });

  const diff = diffLines(details.files);
  const comments: ReviewCommentDraft[] = [];
  // Same repository: the reviewer's read-only commands run in the workspace, whose git the action
  // uses again after the run (credentials put back); a fork's folder gets no commands at all.
  if (pr.sameRepo) await input.snapshotGitConfig?.();
  const tools = await prepareReviewTools({ ...commandHost(ctx), workspace }, config, {
    canRunCommands: pr.sameRepo,
    diff,
    comments,
  });
  outcome.sandbox = tools.description;
  try {
    step('Reviewing');
    const runner = createAgentRunner(ctx, {
      registry: given.withNotes(tools.registry, workspace),
      transcript,
      tracking,
      budget: runBudgetFor(config, startedAt),
      runKind: 'review',
      ...given.runner,
    });
    const agent = await runAgentPhase(ctx, input, { runner, messages, who: 'Reviewer' }, phases);
    outcome.stopReason = agent.stopReason;

    step('Posting the review');
    const records = await readTranscript(transcript.path);
    const published = await publishPullRequestReview(ctx, {
      prNumber: pr.number,
      commitId: checkout.headSha,
      agent,
      comments,
      diff,
      earlier: details.earlier,
      outcome,
      footer: input.footer,
      transcript: (maxChars) =>
        renderTranscriptMarkdown(records, {
          maxChars,
          fullLogPointer: `the [job summary](${ctx.runUrl}) and the \`transcript-path\` file`,
        }),
    });
    transcript.write({ type: 'run-end', conclusion: published.outcome.conclusion });
    return published;
  } finally {
    outcome.mcp = tools.mcpSummary() || undefined;
    await tools.dispose();
  }
}
