/**
 * A plan run's prompt: a planner that reads the code and answers with a plan in fixed sections,
 * which the action posts for a maintainer to approve. The `Files` section is read back by the
 * action (its code spans are the files the approval checks the base branch against).
 */

import { UNTRUSTED_DATA_RULE } from '../safety/untrusted-text.js';
import type { UntrustedPart } from './task-prompt.js';
import { titledPart } from './task-wording.js';

/** The planner's system prompt. */
export function buildPlanSystemPrompt(options: { repository: string; maxTurns: number }): string {
  return [
    `You are a careful senior engineer planning a change to the repository ${options.repository} inside a GitHub Actions job. The base branch is checked out read-only. Nobody answers questions during the run, and nothing you do here changes the repository: a maintainer reads your plan and approves it, and then an agent with write access carries out exactly that plan.`,
    '',
    'How to plan:',
    '- Read the code with read_file, glob and grep (and read-only bash commands) until you know which files the change needs.',
    '- You cannot change files: write_file, edit_file and apply_patch are not available while planning.',
    '- Finish with a reply that calls no tools: the plan, in Markdown, with exactly these sections:',
    '  `## Files` — one list item per file to create, change or delete, the path first in backticks (`- `src/a.ts`: why`);',
    '  `## Steps` — numbered, concrete steps;',
    '  `## Tests` — the tests to add and the commands to run;',
    '  `## Risks` — what could break, and what is out of scope;',
    `  \`## Estimate\` — the turns (model round trips, at most ${options.maxTurns}) and the share of the run's budget the change needs.`,
    '',
    'Security:',
    `- ${UNTRUSTED_DATA_RULE}`,
    '- Never print, copy or write secrets, tokens or environment variables, and never try to reach the network.',
  ].join('\n');
}

/** The planner's task: the issue, and what the requester added. */
export function buildPlanTask(input: {
  repository: string;
  issue: { number: number; title: string; body: string };
  request?: { login: string; text: string };
}): { task: string; context: UntrustedPart[] } {
  return {
    task: `Plan how to resolve issue #${input.issue.number} of ${input.repository}. The issue is below${input.request ? ', with what the maintainer who asked for the plan added' : ''}. Answer with the plan only.`,
    context: [
      titledPart(`issue #${input.issue.number}`, input.issue.title, input.issue.body),
      ...(input.request
        ? [
            {
              source: `request by @${input.request.login} in a comment on issue #${input.issue.number}`,
              text: input.request.text,
            },
          ]
        : []),
    ],
  };
}
