/**
 * Checks HTTP requests (and the fake's own responses) against the operations in
 * `test/fixtures/github-openapi.json`, the subset of GitHub's official description that
 * `scripts/extract-github-openapi.mjs` extracts.
 */
import { readFileSync } from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsPlugin from 'ajv-formats';
import { SCHEMA_BASE, toJsonSchema } from './openapi-schema.js';

const addFormats = addFormatsPlugin as unknown as typeof addFormatsPlugin.default;

/** Where the extracted description lives. */
export const OPENAPI_FIXTURE = new URL('../fixtures/github-openapi.json', import.meta.url);

type Json = Record<string, any>;

/** One operation of the description, found by method and path. */
export interface OperationMatch {
  operationId: string;
  method: string;
  /** The path template, e.g. `/repos/{owner}/{repo}/issues/{issue_number}`. */
  template: string;
  /** Path parameters, URI-decoded and coerced to their schema types. */
  params: Record<string, any>;
  /** Query parameters coerced to their schema types. */
  query: Record<string, any>;
}

/** The outcome of checking one request: `errors` is empty when it conforms. */
export interface RequestCheck {
  match?: OperationMatch;
  errors: string[];
}

interface Route {
  method: string;
  template: string;
  pattern: RegExp;
  names: string[];
  literalSegments: number;
  operation: Json;
  parameters: Json[];
}

/** Validates requests and responses against the extracted OpenAPI description. */
export class OpenApiValidator {
  readonly document: Json;
  private readonly routes: Route[] = [];
  private readonly ajv = createAjv(false);
  private readonly coercingAjv = createAjv(true);
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(document: Json = JSON.parse(readFileSync(OPENAPI_FIXTURE, 'utf8'))) {
    this.document = document;
    for (const [name, schema] of Object.entries<Json>(document['components']['schemas'])) {
      const converted = toJsonSchema(schema) as Json;
      this.ajv.addSchema(converted, `${SCHEMA_BASE}/${name}`);
      this.coercingAjv.addSchema(converted, `${SCHEMA_BASE}/${name}`);
    }
    for (const [template, item] of Object.entries<Json>(document['paths'])) {
      for (const [method, operation] of Object.entries<Json>(item)) {
        if (method === 'parameters') continue;
        const parameters = [...(item['parameters'] ?? []), ...(operation['parameters'] ?? [])].map((p) =>
          this.resolve(p),
        );
        this.routes.push({
          method,
          template,
          operation,
          parameters,
          ...compileTemplate(template, parameters),
        });
      }
    }
    // Literal segments win over parameters, as on GitHub (`pulls/comments/1` is not pull `comments`).
    this.routes.sort((a, b) => b.literalSegments - a.literalSegments);
  }

  /** True when the description has an operation with this id. */
  hasOperation(operationId: string): boolean {
    return this.routes.some((r) => r.operation['operationId'] === operationId);
  }

  /** Checks path, method, path and query parameters and the JSON body of one request. */
  checkRequest(method: string, pathname: string, search: URLSearchParams, body: unknown): RequestCheck {
    const lower = method.toLowerCase();
    const candidates = this.routes.filter((r) => r.pattern.test(pathname));
    const route = candidates.find((r) => r.method === lower);
    if (!route) {
      const why = candidates.length > 0 ? 'method not allowed for' : 'no operation matches';
      return { errors: [`${why} ${method} ${pathname}`] };
    }
    const errors: string[] = [];
    const operationId = route.operation['operationId'] as string;
    const values = route.pattern.exec(pathname)!.slice(1);
    const params = Object.fromEntries(route.names.map((n, i) => [n, safeDecode(values[i] ?? '')]));
    errors.push(...this.checkParameters(`${operationId}:path`, route, 'path', params));
    const query: Record<string, any> = {};
    for (const [key, value] of search) query[key] = value;
    errors.push(...this.checkParameters(`${operationId}:query`, route, 'query', query));
    errors.push(...this.checkBody(operationId, route.operation, body));
    return { match: { operationId, method: lower, template: route.template, params, query }, errors };
  }

