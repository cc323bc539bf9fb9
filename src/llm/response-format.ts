/**
 * The `output-schema` as a request carries it: `response_format` on Chat Completions, `text.format`
 * on the Responses API. Sent only where the endpoint combines a response schema with tools (see
 * `LlmClient.structuredOutput`) and until it refuses one: a refused strict schema is sent again
 * non-strict, a refused schema at all leaves the final answer to the `final_answer` tool (see
 * `agent/final-answer.ts`). Wire-neutral rules, one shape per wire.
 */

import type { ResponseFormatTextJSONSchemaConfig } from 'openai/resources/responses/responses';
import type { ResponseFormatJSONSchema } from 'openai/resources/shared';
import type { RequestRules } from './request-rules.js';

/** A JSON Schema the final answer must follow, in the form requests carry it. */
export interface ResponseSchema {
  /** `^[A-Za-z0-9_-]{1,64}$`, as OpenAI requires of a schema's name. */
  name: string;
  /** The schema (its root an object: a schema for anything else is wrapped, see `answer-schema.ts`). */
  schema: Record<string, unknown>;
  /** Whether the schema fits strict mode, so the provider can hold the answer to it exactly. */
  strict: boolean;
}

/** Whether requests of this run still carry the schema (the endpoint has not refused it). */
export function sendsResponseSchema(rules: RequestRules): boolean {
  return rules.allows('response_format');
}

/** `response_format` for a Chat Completions request. */
export function chatResponseFormat(spec: ResponseSchema, rules: RequestRules): ResponseFormatJSONSchema {
  return {
    type: 'json_schema',
    json_schema: {
      name: spec.name,
      schema: spec.schema,
      strict: spec.strict && rules.allows('strict-schema'),
    },
  };
}

/** `text` for a Responses request. */
export function responsesTextFormat(
  spec: ResponseSchema,
  rules: RequestRules,
): { format: ResponseFormatTextJSONSchemaConfig } {
  return {
    format: {
      type: 'json_schema',
      name: spec.name,
      schema: spec.schema,
      strict: spec.strict && rules.allows('strict-schema'),
    },
  };
}
