/**
 * The text of an output schema → a JSON object, with errors that say where it came from and what
 * to fix. The action reads a schema file from the trusted branch (never the head a run works on,
 * which the model or a contributor could have written); the local runner from the user's disk.
 */
import { OUTPUT_SCHEMA_MAX_BYTES } from '../limits.js';
import { OutputSchemaError } from './answer-schema.js';

/** A schema's JSON text parsed; `where` names its source in the error (`output-schema`, a file). */
export function parseSchemaText(text: string, where: string): Record<string, unknown> {
  if (Buffer.byteLength(text) > OUTPUT_SCHEMA_MAX_BYTES)
    throw new OutputSchemaError(
      `${where} is over ${OUTPUT_SCHEMA_MAX_BYTES / 1024} KiB; a JSON Schema for an answer is a few KiB`,
    );
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new OutputSchemaError(`${where} is not JSON: ${(error as Error).message}`);
  }
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw new OutputSchemaError(`${where} must be a JSON Schema object ({ "type": …, … })`);
  return value as Record<string, unknown>;
}

/** The schema file's text on the trusted branch, or a clear error when it is not there. */
export async function readTrustedSchema(
  read: (filePath: string) => Promise<string | undefined>,
  filePath: string,
  branch: string,
): Promise<Record<string, unknown>> {
  const text = await read(filePath);
  if (text === undefined)
    throw new OutputSchemaError(
      `output-schema names ${filePath}, which is not on the trusted branch ${branch}; schema files are read from there (never from the branch a run works on), so commit it to ${branch} or give the schema inline`,
    );
  return parseSchemaText(text, `output-schema (${filePath} on ${branch})`);
}
