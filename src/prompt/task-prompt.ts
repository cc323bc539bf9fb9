/**
 * The opening messages of a run: the system prompt followed by the repository's instruction files
 * (from the trusted branch, within their budget; see `context/instruction-files.ts`) and the
 * `instructions` input, then the task as the user message, with every piece of outsiders' text
 * (issue body, comments, CI logs) in an untrusted block and the issue's images after it.
 */
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { PromptImage } from '../context/issue-images.js';
import { INSTRUCTION_FILES_MAX_BYTES } from '../limits.js';
import { sanitizeUntrusted, wrapUntrusted } from '../safety/untrusted-text.js';
import { imageParts } from './image-prompt.js';
import { buildSystemPrompt, type SystemPromptOptions } from './system-prompt.js';

/** Outsiders' text given to the model as data. */
export interface UntrustedPart {
  /** What it is and who wrote it, e.g. `issue #12 body by @alice`. */
  source: string;
  text: string;
  /** `plain` for logs, where markdown rules must not apply. */
  format?: 'markdown' | 'plain';
  maxChars?: number;
}

export interface TaskPromptInput {
  system?: SystemPromptOptions;
  /** A complete system prompt used instead of {@link buildSystemPrompt} (the reviewer's). */
  systemText?: string;
  /** The repository-instructions section (`InstructionSet.section`), when any file was loaded. */
  repositoryInstructions?: string;
  /** The `instructions` input (written by the workflow author, trusted). */
  instructions?: string;
  /** The action's own framing of the task, e.g. "Resolve issue #12 …". Trusted. */
  task: string;
  /** Issue body, comments, CI logs … */
  context?: UntrustedPart[];
  /** Images from the issue and the triggering comment, sent after the text. */
  images?: readonly PromptImage[];
}

/** `[system, user]` for a new run. */
export function buildInitialMessages(input: TaskPromptInput): ChatCompletionMessageParam[] {
  const sections = [input.systemText ?? buildSystemPrompt(input.system)];
  if (input.repositoryInstructions?.trim()) sections.push(input.repositoryInstructions.trim());
  if (input.instructions?.trim()) {
    sections.push(`## Instructions from the workflow\n\n${input.instructions.trim()}`);
  }
  const user = buildUserTurn(input.task, input.context);
  const images = imageParts(input.images ?? []);
  return [
    { role: 'system', content: sections.join('\n\n') },
    images.length === 0
      ? user
      : { role: 'user', content: [{ type: 'text', text: String(user.content) }, ...images] },
  ];
}

/**
 * The repository-instructions section for one `AGENTS.md` the caller read itself (the local
 * runner, whose working tree is the user's own): stripped of hidden text and held to the same budget.
 */
export function agentsMdSection(text: string): string {
  const clean = sanitizeUntrusted(text, { maxChars: INSTRUCTION_FILES_MAX_BYTES }).trim();
  return clean ? `## Repository instructions\n\n### AGENTS.md\n\n${clean}` : '';
}

/** A user message: the trusted task text, then each untrusted part in its own block. */
export function buildUserTurn(task: string, context: UntrustedPart[] = []): ChatCompletionMessageParam {
  const blocks = context.map((part) =>
    wrapUntrusted(part.source, part.text, {
      ...(part.format ? { format: part.format } : {}),
      ...(part.maxChars ? { maxChars: part.maxChars } : {}),
    }),
  );
  return { role: 'user', content: [task.trim(), ...blocks].join('\n\n') };
}
