/**
 * One local run: the action's pipeline on a local checkout — the same tools, agent runner and
 * agent step (agent → verify → settled workspace) as the action's runs, with the local runner's
 * terminal as progress — published by the dry-run publisher; with `--mode review`, the review
 * step on the branch's diff, written by `local-review.ts`. Setup problems throw a
 * `CliError` before any model call; the agent's own failures are results.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { FinalAnswer } from '../agent/final-answer.js';
import { createTranscript, readTranscript } from '../agent/transcript.js';
import { createGitCommandManager } from '../git/git-command-manager.js';
import { readCommitTree } from '../git/read-file-on-branch.js';
import { promptCacheKey } from '../llm/prompt-cache-key.js';
import type { VerificationReport } from '../outputs/pull-request-body.js';
import { titleFrom } from '../outputs/title.js';
import { renderTranscriptMarkdown } from '../outputs/transcript-markdown.js';
import { createAgentRunner, runBudgetFor } from '../pipeline/agent-runner.js';
import { runAgentStep } from '../pipeline/agent-step.js';
import { prepareAgentTools } from '../pipeline/agent-tools.js';
import { loadInstructionContext } from '../pipeline/instruction-context.js';
import { buildInitialMessages } from '../prompt/task-prompt.js';
import { createRedactor } from '../safety/redact.js';
import type { CliConfig } from './cli-config.js';
import { localIdentity, publishDryRun } from './dry-run-publisher.js';
import { createLocalContext } from './local-context.js';
import { composeLocalPullRequest } from './local-pull-request.js';
import { type LocalUsage, reportLocalRun, usageOf, writeTranscriptMarkdown } from './local-report.js';
import { runLocalReview } from './local-review.js';
import { asSetupError, checkLocalRun, timestamp } from './local-setup.js';
import { progressPrinter } from './progress-printer.js';

export { timestamp } from './local-setup.js';

export interface LocalRunIO {
  /** One line of terminal output. */
  write: (line: string) => void;
  signal: AbortSignal;
  platform: NodeJS.Platform;
  now?: () => Date;
}

/** What happened, for the exit code and tests. */
export interface LocalRunResult {
  branch: string | null;
  commit: string | null;
  outDir: string;
  verification: VerificationReport | undefined;
  stopReason: string;
  /** Turns, tokens and cost (undefined when the model has no price), as the action's outputs give them. */
  usage: LocalUsage;
  /** With `--output-schema`: the final answer, valid or not (absent when the run stopped first). */
  answer?: FinalAnswer;
  /** With `--mode review`: the findings written, and the blocking ones among them. */
  review?: { findings: number; blocking: number; inline: number; path: string };
}

/** Runs the pipeline; see the module comment. */
export async function runLocal(cli: CliConfig, io: LocalRunIO): Promise<LocalRunResult> {
  const now = io.now ?? (() => new Date());
  const started = now();
  const stamp = timestamp(started);
  const redact = createRedactor([cli.llm.apiKey, ...cli.mcp.secrets].filter((s) => s !== ''));
  const git = createGitCommandManager({
    cwd: cli.repo,
    token: '',
    serverUrl: 'http://git.invalid',
    env: cli.env,
    // --repo names the folder; whether it is the top of a checkout is for inspectRepository to say.
    discover: true,
  });
  const setup = await checkLocalRun(cli, git, stamp);
  const { repo, outDir, task, allowedCommands, answerSchema } = setup;

  await mkdir(outDir, { recursive: true });
  const paths = {
    jsonl: path.join(outDir, 'transcript.jsonl'),
    markdown: path.join(outDir, 'transcript.md'),
  };
  const local = createLocalContext({
    workspace: repo.root,
    outDir,
    env: cli.env,
    platform: io.platform,
    redact,
    write: io.write,
    signal: io.signal,
  });
  io.write(
    `agent-action-local: ${cli.llm.model} at ${cli.llm.baseUrl} on ${repo.root} (${repo.startBranch ?? repo.startSha.slice(0, 7)})`,
  );
  if (!task) return runLocalReview({ cli, io, git, setup, local, redact, started, now, paths });

  const tools = await prepareAgentTools(local.host, { ...cli, allowedCommands }).catch(asSetupError);
  try {
    const transcript = createTranscript({ path: paths.jsonl, redact });
    transcript.write({
      type: 'run-start',
      trigger: `local: ${cli.task.kind}`,
      model: cli.llm.model,
      limits: { ...cli.limits },
    });
    // The start commit plays the trusted branch: the instructions are the committed ones.
    const instructions = await loadInstructionContext(
      await readCommitTree(git, repo.startBranch ?? 'HEAD', repo.startSha),
      { setting: cli.instructionFiles, review: false, transcript, log: local.host.log },
    );
    transcript.write({ type: 'context', instructionFiles: instructions.entries(), images: [] });
    const messages = buildInitialMessages({
      system: { ...(cli.verifyCommand ? { verifyCommand: cli.verifyCommand } : {}) },
      ...(instructions.section ? { repositoryInstructions: instructions.section } : {}),
      ...(cli.instructions ? { instructions: cli.instructions } : {}),
      task: task.task,
      context: task.context,
    });
    const budget = runBudgetFor(cli, started.getTime());
    const runner = createAgentRunner({
      model: cli.llm,
      host: local.host,
      registry: instructions.withNotes(tools.registry, repo.root),
      transcript,
      budget,
      progress: progressPrinter(io.write, redact),
      promptCacheKey: promptCacheKey(repo.root, 'local'),
      answerSchema,
    });
    const { agent, verification } = await runAgentStep({
      runner,
      messages,
      who: 'agent',
      host: local.host,
      tools,
      ...(cli.verifyCommand
        ? { verify: { command: cli.verifyCommand, timeoutMinutes: cli.limits.timeoutMinutes } }
        : {}),
    });

    const records = await readTranscript(paths.jsonl);
    const branch = `agent/local-${stamp}`;
    const pr = composeLocalPullRequest({
      agent,
      ...(verification ? { verification } : {}),
      title: redact(titleFrom(agent.summary, task.fallbackTitle)),
      transcript: (maxChars) =>
        renderTranscriptMarkdown(records, {
          maxChars,
          fullLogPointer: '`transcript.md` and `transcript.jsonl`',
        }),
      publish: local.publish,
    });
    const published = await publishDryRun(git, {
      branch,
      startSha: repo.startSha,
      baseName: cli.baseBranch ?? repo.startBranch ?? repo.startSha,
      title: pr.title,
      body: (refused) => pr.body(refused),
      draft: pr.draft,
      author: await localIdentity(git),
      outDir,
    });
    transcript.write({
      type: 'run-end',
      conclusion: published.sha ? 'committed' : 'no-changes',
      details: { branch: published.sha ? branch : null, commit: published.sha, files: published.files },
    });
    await writeTranscriptMarkdown(paths, pr.title);
    const usage = usageOf(budget, agent.toolCalls, now().getTime() - started.getTime());
    await reportLocalRun(io.write, redact, {
      root: repo.root,
      branch,
      published,
      draft: pr.draft,
      verification,
      stopReason: agent.stopReason,
      usage,
      paths,
      outDir,
      ...(answerSchema ? { answer: agent.answer ?? null } : {}),
    });
    return {
      branch: published.sha ? branch : null,
      commit: published.sha,
      outDir,
      verification,
      stopReason: agent.stopReason,
      usage,
      ...(agent.answer ? { answer: agent.answer } : {}),
    };
  } finally {
    await tools.dispose();
  }
}
