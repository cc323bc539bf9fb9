/**
 * One local run: the action's pipeline (prompt, agent loop, tools, bash policy, sandbox,
 * verification, transcript) on a local checkout, published by the dry-run publisher. Setup
 * problems throw a {@link CliError} before any model call; the agent's own failures are results.
 */
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { RunBudget } from '../agent/budget.js';
import type { FinalAnswer } from '../agent/final-answer.js';
import { runAgent } from '../agent/loop.js';
import { createTranscript, readTranscript } from '../agent/transcript.js';
import { describeRuleProblem, parseAllowedCommands } from '../bash-policy/index.js';
import { createGitCommandManager } from '../git/git-command-manager.js';
import { createLlmClient } from '../llm/client.js';
import { contextWindowFor } from '../llm/context-window.js';
import type { VerificationReport } from '../outputs/pull-request-body.js';
import { titleFrom } from '../outputs/title.js';
import { renderTranscriptDetails } from '../outputs/transcript-details.js';
import { formatDuration, renderTranscriptMarkdown } from '../outputs/transcript-markdown.js';
import { prepareAgentTools } from '../pipeline/agent-tools.js';
import { runVerification } from '../pipeline/verify.js';
import { agentsMdSection, buildInitialMessages } from '../prompt/task-prompt.js';
import { createRedactor } from '../safety/redact.js';
import { SandboxUnavailableError } from '../sandbox/detect-sandbox.js';
import { settleBeforeGit } from '../sandbox/settle-first.js';
import type { CliConfig, CliOutputSchema } from './cli-config.js';
import { CliError } from './cli-error.js';
import { localIdentity, publishDryRun } from './dry-run-publisher.js';
import { probeEndpoint, requireKey } from './endpoint.js';
import { readIssueFile } from './issue-file.js';
import { createLocalContext } from './local-context.js';
import { composeLocalPullRequest } from './local-pull-request.js';
import { issueTask, promptTask } from './local-task.js';
import { formatCount, progressPrinter } from './progress-printer.js';
import { inspectRepository } from './repository.js';

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
  /** With `--output-schema`: the final answer, valid or not (absent when the run stopped first). */
  answer?: FinalAnswer;
}

/** `2025-01-31T12:00:00.123Z` → `20250131-120000`. */
export function timestamp(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d+Z$/, '')
    .replace(/[-:]/g, '')
    .replace('T', '-');
}

async function requireDirectory(dir: string): Promise<void> {
  const info = await stat(dir).catch(() => undefined);
  if (!info?.isDirectory())
    throw new CliError(`--repo ${dir} is not a folder: point --repo at a git checkout`);
}

function requireOutsideRepo(outDir: string, repo: string): void {
  const relative = path.relative(repo, outDir);
  if (relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative))) {
    throw new CliError(
      `--out ${outDir} is inside --repo (it would be committed): choose a folder outside ${repo}`,
    );
  }
}

