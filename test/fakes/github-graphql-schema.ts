/**
 * GitHub's public GraphQL schema (from `@octokit/graphql-schema`) for the fake server: every
 * GraphQL document the action sends is validated against it, and its variables are coerced the
 * way GitHub's server would, so a misspelt field or a missing required input fails the test.
 */
import { readFileSync } from 'node:fs';
import {
  buildClientSchema,
  type GraphQLSchema,
  getVariableValues,
  type IntrospectionQuery,
  type OperationDefinitionNode,
  parse,
  validate,
} from 'graphql';

let schema: GraphQLSchema | undefined;

/** The schema, built once per process (~0.3 s). */
export function githubSchema(): GraphQLSchema {
  if (!schema) {
    // The package exports only its entry point, which reads the same file next to it.
    const file = new URL('./schema.json', import.meta.resolve('@octokit/graphql-schema'));
    const json = JSON.parse(readFileSync(file, 'utf8')) as IntrospectionQuery | { data: IntrospectionQuery };
    schema = buildClientSchema('data' in json ? json.data : json);
  }
  return schema;
}

export type CheckedDocument =
  | {
      ok: true;
      operation: OperationDefinitionNode;
      /** Root field names selected by the operation, e.g. `['createCommitOnBranch']`. */
      fields: string[];
      variables: Record<string, unknown>;
    }
  | { ok: false; errors: string[] };

/** Parses and validates `query` and coerces `variables` against GitHub's schema. */
export function checkGraphqlDocument(
  query: string,
  variables: Record<string, unknown> = {},
): CheckedDocument {
  let document: ReturnType<typeof parse>;
  try {
    document = parse(query);
  } catch (error) {
    return { ok: false, errors: [(error as Error).message] };
  }
  const errors = validate(githubSchema(), document).map((e) => e.message);
  if (errors.length > 0) return { ok: false, errors };
  const operations = document.definitions.filter(
    (d): d is OperationDefinitionNode => d.kind === 'OperationDefinition',
  );
  if (operations.length !== 1) return { ok: false, errors: ['the fake expects exactly one operation'] };
  const operation = operations[0]!;
  const coerced = getVariableValues(githubSchema(), operation.variableDefinitions ?? [], variables);
  if (coerced.errors) return { ok: false, errors: coerced.errors.map((e) => e.message) };
  const fields = operation.selectionSet.selections.flatMap((s) => (s.kind === 'Field' ? [s.name.value] : []));
  return { ok: true, operation, fields, variables: coerced.coerced };
}
