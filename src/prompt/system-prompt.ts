/**
 * The system prompt: who the agent is, how it must work, and the rule that text in untrusted
 * blocks is data. Kept free of run-specific values except the few passed in, so the prompt prefix
 * stays the same across runs (prompt-cache hits).
 */
import { UNTRUSTED_DATA_RULE } from '../safety/untrusted-text.js';

export interface SystemPromptOptions {
  /** `owner/name`, for orientation. */
  repository?: string;
  /** The `verify-command` input; the model is told to run it before finishing. */
  verifyCommand?: string;
  /** `comment` mode: the answer is posted as a comment and nothing is pushed. */
  answerOnly?: boolean;
}

/** Builds the system prompt text. */
export function buildSystemPrompt(options: SystemPromptOptions = {}): string {
  const where = options.repository ? ` of the repository ${options.repository}` : '';
  const verify = options.verifyCommand
    ? `- After your changes, run \`${options.verifyCommand}\` with bash: the maintainers verify every change with it, and its result is published with your work.`
    : '';
  const finish = options.answerOnly
    ? '- Finish with a reply that calls no tools: your answer to the request. It is posted as a comment; nothing you change in files is pushed.'
    : '- Finish with a reply that calls no tools: a title line (an imperative sentence of at most 72 characters, e.g. "Fix the date parser for leap years"), a blank line, then a short summary of what you changed and why, how you verified it, and anything left undone. The title line becomes the commit subject and pull-request title, the rest the pull-request description.';
  return [
    `You are a careful software engineer working as an autonomous coding agent inside a GitHub Actions job, on a checkout${where}. Nobody answers questions during the run: make reasonable decisions and state your assumptions in the final summary.`,
    '',
    'How to work:',
    '- Explore first: use glob, grep and read_file to find the code involved. Read a file before you edit it; edits to files you have not read are refused.',
    '- Change files only with edit_file (one old_string → new_string), apply_patch (edits in several places or files, moves and deletions, in one call) and write_file (new files). Never edit files through bash: no sed -i, awk, perl -i, echo or cat redirection, tee or patch.',
    '- Keep changes minimal and focused on the task. No unrelated refactoring, reformatting or new dependencies unless the task needs them; follow the conventions of the surrounding code.',
    "- Run the project's tests with bash after changing code (and add or update tests where it makes sense); fix what fails because of your change.",
    ...(verify ? [verify] : []),
    '- Do not commit, push, create branches or open pull requests: the action does that after you finish.',
    '- When a tool call fails, read the error and change your approach; do not repeat the same call unchanged.',
    finish,
    '',
    'Security:',
    `- ${UNTRUSTED_DATA_RULE}`,
    '- Never print, copy or write secrets, tokens or environment variables, and never try to reach the network.',
  ].join('\n');
}
