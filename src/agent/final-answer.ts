/**
 * The final answer of a run with an `output-schema`: asked for the best way the endpoint offers,
 * held to the schema, repaired once, and handed back as a verdict the run turns into `result`.
 *
 * Where the endpoint takes a response schema together with tools (`LlmClient.structuredOutput`),
 * every turn carries it and the answer is the text of the turn without tool calls. Elsewhere, or
 * once the endpoint refused the schema (`request-rules.ts`), the model gets a `final_answer` tool
 * whose one parameter, `answer`, is the schema; a valid call ends the run. Either way the answer is
 * checked with the run's validator (providers' own enforcement varies), and a miss gets one repair
 * turn with the validator's errors: a format answer as a user message, a tool call as its result.
 */
import type { ChatCompletionTool } from 'openai/resources/chat/completions';
import { z } from 'zod';
import { FINAL_ANSWER_ATTEMPTS } from '../limits.js';
import type { LlmClient } from '../llm/client.js';
import { type ResponseSchema, sendsResponseSchema } from '../llm/response-format.js';
import type { AnswerCheck, AnswerSchema } from '../schema/answer-schema.js';
import type { ToolRegistry } from '../tools/registry.js';
import { defineTool } from '../tools/tool.js';
import type { TurnOutcome } from './run-turn.js';

/** The tool a model without a response format answers through. */
export const FINAL_ANSWER_TOOL = 'final_answer';

/** How a run with an output schema ended, for `result` (valid) or the run's failure (invalid). */
export type FinalAnswer =
  | { kind: 'valid'; value: unknown; json: string }
  | { kind: 'invalid'; errors: string[]; answer: string };

/** What the loop does after a turn. */
export type AnswerStep =
  | { kind: 'continue' }
  /** Ask again: `note` is a user message (format answers; a tool's errors are its result). */
  | { kind: 'repair'; note?: string }
  | { kind: 'finish'; answer: FinalAnswer; prose: string };

/** One run's (or agent call's) final-answer bookkeeping. */
export class FinalAnswerGate {
  private attempts = 0;
  /** Verdicts of this turn's `final_answer` calls, by call id (the tool records them). */
  private readonly verdicts = new Map<string, { check: AnswerCheck; answer: string }>();
  private readonly tool;

  constructor(
    private readonly schema: AnswerSchema,
    private readonly llm: Pick<LlmClient, 'structuredOutput' | 'rules'>,
  ) {
    this.tool = defineTool({
      name: FINAL_ANSWER_TOOL,
      description: TOOL_DESCRIPTION,
      parameters: z.object({ answer: z.unknown() }),
      readOnly: true,
      execute: async ({ answer }, { callId }) => {
        const check = schema.check(answer);
        this.verdicts.set(callId, { check, answer: JSON.stringify(answer ?? null) });
        return check.kind === 'valid'
          ? { output: 'Final answer accepted.', isError: false }
          : { output: repairText(check.errors, 'tool'), isError: true };
      },
    });
  }

  /** `format` while the endpoint takes the schema as a response format; `tool` otherwise. */
  mode(): 'format' | 'tool' {
    return this.llm.structuredOutput && sendsResponseSchema(this.llm.rules) ? 'format' : 'tool';
  }

  /** The turn's tools, registry and response schema, for the current mode. */
  turn(
    tools: ChatCompletionTool[],
    registry: ToolRegistry,
  ): { tools: ChatCompletionTool[]; registry: ToolRegistry; responseSchema?: ResponseSchema } {
    if (this.mode() === 'format') return { tools, registry, responseSchema: this.schema.format };
    const definition: ChatCompletionTool = {
      type: 'function',
      function: {
        name: FINAL_ANSWER_TOOL,
        description: TOOL_DESCRIPTION,
        parameters: this.schema.toolParameters,
      },
    };
    // In name order like the rest, so the prompt prefix stays the same bytes from turn to turn.
    const sorted = [...tools, definition].sort((a, b) =>
      nameOf(a) < nameOf(b) ? -1 : nameOf(a) > nameOf(b) ? 1 : 0,
    );
    return { tools: sorted, registry: registry.with(this.tool) };
  }