/** Runs the pipeline; see the module comment. */
export async function runLocal(cli: CliConfig, io: LocalRunIO): Promise<LocalRunResult> {
  const now = io.now ?? (() => new Date());
  const started = now();
  const stamp = timestamp(started);
  const redact = createRedactor(cli.apiKey ? [cli.apiKey] : []);

  // Setup checks, cheapest first; each is one line naming the fix.
  await requireDirectory(cli.repo);
  const git = createGitCommandManager({
    cwd: cli.repo,
    token: '',
    serverUrl: 'http://git.invalid',
    env: cli.env,
    // --repo names the folder; whether it is the top of a checkout is for inspectRepository to say.
    discover: true,
  });
  const repo = await inspectRepository(git);
  const outDir = cli.outDir ?? path.join(cli.tempDir, `agent-local-${stamp}`);
  requireOutsideRepo(outDir, repo.root);
  const task =
    cli.task.kind === 'prompt'
      ? promptTask(cli.task.text)
      : issueTask(await readIssueFile(cli.task.file), cli.task.file);
  // Checked here, before the sandbox exists: a bad rule is a usage error, not a failed run.
  const allowed = await parseAllowedCommands(cli.allowedCommands);
  if (allowed.kind === 'invalid') throw new CliError(`--allow ${describeRuleProblem(allowed)}`);
  const answerSchema = cli.outputSchema ? await loadSchema(cli.outputSchema) : undefined;
  requireKey(cli.baseUrl, cli.apiKey);
  await probeEndpoint(cli.baseUrl, cli.apiKey);

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
    `agent-action-local: ${cli.model} at ${cli.baseUrl} on ${repo.root} (${repo.startBranch ?? repo.startSha.slice(0, 7)})`,
  );

  const tools = await prepareAgentTools(local.host, { ...cli, allowedCommands: allowed.rules }).catch(
    (error: unknown) => {
      if (error instanceof SandboxUnavailableError) throw new CliError(error.message);
      throw error;
    },
  );
  try {
    const transcript = createTranscript({ path: paths.jsonl, redact });
    transcript.write({
      type: 'run-start',
      trigger: `local: ${cli.task.kind}`,
      model: cli.model,
      limits: { maxTurns: cli.maxTurns, maxTokens: cli.maxTokens, timeoutMinutes: cli.timeoutMinutes },
    });
    const agentsMd = await readFile(path.join(repo.root, 'AGENTS.md'), 'utf8').catch(() => undefined);
    const messages = buildInitialMessages({
      system: { ...(cli.verifyCommand ? { verifyCommand: cli.verifyCommand } : {}) },
      ...(agentsMd ? { repositoryInstructions: agentsMdSection(agentsMd) } : {}),
      task: task.task,
      context: task.context,
    });

    const agent = await runAgent({
      llm: createLlmClient({ baseUrl: cli.baseUrl, apiKey: cli.apiKey, model: cli.model }),
      registry: tools.registry,
      messages,
      budget: RunBudget.forRun(cli, started.getTime()),
      contextWindowTokens: contextWindowFor(cli.model, undefined),
      signal: io.signal,
      transcript,
      redact,
      onEvent: progressPrinter(io.write, redact),
      answerSchema,
    });
    io.write(`agent stopped: ${agent.stopReason}`);

    let verification: VerificationReport | undefined;
    if (cli.verifyCommand && agent.stopReason !== 'cancelled') {
      verification = await runVerification(local.host, cli.verifyCommand, {
        sandbox: tools.sandbox,
        timeoutMinutes: cli.timeoutMinutes,
      });
    }

    await settleBeforeGit(tools.sandbox, io.write);
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
      baseName: repo.startBranch ?? repo.startSha,
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
    const finalRecords = await readTranscript(paths.jsonl);
    const table = renderTranscriptMarkdown(finalRecords, { open: true, maxChars: 10_000_000 });
    await writeFile(
      paths.markdown,
      `# Transcript: ${pr.title}\n\n${table}\n${renderTranscriptDetails(finalRecords)}`,
    );

    const seconds = (now().getTime() - started.getTime()) / 1000;
    const verified = verification
      ? verification.passed
        ? ', verification passed'
        : ', verification FAILED'
      : '';
    io.write('');
    io.write(
      published.sha
        ? `result: committed ${published.sha.slice(0, 7)} on branch ${branch} (${published.files.length} ${published.files.length === 1 ? 'file' : 'files'})${verified}`
        : `result: no changes${verified}`,
    );
    io.write(
      `totals: ${agent.turns} turns, ${agent.toolCalls} tool calls, ${formatCount(agent.tokens.total)} tokens, ${formatDuration(seconds * 1000)}, stopped: ${agent.stopReason}`,
    );
    io.write(
      published.sha
        ? `pull request: ${published.pullRequestPath}${pr.draft ? ' (draft)' : ''}`
        : `pull request: none (nothing to commit); the summary is in ${published.pullRequestPath}`,
    );
    io.write(`transcript:   ${paths.jsonl}`);
    io.write(`              ${paths.markdown}`);
    if (answerSchema) await reportAnswer(agent.answer, agent.stopReason, outDir, redact, io.write);
    if (published.sha) io.write(`see the change: git -C ${repo.root} show ${branch}`);
    return {
      branch: published.sha ? branch : null,
      commit: published.sha,
      outDir,
      verification,
      stopReason: agent.stopReason,
      ...(agent.answer ? { answer: agent.answer } : {}),
    };
  } finally {
    await tools.dispose();
  }
}

/** `--output-schema` read (inline or from its file) and compiled; a bad one is a usage error. */
async function loadSchema(given: CliOutputSchema) {
  const [{ compileAnswerSchema }, { parseSchemaText }] = await Promise.all([
    import('../schema/answer-schema.js'),
    import('../schema/schema-source.js'),
  ]);
  try {
    const text =
      given.kind === 'inline'
        ? given.text
        : await readFile(given.path, 'utf8').catch((error: NodeJS.ErrnoException) => {
            throw new CliError(
              `--output-schema ${given.path} cannot be read (${error.code ?? error.message})`,
            );
          });
    const where = given.kind === 'inline' ? '--output-schema' : `--output-schema ${given.path}`;
    return compileAnswerSchema(parseSchemaText(text, where));
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw new CliError((error as Error).message.replace(/^output-schema/, '--output-schema'));
  }
}

/** The valid answer printed and saved as `result.json`; or why there is none. */
async function reportAnswer(
  answer: FinalAnswer | undefined,
  stopReason: string,
  outDir: string,
  redact: (text: string) => string,
  write: (line: string) => void,
): Promise<void> {
  if (answer?.kind === 'valid') {
    const file = path.join(outDir, 'result.json');
    await writeFile(file, `${redact(answer.json)}\n`);
    write(`result:       ${file}`);
    write(`              ${redact(answer.json)}`);
  } else if (answer) write(`result: the answer does not match --output-schema: ${answer.errors.join('; ')}`);
  else write(`result: none; the agent stopped (${stopReason}) before a final answer`);
}
