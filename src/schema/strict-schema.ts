/**
 * Whether an output schema can go to the provider in strict mode, where the provider's decoder
 * holds the answer to the schema exactly. Strict mode takes a subset of JSON Schema: every object
 * lists all its properties as required and allows no others, and only some keywords may appear.
 *
 * The one change made here is `additionalProperties: false` on objects that say nothing about
 * extra properties: it only narrows what validates, so an answer the provider enforces still
 * matches the user's schema. Making optional properties required (and nullable) would widen it,
 * so a schema with an optional property is sent non-strict instead, and the run's own validator
 * (with its repair turn) is what holds the answer to it. So is a schema with any keyword outside
 * the subset below.
 */

// The keywords OpenAI's strict mode documents as supported, plus annotations it ignores.
const STRICT_KEYWORDS = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'enum',
  'const',
  'anyOf',
  '$ref',
  '$defs',
  'definitions',
  'description',
  'title',
  'default',
  'examples',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
]);

const STRICT_FORMATS = new Set([
  'date-time',
  'time',
  'date',
  'duration',
  'email',
  'hostname',
  'ipv4',
  'ipv6',
  'uuid',
]);

/** Keywords whose value is one schema, a map of schemas, or a list of schemas. */
const ONE = ['items', 'additionalProperties'];
const MAP = ['properties', '$defs', 'definitions'];
const LIST = ['anyOf'];

type Schema = Record<string, unknown>;

/** The schema as strict mode takes it (object root), or undefined when it cannot be strict. */
export function strictFit(schema: Schema): Schema | undefined {
  if (schema['type'] !== 'object') return undefined;
  return fit(schema);
}

function fit(node: unknown): Schema | undefined {
  if (node === true) return {};
  if (!isSchema(node)) return undefined;
  const out: Schema = {};
  for (const [key, value] of Object.entries(node)) {
    if (!STRICT_KEYWORDS.has(key)) return undefined;
    if (key === 'format' && !STRICT_FORMATS.has(String(value))) return undefined;
    if (ONE.includes(key)) {
      if (key === 'additionalProperties' && value === false) out[key] = false;
      else if (key === 'additionalProperties') return undefined;
      else {
        const child = fit(value);
        if (!child) return undefined;
        out[key] = child;
      }
    } else if (MAP.includes(key)) {
      if (!isSchema(value)) return undefined;
      const children: Schema = {};
      for (const [name, child] of Object.entries(value)) {
        const fitted = fit(child);
        if (!fitted) return undefined;
        children[name] = fitted;
      }
      out[key] = children;
    } else if (LIST.includes(key)) {
      if (!Array.isArray(value)) return undefined;
      const children = value.map(fit);
      if (children.some((child) => child === undefined)) return undefined;
      out[key] = children;
    } else out[key] = value;
  }
  if (isObjectSchema(node)) {
    const properties = Object.keys(isSchema(node['properties']) ? node['properties'] : {});
    const required = Array.isArray(node['required']) ? node['required'] : [];
    if (properties.length === 0 || properties.some((name) => !required.includes(name))) return undefined;
    out['additionalProperties'] = false;
  }
  return out;
}

function isObjectSchema(node: Schema): boolean {
  const type = node['type'];
  return type === 'object' || (Array.isArray(type) && type.includes('object')) || 'properties' in node;
}

function isSchema(value: unknown): value is Schema {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
