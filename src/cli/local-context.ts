/**
 * What a local run hands the action's own pieces: the {@link CommandHost} for the agent's tools
 * and verification, and the filter PR text passes through. Nothing here reaches GitHub: there is
 * no client and no token.
 */
import { createWriterLedger } from '../git/work-tree-writers.js';
import type { CommandHost } from '../pipeline/command-host.js';
import { preparePublishedMarkdown } from '../safety/publish-text.js';
import { neutraliseWorkflowCommands } from '../safety/workflow-commands.js';

/** Where PR text would be published; only its links survive in the PR body, as on github.com. */
const SERVER_URL = 'https://github.com';

export interface LocalContextInput {
  /** Top of the checkout. */
  workspace: string;
  /** Output folder; plays the part of RUNNER_TEMP (full command logs land under it). */
  outDir: string;
  env: Readonly<Record<string, string | undefined>>;
  platform: NodeJS.Platform;
  redact: (text: string) => string;
  write: (line: string) => void;
  signal: AbortSignal;
}

export interface LocalContext {
  host: CommandHost;
  /** Redacts and makes Markdown safe to publish, as the action's `ctx.publish` does. */
  publish: (markdown: string) => string;
}

/** Builds the context; log lines are redacted and defused like the action's. */
export function createLocalContext(input: LocalContextInput): LocalContext {
  const { redact, write } = input;
  const clean = (message: string) => neutraliseWorkflowCommands(redact(message));
  return {
    host: {
      workspace: input.workspace,
      tempDir: input.outDir,
      env: input.env,
      platform: input.platform,
      log: { info: (m) => write(clean(m)), warning: (m) => write(clean(`warning: ${m}`)) },
      redact,
      signal: input.signal,
      writers: createWriterLedger(),
    },
    publish: (markdown) => preparePublishedMarkdown(markdown, { serverUrl: SERVER_URL, redact }),
  };
}
