/**
 * The `output-schema` compiled once per run: a real JSON Schema validator (Ajv, with the standard
 * formats) for the answer, and the schema in the shapes the model is asked with — a response
 * format (its root an object, as providers require: any other root is wrapped as `{"result": …}`)
 * and the `final_answer` tool's parameters (`{"answer": …}`). The dialect follows `$schema`
 * (2020-12 when none is named). Imported only by runs that set the input, so Ajv costs the others
 * nothing at start-up.
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsPlugin from 'ajv-formats';
import { SCHEMA_ERRORS_SHOWN } from '../limits.js';
import type { ResponseSchema } from '../llm/response-format.js';
import { strictFit } from './strict-schema.js';

// ajv-formats is CommonJS with its function as `default`.
const addFormats = addFormatsPlugin as unknown as typeof addFormatsPlugin.default;

/** Whether an answer matches, and why not. */
export type AnswerCheck = { kind: 'valid'; value: unknown } | { kind: 'invalid'; errors: string[] };

/** The compiled schema, as the agent loop uses it (see `agent/final-answer.ts`). */
export interface AnswerSchema {
  /** The schema as a response format. */
  format: ResponseSchema;
  /** The answer inside a format reply (unwraps `{"result": …}` when the root was wrapped). */
  fromFormat(reply: unknown): unknown;
  /** The `final_answer` tool's parameters: `{"answer": <the schema>}`. */
  toolParameters: Record<string, unknown>;
  /** Validates an answer against the user's schema. */
  check(answer: unknown): AnswerCheck;
}

/** The schema was not one Ajv can compile; the message names what is wrong. */
export class OutputSchemaError extends Error {
  override name = 'OutputSchemaError';
}

type Schema = Record<string, unknown>;

/** Compiles `schema`; throws {@link OutputSchemaError} when it is not a usable JSON Schema. */
export function compileAnswerSchema(schema: Schema): AnswerSchema {
  const validate = compile(schema);
  const objectRoot = schema['type'] === 'object';
  const inner = withoutRootKeywords(schema);
  const formatSchema = objectRoot ? inner : wrap('result', inner);
  const strict = strictFit(formatSchema);
  return {
    format: { name: schemaName(schema), schema: strict ?? formatSchema, strict: strict !== undefined },
    fromFormat: (reply) =>
      objectRoot ? reply : reply && typeof reply === 'object' ? (reply as Schema)['result'] : undefined,
    toolParameters: wrap('answer', inner),
    check(answer) {
      if (answer === undefined) return { kind: 'invalid', errors: ['there is no answer'] };
      return validate(answer)
        ? { kind: 'valid', value: answer }
        : { kind: 'invalid', errors: describe(validate.errors) };
    },
  };
}

function compile(schema: Schema): ValidateFunction {
  const dialect = String(schema['$schema'] ?? '');
  if (/draft-0[34]/.test(dialect))
    throw new OutputSchemaError(
      `output-schema names ${dialect}, which the validator does not read; use draft-07 or 2020-12`,
    );
  const options = { allErrors: true, strict: false, validateFormats: true };
  const ajv = /2019-09/.test(dialect)
    ? new Ajv2019(options)
    : /draft-0[67]/.test(dialect)
      ? new Ajv(options)
      : new Ajv2020(options);
  addFormats(ajv);
  try {
    return ajv.compile(schema);
  } catch (error) {
    throw new OutputSchemaError(`output-schema is not a valid JSON Schema: ${(error as Error).message}`);
  }
}

/** `{ "<key>": schema }` as an object schema; the schema's definitions move to the root, where its `$ref`s point. */
function wrap(key: string, schema: Schema): Schema {
  const { $defs, definitions, ...rest } = schema;
  return {
    type: 'object',
    properties: { [key]: rest },
    required: [key],
    additionalProperties: false,
    ...($defs ? { $defs } : {}),
    ...(definitions ? { definitions } : {}),
  };
}

/** The schema as a model reads it: without the dialect and id, which mean nothing there. */
function withoutRootKeywords(schema: Schema): Schema {
  const { $schema: _dialect, $id: _id, ...rest } = schema;
  return rest;
}

/** OpenAI requires `^[A-Za-z0-9_-]{1,64}$`; the schema's title when it has one. */
function schemaName(schema: Schema): string {
  const title = typeof schema['title'] === 'string' ? schema['title'] : '';
  const name = title
    .replace(/[^A-Za-z0-9_-]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 64);
  return name || 'result';
}

/** Ajv's errors as lines a model (and a person reading the failure) can act on. */
function describe(errors: ErrorObject[] | null | undefined): string[] {
  const all = (errors ?? []).map((error) => {
    const where = error.instancePath ? `\`${error.instancePath}\`` : 'the answer';
    const detail =
      error.keyword === 'additionalProperties'
        ? ` (\`${String(error.params['additionalProperty'])}\`)`
        : error.keyword === 'enum'
          ? ` (${JSON.stringify(error.params['allowedValues'])})`
          : '';
    return `${where} ${error.message ?? 'is invalid'}${detail}`;
  });
  const shown = all.slice(0, SCHEMA_ERRORS_SHOWN);
  if (all.length > shown.length) shown.push(`… and ${all.length - shown.length} more`);
  return shown.length > 0 ? shown : ['the answer does not match the schema'];
}
