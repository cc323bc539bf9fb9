/**
 * The `mcp-servers` input: YAML or JSON naming each server the agent may use. It comes only from
 * the workflow (never from a file of the repository, which a pull request could change), and its
 * `env` and `headers` values name variables of the step's environment as `$NAME`, so a secret goes
 * to the one server it is configured for. Every value such a name brings in is a secret of the run.
 */
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { MCP_CALL_TIMEOUT_MS, MCP_MAX_TIMEOUT_SECONDS } from '../limits.js';

interface ServerCommon {
  /** The name in the input: letters, digits, `-`, `_`; tools are offered as `mcp__<name>__<tool>`. */
  name: string;
  /** The server's tools offered to the model; undefined offers all of them. */
  tools: string[] | undefined;
  /** The user's word that this server's read-only tools may run in review runs. */
  readOnly: boolean;
  /** One call's limit. */
  timeoutMs: number;
}

/** A server the action starts inside the sandbox and talks to over stdin and stdout. */
export interface McpStdioServer extends ServerCommon {
  kind: 'stdio';
  command: string;
  args: string[];
  /** Added to the environment agent-run commands get, with `$NAME` resolved. */
  env: Record<string, string>;
}

/** A remote server the action reaches itself over streamable HTTP. */
export interface McpHttpServer extends ServerCommon {
  kind: 'http';
  url: string;
  /** Sent with every request, with `$NAME` resolved. */
  headers: Record<string, string>;
}

export type McpServerSpec = McpStdioServer | McpHttpServer;

/** The parsed input: servers sorted by name, and every value `$NAME` brought in. */
export interface McpConfig {
  servers: McpServerSpec[];
  secrets: string[];
}

const SERVER_NAME = /^[A-Za-z0-9_-]{1,32}$/;
const VARIABLE = /\$(?:\{([A-Za-z_][A-Za-z0-9_]*)\}|([A-Za-z_][A-Za-z0-9_]*)|(\$))/g;

const scalar = z.union([z.string(), z.number(), z.boolean()]).transform(String);
const common = {
  tools: z.array(z.string().min(1)).optional(),
  'read-only': z.boolean().optional(),
  timeout: z.number().min(1).max(MCP_MAX_TIMEOUT_SECONDS).optional(),
};
const stdioSchema = z.strictObject({
  command: z.string().min(1),
  args: z.array(scalar).optional(),
  env: z.record(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/), scalar).optional(),
  ...common,
});
const httpSchema = z.strictObject({
  url: z.url({ protocol: /^https?$/ }),
  headers: z.record(z.string().regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/), scalar).optional(),
  ...common,
});

const EMPTY: McpConfig = { servers: [], secrets: [] };

/**
 * Parses the input and resolves `$NAME` (or `${NAME}`; `$$` is a literal `$`) from `env`.
 * Returns every problem, each naming the server and the key, never a value: a value may be a
 * secret pasted in by mistake.
 */
export function parseMcpServers(
  raw: string,
  env: Readonly<Record<string, string | undefined>>,
): { value: McpConfig } | { problems: string[] } {
  if (raw.trim() === '') return { value: EMPTY };
  let document: unknown;
  try {
    document = parseYaml(raw);
  } catch (error) {
    const first = (error instanceof Error ? error.message : String(error)).split('\n')[0];
    return { problems: [`mcp-servers is not valid YAML or JSON (${first})`] };
  }
  if (document === null || document === undefined) return { value: EMPTY };
  if (typeof document !== 'object' || Array.isArray(document))
    return {
      problems: [
        'mcp-servers must be a map from a server name to its settings, e.g. `docs: { url: https://example.com/mcp }`',
      ],
    };
  const problems: string[] = [];
  const secrets = new Set<string>();
  const servers: McpServerSpec[] = [];
  for (const [name, settings] of Object.entries(document)) {
    const server = parseServer(name, settings, env, problems, secrets);
    if (server) servers.push(server);
  }
  if (problems.length > 0) return { problems };
  servers.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { value: { servers, secrets: [...secrets] } };
}

function parseServer(
  name: string,
  settings: unknown,
  env: Readonly<Record<string, string | undefined>>,
  problems: string[],
  secrets: Set<string>,
): McpServerSpec | undefined {
  const where = `mcp-servers: server "${name}"`;
  if (!SERVER_NAME.test(name)) {
    problems.push(`${where}: a server name has 1 to 32 letters, digits, "-" or "_"`);
    return undefined;
  }
  const record =
    settings !== null && typeof settings === 'object' ? (settings as Record<string, unknown>) : {};
  const isStdio = 'command' in record;
  if (isStdio === 'url' in record) {
    problems.push(
      `${where} needs either \`command\` (a program the action starts, with \`args\` and \`env\`) or \`url\` (a streamable HTTP endpoint, with \`headers\`)`,
    );
    return undefined;
  }
  const parsed = (isStdio ? stdioSchema : httpSchema).safeParse(record);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) problems.push(`${where}: ${describeIssue(issue)}`);
    return undefined;
  }
  const data = parsed.data;
  const base = {
    name,
    tools: data.tools,
    readOnly: data['read-only'] ?? false,
    timeoutMs: data.timeout !== undefined ? data.timeout * 1000 : MCP_CALL_TIMEOUT_MS,
  };
  const resolveAll = (key: string, values: Record<string, string> | undefined) =>
    Object.fromEntries(
      Object.entries(values ?? {}).map(([k, v]) => [
        k,
        resolve(v, env, `${where}, ${key}.${k}`, problems, secrets),
      ]),
    );
  if ('command' in data) {
    return {
      ...base,
      kind: 'stdio',
      command: data.command,
      args: data.args ?? [],
      env: resolveAll('env', data.env),
    };
  }
  return { ...base, kind: 'http', url: data.url, headers: resolveAll('headers', data.headers) };
}

/** `$NAME` and `${NAME}` from the step's environment; an unset name is a problem. */
function resolve(
  value: string,
  env: Readonly<Record<string, string | undefined>>,
  where: string,
  problems: string[],
  secrets: Set<string>,
): string {
  return value.replace(VARIABLE, (_match, braced?: string, plain?: string) => {
    const variable = braced ?? plain;
    if (variable === undefined) return '$';
    const found = env[variable];
    if (found === undefined) {
      problems.push(
        `${where} names $${variable}, which is not set in the step's environment; add it to the step's \`env:\` (e.g. \`${variable}: \${{ secrets.${variable} }}\`)`,
      );
      return '';
    }
    if (found !== '') secrets.add(found);
    return found;
  });
}

function describeIssue(issue: z.core.$ZodIssue): string {
  const key = issue.path.join('.');
  if (issue.code === 'unrecognized_keys')
    return `unknown ${issue.keys.length === 1 ? 'key' : 'keys'} ${issue.keys.map((k) => `\`${k}\``).join(', ')} (a stdio server takes command, args, env, tools, read-only, timeout; an HTTP server url, headers, tools, read-only, timeout)`;
  const expected: Record<string, string> = {
    command: 'a program name or path',
    args: 'a list of strings',
    env: 'a map from variable names to values (`$NAME` takes a variable of the step)',
    url: 'an http(s) URL',
    headers: 'a map from header names to values (`$NAME` takes a variable of the step)',
    tools: 'a list of tool names',
    'read-only': 'true or false',
    timeout: `seconds, from 1 to ${MCP_MAX_TIMEOUT_SECONDS}`,
  };
  const top = String(issue.path[0] ?? '');
  return `\`${key || top}\` must be ${expected[top] ?? issue.message}`;
}
