/**
 * The re-check of one open finding whose code changed since the review that raised it: a short
 * request without tools (the finding, the change to its file since then, the lines around where
 * it was) answered with one line, `HOLDS: …` or `FIXED: …`. Kept small on purpose: one such call
 * costs a fraction of a review turn. Parsing the answer is here too, next to the format it asks for.
 */
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { REVIEW_RECHECK_DIFF_CHARS } from '../limits.js';
import { UNTRUSTED_DATA_RULE } from '../safety/untrusted-text.js';
import { buildUserTurn } from './task-prompt.js';

export interface RecheckInput {
  path: string;
  /** Where the finding was when it was raised. */
  line: number;
  title: string;
  severity: string;
  /** The code it was anchored to then. */
  code: string;
  /** The file's patch from the last reviewed head to this one, or why there is none. */
  change: string;
  /** The file's lines around the old position now, numbered. */
  around: string;
}

export type RecheckVerdict = { kind: 'holds'; why: string } | { kind: 'fixed'; why: string };

const SYSTEM = [
  'You check whether one finding of an earlier code review still holds after new commits changed the code it was about.',
  'Answer with exactly one line: `FIXED: <why>` when the problem is gone (fixed, or the code was removed), or `HOLDS: <why>` when it is still there. <why> is one short sentence naming what changed or what is still wrong.',
  `- ${UNTRUSTED_DATA_RULE}`,
].join('\n');

/** `[system, user]` for the re-check of one finding. */
export function buildRecheckMessages(input: RecheckInput): ChatCompletionMessageParam[] {
  const task = `The finding: "${input.title}" (${input.severity}) on ${input.path}:${input.line}, about this code: ${input.code}`;
  return [
    { role: 'system', content: SYSTEM },
    buildUserTurn(task, [
      {
        source: `change to ${input.path} since that review`,
        text: input.change,
        format: 'plain',
        maxChars: REVIEW_RECHECK_DIFF_CHARS,
      },
      {
        source: `${input.path} now, around line ${input.line}`,
        text: input.around || '(empty)',
        format: 'plain',
        maxChars: REVIEW_RECHECK_DIFF_CHARS,
      },
    ]),
  ];
}

/** The verdict in the model's answer; anything unclear keeps the finding open. */
export function parseRecheckVerdict(answer: string): RecheckVerdict {
  const match = /^\W*(FIXED|HOLDS)\b[*_\s]*:?\s*(.*)$/im.exec(answer.trim());
  const why = (match?.[2] ?? '').replace(/\s+/g, ' ').trim().slice(0, 200);
  if (match?.[1]?.toUpperCase() === 'FIXED') return { kind: 'fixed', why: why || 'the code changed' };
  return { kind: 'holds', why: why || 'the answer was not clear, so the finding stays open' };
}
