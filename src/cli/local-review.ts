/**
 * A local `--mode review`: the review the action would post on a pull request of the checked-out
 * branch, written to the output folder instead. The diff is the branch against its base (see
 * `review-base.ts`); the reviewers get the action's review tools (writers withheld, bash limited to
 * the read-only policy in the sandbox) and the instruction files of the base, as the action reads
 * them from the trusted branch; their findings go through the same checks and placement. Nothing
 * is committed, switched or posted: the checkout is left as it was.
 */
import path from 'node:path';
import { createTranscript, readTranscript } from '../agent/transcript.js';
import { branchDiff } from '../git/branch-diff.js';
import type { GitCommandManager } from '../git/git-command-manager.js';
import { readCommitTree } from '../git/read-file-on-branch.js';
import { diffLines } from '../github/diff-lines.js';
import type { PullRequestForReview } from '../github/pull-request-review-context.js';
import { promptCacheKey } from '../llm/prompt-cache-key.js';
import { renderTranscriptMarkdown } from '../outputs/transcript-markdown.js';
import { runBudgetFor } from '../pipeline/agent-runner.js';
import { loadInstructionContext } from '../pipeline/instruction-context.js';
import { headFiles, reviewerMessages, runReviewStep } from '../pipeline/review-step.js';
import { prepareReviewTools } from '../pipeline/review-tools.js';
import type { CliConfig } from './cli-config.js';
import { localIdentity } from './dry-run-publisher.js';
import type { LocalContext } from './local-context.js';
import { reportAnswer, totalsLine, usageOf, writeTranscriptMarkdown } from './local-report.js';
import { renderLocalReview, writeLocalReview } from './local-review-report.js';
import type { LocalRunIO, LocalRunResult } from './local-run.js';
import { asSetupError, type LocalSetup } from './local-setup.js';
import { progressPrinter } from './progress-printer.js';
import { resolveReviewBase } from './review-base.js';

export interface LocalReviewRun {
  cli: CliConfig;
  io: LocalRunIO;
  git: GitCommandManager;
  setup: LocalSetup;
  local: LocalContext;
  redact: (text: string) => string;
  started: Date;
  now: () => Date;
  paths: { jsonl: string; markdown: string };
}

