/**
 * An MCP tool's arguments are described by the server's JSON Schema, not by zod. The schema is
 * compiled with Ajv (2020-12 unless it names draft-07 or older) and wrapped in a zod schema whose
 * check runs it, so the call goes through `invokeTool`'s one pipeline — parse, repair, validate —
 * and the model reads Ajv's findings as the same kind of issue list as for any other tool.
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { z } from 'zod';

export type ToolArguments = Record<string, unknown>;

// Formats are the server's to check: Ajv without ajv-formats would refuse schemas that use them.
const options = { strict: false, allErrors: true, validateFormats: false } as const;
let draft07: Ajv | undefined;
let draft2020: Ajv2020 | undefined;

/**
 * What the model sees of `schema`: an object schema without the dialect URI and `$id` (the
 * compilers are shared, and two servers may reuse one `$id`).
 */
export function modelSchema(schema: Record<string, unknown>): Record<string, unknown> {
  const { $schema: _dialect, $id: _id, ...rest } = schema;
  return rest.type === undefined ? { type: 'object', ...rest } : rest;
}

/**
 * A zod schema that accepts what `schema` accepts. A schema Ajv cannot compile (a server's own
 * mistake) accepts any object and leaves the check to the server; `note` says why.
 */
export function schemaArguments(schema: Record<string, unknown>): {
  parameters: z.ZodType<ToolArguments>;
  note?: string;
} {
  const objects = z.record(z.string(), z.unknown());
  let validate: ValidateFunction;
  try {
    validate = compiler(schema).compile(modelSchema(schema));
  } catch (error) {
    return { parameters: objects, note: error instanceof Error ? error.message : String(error) };
  }
  const parameters = objects.superRefine((value, ctx) => {
    if (validate(value)) return;
    for (const error of validate.errors ?? []) {
      ctx.addIssue({ code: 'custom', path: issuePath(error), message: issueMessage(error) });
    }
  });
  return { parameters };
}

function compiler(schema: Record<string, unknown>): Ajv | Ajv2020 {
  const dialect = typeof schema['$schema'] === 'string' ? schema['$schema'] : '';
  if (/draft-0[4-7]/.test(dialect)) {
    draft07 ??= new Ajv(options);
    return draft07;
  }
  draft2020 ??= new Ajv2020(options);
  return draft2020;
}

/** `/a/0/b` → `['a', '0', 'b']`, plus the missing property for `required`. */
function issuePath(error: ErrorObject): string[] {
  const path = error.instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  const missing = error.params['missingProperty'];
  return typeof missing === 'string' ? [...path, missing] : path;
}

function issueMessage(error: ErrorObject): string {
  if (error.keyword === 'required') return 'required';
  const extra = error.params['additionalProperty'];
  if (typeof extra === 'string') return `unknown property "${extra}"`;
  const allowed = error.params['allowedValues'];
  if (Array.isArray(allowed)) return `must be one of ${allowed.map((v) => JSON.stringify(v)).join(', ')}`;
  return error.message ?? `fails "${error.keyword}"`;
}
