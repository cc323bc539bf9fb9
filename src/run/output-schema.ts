/**
 * `output-schema` in a run: the schema compiled before the agent starts (inline, or the file as it
 * is on the trusted branch), and the agent's final answer turned into the `result` output — or,
 * when the answer never matched or never came, into a failure that names the schema error while
 * everything else is published as usual. The validator is imported only by runs that set the input.
 */
import type { AgentResult } from '../agent/loop.js';
import { quoteNote } from '../outputs/pull-request-body.js';
import type { AnswerSchema } from '../schema/answer-schema.js';
import type { RunContext } from './context.js';
import type { Publication } from './publish.js';

/** The run's compiled schema, or undefined without the input; throws naming the input when it is unusable. */
export async function loadRunAnswerSchema(
  ctx: RunContext,
  readTrusted: (filePath: string) => Promise<string | undefined>,
  trustedBranch: string,
): Promise<AnswerSchema | undefined> {
  const setting = ctx.config.outputSchema;
  if (!setting) return undefined;
  const [{ compileAnswerSchema }, { readTrustedSchema }] = await Promise.all([
    import('../schema/answer-schema.js'),
    import('../schema/schema-source.js'),
  ]);
  const schema =
    setting.kind === 'inline'
      ? setting.schema
      : await readTrustedSchema(readTrusted, setting.path, trustedBranch);
  const compiled = compileAnswerSchema(schema);
  const from = setting.kind === 'inline' ? 'inline' : `${setting.path} on ${trustedBranch}`;
  ctx.log.info(
    `Output schema (${from}): the final answer must match it${compiled.format.strict ? '; strict mode where the endpoint takes a response format' : ''}`,
  );
  return compiled;
}

/**
 * `result` from a valid answer; otherwise the run fails with the reason (the step fails, the
 * headline counts it as a problem of what was published), its publication otherwise unchanged.
 */
export function settleAnswer(ctx: RunContext, publication: Publication, agent: AgentResult): Publication {
  if (!ctx.config.outputSchema) return publication;
  const answer = agent.answer;
  if (answer?.kind === 'valid')
    return { ...publication, outcome: { ...publication.outcome, result: ctx.redact(answer.json) } };
  const why = answer
    ? `The final answer does not match \`output-schema\` after one repair turn: ${answer.errors.join('; ')}.`
    : `The agent stopped (${agent.stopReason}) before giving a final answer, so \`output-schema\` has no \`result\`.`;
  ctx.log.warning(why);
  return {
    ...publication,
    outcome: {
      ...publication.outcome,
      answerMissing: answer ? 'invalid' : 'none',
      failure: publication.outcome.failure ?? ctx.redact(why),
    },
    details: [publication.details, quoteNote(ctx.redact(why))].filter((p) => p.trim() !== '').join('\n\n'),
  };
}