/** Reviews the branch and writes `review.md` / `review.json`; see the module comment. */
export async function runLocalReview(run: LocalReviewRun): Promise<LocalRunResult> {
  const { cli, io, git, setup, local, redact, paths } = run;
  const { repo, outDir, answerSchema } = setup;
  const head = repo.startSha;
  const headName = repo.startBranch ?? head.slice(0, 7);
  const base = await resolveReviewBase(git, cli.baseBranch, head);
  const files = await branchDiff(git, base.sha, head);
  const counted = `${files.length} ${files.length === 1 ? 'file' : 'files'}`;
  io.write(`Reviewing ${headName} against ${base.name} (merge base ${base.sha.slice(0, 7)}): ${counted}`);

  const tools = await prepareReviewTools(
    local.host,
    { ...cli, allowedCommands: setup.allowedCommands },
    { canRunCommands: true },
  ).catch(asSetupError);
  try {
    const transcript = createTranscript({ path: paths.jsonl, redact });
    transcript.write({
      type: 'run-start',
      trigger: 'local: review',
      model: cli.llm.model,
      limits: { ...cli.limits },
    });
    // The base plays the trusted branch: the branch under review cannot rewrite its reviewer's instructions.
    const instructions = await loadInstructionContext(await readCommitTree(git, base.name, base.sha), {
      setting: cli.instructionFiles,
      review: true,
      knownPaths: files.map((file) => file.filename),
      transcript,
      log: local.host.log,
    });
    transcript.write({ type: 'context', instructionFiles: instructions.entries(), images: [] });
    const author = await localIdentity(git);
    const details: PullRequestForReview = {
      number: 0,
      ...(await branchDescription(git, base.sha, head)),
      author: author.name,
      baseRef: base.name,
      baseSha: base.sha,
      headRef: headName,
      headSha: head,
      draft: false,
      files,
      earlier: [],
      reviews: [],
    };
    const subject = `the local branch \`${headName}\``;
    const focus = cli.task.kind === 'review' ? cli.task.focus : undefined;
    const budget = runBudgetFor(cli, run.started.getTime());
    const diff = diffLines(files);
    const progress = progressPrinter(io.write, redact);
    const reviewed = await runReviewStep({
      count: cli.review.agents,
      registry: instructions.withNotes(tools.registry, repo.root),
      runnerBase: () => ({
        model: cli.llm,
        host: local.host,
        progress,
        promptCacheKey: promptCacheKey(repo.root, 'review'),
      }),
      runnerOptions: answerSchema ? { answerSchema } : {},
      messagesFor: reviewerMessages({
        details,
        task: {
          repository: path.basename(repo.root),
          subject,
          ...(focus ? { request: { login: author.name, focus } } : {}),
        },
        canRunCommands: true,
        count: cli.review.agents,
        prompt: instructions.section ? { repositoryInstructions: instructions.section } : {},
        instructions: cli.instructions,
      }),
      commentDeps: { diff, reviewed: diff, head, readFile: headFiles(git, head) },
      host: local.host,
      tools,
      ledger: { open: [], dismissed: [] },
      review: true,
      verifyCommand: cli.verifyCommand,
      transcript,
      budget,
      step: (text) => io.write(text),
    });
    transcript.write({ type: 'run-end', conclusion: 'reviewed' });
    const records = await readTranscript(paths.jsonl);
    const review = renderLocalReview({
      head: headName,
      base: base.name,
      findings: reviewed.findings,
      diff,
      minSeverity: cli.review.minSeverity,
      maxComments: cli.review.maxComments,
      summary: reviewed.summary,
      scope: `Reviewed ${subject} against \`${base.name}\` (merge base ${base.sha.slice(0, 7)}): ${counted}.`,
      noIssues: `No issues in the ${counted} changed on \`${headName}\`.`,
      dropped: reviewed.dropped,
      reviewers: reviewed.reviewers,
      stopReason: reviewed.stopReason,
      transcript: (maxChars) =>
        renderTranscriptMarkdown(records, {
          maxChars,
          fullLogPointer: '`transcript.md` and `transcript.jsonl`',
        }),
      publish: local.publish,
    });
    const written = await writeLocalReview(review, outDir);
    await writeTranscriptMarkdown(paths, `review of ${headName}`);

    const toolCalls = reviewed.results.reduce((sum, r) => sum + r.agent.toolCalls, 0);
    const usage = usageOf(budget, toolCalls, run.now().getTime() - run.started.getTime());
    const first = reviewed.results[0]?.agent;
    io.write('');
    io.write(
      `result: reviewed ${headName} against ${base.name}: ${review.counts}; ${review.inline.length} inline, ${review.findings - review.inline.length} in the body`,
    );
    for (const comment of review.inline)
      io.write(
        `  ${comment.path}:${comment.startLine ? `${comment.startLine}-` : ''}${comment.line} (${comment.severity})`,
      );
    io.write(totalsLine(usage, reviewed.stopReason));
    io.write(`review:       ${written.markdown}`);
    io.write(`              ${written.json}`);
    io.write(`transcript:   ${paths.jsonl}`);
    io.write(`              ${paths.markdown}`);
    if (answerSchema)
      await reportAnswer(
        first?.answer ?? null,
        { outDir, stopReason: reviewed.stopReason },
        redact,
        io.write,
      );
    return {
      branch: null,
      commit: null,
      outDir,
      verification: undefined,
      stopReason: reviewed.stopReason,
      usage,
      ...(first?.answer ? { answer: first.answer } : {}),
      review: {
        findings: review.findings,
        blocking: review.blocking,
        inline: review.inline.length,
        path: written.markdown,
      },
    };
  } finally {
    await tools.dispose();
  }
}

/** The branch's commits as a pull request's title and description: the last subject, every message. */
async function branchDescription(
  git: GitCommandManager,
  baseSha: string,
  head: string,
): Promise<{ title: string; body: string }> {
  const log = await git.exec(['log', '--format=%B%x00', `${baseSha}..${head}`]);
  const messages = log.stdout
    .split('\0')
    .map((m) => m.trim())
    .filter(Boolean);
  return { title: messages[0]?.split('\n')[0] ?? '', body: messages.join('\n\n---\n\n') };
}