  /** Checks a response body (JSON) against the operation's schema for that status, if it has one. */
  checkResponse(match: Pick<OperationMatch, 'method' | 'template'>, status: number, body: unknown): string[] {
    const route = this.routes.find((r) => r.method === match.method && r.template === match.template);
    if (!route) return [`no operation ${match.method} ${match.template}`];
    const responses = route.operation['responses'] as Json;
    const declared = responses[String(status)] ?? responses['default'];
    // GitHub documents its error answers only in part, so an undocumented 4xx is not held against the fake.
    if (!declared && status >= 400) return [];
    if (!declared)
      return [`status ${status} is not a documented response of ${route.operation['operationId']}`];
    const schema = this.resolve(declared)['content']?.['application/json']?.['schema'];
    if (!schema) return [];
    const key = `${route.operation['operationId']}:response:${status}`;
    return this.run(this.ajv, key, () => toJsonSchema(schema), body, 'response');
  }

  private checkParameters(key: string, route: Route, place: string, values: Record<string, any>): string[] {
    const declared = route.parameters.filter((p) => p['in'] === place);
    const errors = Object.keys(values)
      .filter((name) => !declared.some((p) => p['name'] === name))
      .map((name) => `unknown ${place} parameter "${name}"`);
    const schema = () => ({
      type: 'object',
      properties: Object.fromEntries(declared.map((p) => [p['name'], toJsonSchema(p['schema'] ?? {})])),
      required: declared.filter((p) => p['required']).map((p) => p['name']),
    });
    return [...errors, ...this.run(this.coercingAjv, key, schema, values, place)];
  }

  private checkBody(operationId: string, operation: Json, body: unknown): string[] {
    const requestBody = operation['requestBody'] ? this.resolve(operation['requestBody']) : undefined;
    if (!requestBody) return body === undefined ? [] : ['this operation takes no request body'];
    if (body === undefined) return requestBody['required'] ? ['request body is required'] : [];
    const schema = requestBody['content']?.['application/json']?.['schema'];
    if (!schema) return ['request body must not be JSON for this operation'];
    return this.run(
      this.ajv,
      `${operationId}:body`,
      () => closeTopLevel(toJsonSchema(schema) as Json),
      body,
      'body',
    );
  }

  private run(ajv: Ajv2020, key: string, schema: () => unknown, data: unknown, place: string): string[] {
    let validate = this.compiled.get(key);
    if (!validate) {
      validate = ajv.compile(schema() as Json);
      this.compiled.set(key, validate);
    }
    if (validate(data)) return [];
    return (validate.errors ?? []).map((e) => `${place}${e.instancePath || ''} ${e.message ?? 'is invalid'}`);
  }

  /** Follows one `#/components/...` reference (parameters, request bodies, responses). */
  private resolve(value: Json): Json {
    const ref = value['$ref'];
    if (typeof ref !== 'string') return value;
    const [, , section, name] = ref.split('/');
    return this.resolve(this.document['components'][section!][name!]);
  }
}

function createAjv(coerce: boolean): Ajv2020 {
  const ajv = new Ajv2020({ strict: false, allErrors: true, coerceTypes: coerce ? 'array' : false });
  addFormats(ajv);
  for (const name of ['int64', 'int32', 'timestamp', 'repo.nwo', 'binary']) ajv.addFormat(name, true);
  // GitHub serves `41898282+github-actions[bot]@users.noreply.github.com` (the Actions bot's
  // commits) in fields declared `format: email`; ajv-formats's pattern refuses the brackets.
  ajv.addFormat('email', /^[^\s@]+@[^\s@]+\.[^\s@]+$/);
  return ajv;
}

function compileTemplate(template: string, parameters: Json[]) {
  const names: string[] = [];
  let literalSegments = 0;
  const source = template
    .split('/')
    .map((segment) => {
      const param = /^\{(.+)\}$/.exec(segment)?.[1];
      if (!param) {
        if (segment) literalSegments++;
        return segment.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
      }
      names.push(param);
      const multi = parameters.some((p) => p['name'] === param && p['x-multi-segment']);
      return multi ? '(.+)' : '([^/]+)';
    })
    .join('/');
  return { pattern: new RegExp(`^${source}$`), names, literalSegments };
}

/**
 * GitHub ignores body fields it does not know, which hides misspelt parameters; the fake is
 * stricter and rejects unknown top-level fields of object bodies.
 */
function closeTopLevel(schema: Json): Json {
  if (schema['type'] !== 'object' || !schema['properties'] || 'additionalProperties' in schema) return schema;
  return { ...schema, additionalProperties: false };
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
