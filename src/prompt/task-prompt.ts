/**
 * The opening messages of a run: the system prompt followed by the repository's `AGENTS.md` (from
 * the base branch, capped) and the `instructions` input, then the task as the user message, with
 * every piece of outsiders' text (issue body, comments, CI logs) in an untrusted block.
 */
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { AGENTS_MD_MAX_CHARS } from '../limits.js';
import { sanitizeUntrusted, wrapUntrusted } from '../safety/untrusted-text.js';
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
  /** `AGENTS.md` from the base branch, if the repository has one. */
  agentsMd?: string;
  maxAgentsMdChars?: number;
  /** The `instructions` input (written by the workflow author, trusted). */
  instructions?: string;
  /** The action's own framing of the task, e.g. "Resolve issue #12 …". Trusted. */
  task: string;
  /** Issue body, comments, CI logs … */
  context?: UntrustedPart[];
}

/** `[system, user]` for a new run. */
export function buildInitialMessages(input: TaskPromptInput): ChatCompletionMessageParam[] {
  const sections = [input.systemText ?? buildSystemPrompt(input.system)];
  if (input.agentsMd?.trim()) {
    // Repository content, but from the base branch the maintainers control: guidance, not data.
    // Still stripped of hidden text and capped, since nobody reviews it for prompt size.
    const text = sanitizeUntrusted(input.agentsMd, {
      maxChars: input.maxAgentsMdChars ?? AGENTS_MD_MAX_CHARS,
    });
    sections.push(`## Repository instructions (AGENTS.md)\n\n${text.trim()}`);
  }
  if (input.instructions?.trim()) {
    sections.push(`## Instructions from the workflow\n\n${input.instructions.trim()}`);
  }
  return [{ role: 'system', content: sections.join('\n\n') }, buildUserTurn(input.task, input.context)];
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
