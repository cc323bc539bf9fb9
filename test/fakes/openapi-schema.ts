/**
 * Turns the OpenAPI 3.0.3 schema objects of GitHub's description into JSON Schema 2020-12 for Ajv:
 * `nullable` becomes a `null` type, OpenAPI-only keywords (`example`, `discriminator`, `x-*`) are
 * dropped, and `#/components/schemas/x` references point at schemas registered under {@link SCHEMA_BASE}.
 */

/** Base URI under which every component schema is registered (`${SCHEMA_BASE}/<name>`). */
export const SCHEMA_BASE = 'https://github-openapi.fake/schemas';

type Json = Record<string, unknown>;

const DROPPED = new Set(['example', 'examples', 'discriminator', 'xml', 'externalDocs', 'nullable']);
const SUBSCHEMA = new Set(['additionalProperties', 'items', 'not', 'contains', 'propertyNames']);
const SUBSCHEMA_LISTS = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);
const SUBSCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs']);

/** A JSON Schema 2020-12 copy of an OpenAPI 3.0 schema object. */
export function toJsonSchema(schema: unknown): unknown {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return schema;
  const source = schema as Json;
  const out: Json = {};
  for (const [key, value] of Object.entries(source)) {
    if (DROPPED.has(key) || key.startsWith('x-')) continue;
    if (key === '$ref' && typeof value === 'string') out[key] = refUri(value);
    else if (SUBSCHEMA.has(key)) out[key] = toJsonSchema(value);
    else if (SUBSCHEMA_LISTS.has(key) && Array.isArray(value)) out[key] = value.map(toJsonSchema);
    else if (SUBSCHEMA_MAPS.has(key) && value && typeof value === 'object') {
      out[key] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, toJsonSchema(sub)]));
    } else out[key] = value;
  }
  return source['nullable'] === true ? allowNull(out) : out;
}

function refUri(ref: string): string {
  const match = /^#\/components\/schemas\/(.+)$/.exec(ref);
  if (!match) throw new Error(`unsupported schema $ref ${ref}`);
  return `${SCHEMA_BASE}/${match[1]}`;
}

function allowNull(schema: Json): Json {
  const { type } = schema;
  if (Array.isArray(schema['enum']) && !schema['enum'].includes(null)) {
    schema['enum'] = [...schema['enum'], null];
  }
  if (typeof type === 'string') return { ...schema, type: [type, 'null'] };
  if (Array.isArray(type)) return type.includes('null') ? schema : { ...schema, type: [...type, 'null'] };
  return { anyOf: [schema, { type: 'null' }] };
}