  /** Judges a finished turn: go on, ask for a repair, or finish with the answer. */
  review(outcome: TurnOutcome): AnswerStep {
    const finalCalls = outcome.calls.filter((call) => call.name === FINAL_ANSWER_TOOL);
    if (finalCalls.length > 0) {
      const verdicts = finalCalls.map((call) => this.verdicts.get(call.id)).filter((v) => v !== undefined);
      this.verdicts.clear();
      const valid = verdicts.find((v) => v.check.kind === 'valid');
      if (valid?.check.kind === 'valid') return this.finish(valid.check.value, outcome.content);
      const last = verdicts.at(-1);
      const errors = last?.check.kind === 'invalid' ? last.check.errors : ['the call did not run'];
      return this.missed(errors, last?.answer ?? '', outcome.content);
    }
    if (outcome.calls.length > 0) return { kind: 'continue' };
    if (this.mode() === 'tool')
      return this.missed(
        [`the answer was text; call \`${FINAL_ANSWER_TOOL}\` with it instead`],
        outcome.content,
        '',
        `You must give your final answer by calling the \`${FINAL_ANSWER_TOOL}\` tool with \`answer\` matching its schema. Call it now.`,
      );
    const parsed = parseAnswer(outcome.content);
    if (parsed.kind === 'invalid') return this.missed(parsed.errors, outcome.content, '');
    const check = this.schema.check(this.schema.fromFormat(parsed.value));
    return check.kind === 'valid'
      ? this.finish(check.value, '')
      : this.missed(check.errors, outcome.content, '');
  }

  private finish(value: unknown, prose: string): AnswerStep {
    return { kind: 'finish', answer: { kind: 'valid', value, json: JSON.stringify(value) }, prose };
  }

  private missed(errors: string[], answer: string, prose: string, note?: string): AnswerStep {
    this.attempts += 1;
    if (this.attempts >= FINAL_ANSWER_ATTEMPTS)
      return { kind: 'finish', answer: { kind: 'invalid', errors, answer }, prose };
    // A tool call's errors are already its result; a text answer gets them as a user message.
    const repaired = note ?? (this.mode() === 'format' ? repairText(errors, 'format') : undefined);
    return { kind: 'repair', ...(repaired ? { note: repaired } : {}) };
  }
}

/** The summary a run with an output schema publishes: the model's words, then its answer as JSON. */
export function answerSummary(answer: FinalAnswer, prose: string): string {
  const json = answer.kind === 'valid' ? JSON.stringify(answer.value, null, 2) : prettyIfJson(answer.answer);
  const block = json === undefined ? (answer.kind === 'invalid' ? answer.answer : '') : fence(json);
  return [prose.trim(), block].filter((part) => part !== '').join('\n\n');
}

const TOOL_DESCRIPTION = `Give your final answer. Call this once, when your work is done, with \`answer\` matching the schema of its parameters. A valid answer ends the run; an invalid one comes back with the errors and one chance to correct it.`;

function repairText(errors: string[], mode: 'format' | 'tool'): string {
  const list = errors.map((e) => `- ${e}`).join('\n');
  return mode === 'tool'
    ? `The answer does not match the required schema:\n${list}\nCall \`${FINAL_ANSWER_TOOL}\` again with the corrected answer.`
    : `Your final answer does not match the required JSON Schema:\n${list}\nAnswer again with only the corrected JSON: no prose, no code fence.`;
}

/** The JSON of a format answer; a model may still wrap it in one code fence. */
function parseAnswer(
  text: string,
): { kind: 'parsed'; value: unknown } | { kind: 'invalid'; errors: string[] } {
  const bare = /^\s*```[\w-]*\n([\s\S]*?)\n?```\s*$/.exec(text)?.[1] ?? text;
  if (bare.trim() === '') return { kind: 'invalid', errors: ['the answer was empty; answer with the JSON'] };
  try {
    return { kind: 'parsed', value: JSON.parse(bare) };
  } catch (error) {
    return { kind: 'invalid', errors: [`the answer is not JSON (${(error as Error).message})`] };
  }
}

function prettyIfJson(text: string): string | undefined {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return undefined;
  }
}

function fence(json: string): string {
  const ticks = json.includes('```') ? '~~~~' : '```';
  return `${ticks}json\n${json}\n${ticks}`;
}

function nameOf(tool: ChatCompletionTool): string {
  return tool.type === 'function' ? tool.function.name : tool.custom.name;
}
