/**
 * The local run's setup checks, cheapest first, each one line naming the fix: the folder, the
 * checkout, the output folder outside it, the task, the bash rules, the output schema, the key and
 * the endpoint. All of them pass before the sandbox exists or the model is asked anything.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { describeRuleProblem, type ExtraRule, parseAllowedCommands } from '../bash-policy/extra-rules.js';
import type { GitCommandManager } from '../git/git-command-manager.js';
import { SandboxUnavailableError } from '../sandbox/detect-sandbox.js';
import type { AnswerSchema } from '../schema/answer-schema.js';
import { type CliConfig, type CliOutputSchema, readOutputSchema } from './cli-config.js';
import { CliError } from './cli-error.js';
import { probeEndpoint, requireKey } from './endpoint.js';
import { readIssueFile } from './issue-file.js';
import { issueTask, type LocalTask, promptTask } from './local-task.js';
import { inspectRepository, type LocalRepository } from './repository.js';

/** `2025-01-31T12:00:00.123Z` → `20250131-120000`. */
export function timestamp(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d+Z$/, '')
    .replace(/[-:]/g, '')
    .replace('T', '-');
}

/** What the checks found: the checkout, where the output goes, the task, the bash rules and the compiled schema. */
export interface LocalSetup {
  repo: LocalRepository;
  outDir: string;
  /** The change run's task; none for `--mode review`, whose task is the branch's diff. */
  task: LocalTask | undefined;
  /** `--allow`, parsed once into typed rules. */
  allowedCommands: ExtraRule[];
  answerSchema: AnswerSchema | undefined;
}

/** Runs the checks; throws a {@link CliError} at the first that fails. */
export async function checkLocalRun(
  cli: CliConfig,
  git: GitCommandManager,
  stamp: string,
): Promise<LocalSetup> {
  await requireDirectory(cli.repo);
  const repo = await inspectRepository(git);
  const outDir = cli.outDir ?? path.join(cli.tempDir, `agent-local-${stamp}`);
  requireOutsideRepo(outDir, repo.root);
  const task =
    cli.task.kind === 'review'
      ? undefined
      : cli.task.kind === 'prompt'
        ? promptTask(cli.task.text)
        : issueTask(await readIssueFile(cli.task.file), cli.task.file);
  // Checked here, before the sandbox exists: a bad rule is a usage error, not a failed run.
  const allowed = await parseAllowedCommands(cli.allowedCommands);
  if (allowed.kind === 'invalid') throw new CliError(`--allow ${describeRuleProblem(allowed)}`);
  const answerSchema = cli.outputSchema ? await loadSchema(cli.outputSchema) : undefined;
  requireKey(cli.llm.baseUrl, cli.llm.apiKey);
  await probeEndpoint(cli.llm.baseUrl, cli.llm.apiKey);
  return { repo, outDir, task, allowedCommands: allowed.rules, answerSchema };
}

/** A sandbox the flags ask for that this machine cannot give: a usage error, said as one. */
export function asSetupError(error: unknown): never {
  if (error instanceof SandboxUnavailableError) throw new CliError(error.message);
  throw error;
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

/** `--output-schema` read and compiled; a bad one is a usage error. The validator loads only when asked for. */
async function loadSchema(given: CliOutputSchema): Promise<AnswerSchema> {
  const [{ compileAnswerSchema }, { parseSchemaText }] = await Promise.all([
    import('../schema/answer-schema.js'),
    import('../schema/schema-source.js'),
  ]);
  const { text, where } = await readOutputSchema(given);
  try {
    return compileAnswerSchema(parseSchemaText(text, where));
  } catch (error) {
    throw new CliError((error as Error).message.replace(/^output-schema/, '--output-schema'));
  }
}
