/**
 * A fake GitHub for tests: real HTTP on 127.0.0.1 serving the REST API under `/api/v3`, the
 * GraphQL operations the action uses at `/api/graphql` (draft state in `github-graphql.ts`,
 * `createCommitOnBranch`, review threads in `github-graphql-threads.ts`) and git
 * smart HTTP at `/{owner}/{repo}.git`. Every API request is checked against GitHub's official
 * OpenAPI description (see `openapi-validator.ts`); a request that does not conform is answered
 * 400/404 and recorded in `violations`, so each test ends with `server.assertNoViolations()`.
 *
 *   const github = await startGitHubServer({ files: { 'README.md': '# Hi\n' } });
 *   github.state.addUser('alice', { permission: 'write' });
 *   const issue = github.state.addIssue({ title: 'Bug', body: '…', user: 'alice' });
 *   // run the action with github.actionEnv() …
 *   assert.equal(await github.git.readFile('agent/issue-1', 'src/a.ts'), '…');
 *   github.assertNoViolations();
 *   await github.close();
 */
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type BareRepo, seedBareRepo } from './bare-repo.js';
import { GIT_PATH, serveGit } from './git-http.js';
import { answerGraphql, GRAPHQL_PATH } from './github-graphql.js';
import { executeCreateCommit } from './github-graphql-commit.js';
import { executeGateOperation, GATE_FIELDS } from './github-graphql-gates.js';
import { checkGraphqlDocument } from './github-graphql-schema.js';
import { executeReviewThreads, THREAD_FIELDS } from './github-graphql-threads.js';
import { HANDLERS, type Handler, type Reply } from './github-handlers.js';
import { JOB_LOGS_PATH } from './github-handlers-actions.js';
import { serveUpload, UPLOADS_PATH } from './github-rendered-body.js';
import { GitHubState, type Permission } from './github-state.js';
import { OpenApiValidator } from './openapi-validator.js';

export interface GitHubServerOptions {
  owner?: string;
  repo?: string;
  defaultBranch?: string;
  /** The token API and git requests must carry. */
  token?: string;
  /** Login the token acts as (default `github-actions[bot]`). */
  tokenUser?: string;
  /** Files of the initial commit. */
  files?: Record<string, string>;
  /** A directory whose files seed the initial commit. */
  fromDir?: string;
  /** Permission of users the state does not know (default `read`). */
  defaultPermission?: Permission;
  /** Check the fake's own JSON responses against the description too (default true). */
  validateResponses?: boolean;
}

/** One request as the server received it. */
export interface RecordedRequest {
  method: string;
  /** Path and query, as sent. */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  /** The raw body (empty for none). */
  body: string;
  /** The operation it matched, for API requests that conform. */
  operationId?: string;
}

/** A request (or one of the fake's responses) that does not conform to the description. */
export interface Violation {
  kind: 'auth' | 'request' | 'response' | 'unimplemented';
  method: string;
  url: string;
  operationId?: string;
  errors: string[];
}

/** Replaces the handler of an operation; return undefined to fall through to the default one. */
export type Interceptor = (request: Parameters<Handler>[0]) => Reply | undefined | Promise<Reply | undefined>;

export interface GitHubServer {
  /** `GITHUB_API_URL`, e.g. `http://127.0.0.1:PORT/api/v3`. */
  apiUrl: string;
  /** `GITHUB_SERVER_URL`, e.g. `http://127.0.0.1:PORT`. */
  serverUrl: string;
  /** `https://…/{owner}/{repo}.git`-style clone URL (without credentials). */
  cloneUrl: string;
  token: string;
  owner: string;
  repo: string;
  state: GitHubState;
  git: BareRepo;
  requests: RecordedRequest[];
  violations: Violation[];
  /** Fails (assert) listing every violation recorded so far. */
  assertNoViolations(): void;
  /** Intercepts one operation (by operationId, e.g. `actions/create-workflow-dispatch`); returns an undo. */
  intercept(operationId: string, interceptor: Interceptor): () => void;
  /** `GITHUB_SERVER_URL`, `GITHUB_API_URL`, `GITHUB_REPOSITORY` and the token input, for `runAction`'s env. */
  actionEnv(): Record<string, string>;
  /** The value of `http.extraheader` that authenticates git as actions/checkout does. */
  gitAuthHeader(token?: string): string;
  close(): Promise<void>;
}

const API_PREFIX = '/api/v3';

let sharedValidator: OpenApiValidator | undefined;

/** Starts the fake on a random port of 127.0.0.1 with a seeded bare repository. */
export async function startGitHubServer(options: GitHubServerOptions = {}): Promise<GitHubServer> {
  const owner = options.owner ?? 'Codertocat';
  const repo = options.repo ?? 'Hello-World';
  const token = options.token ?? 'ghs_fakeGitHubToken000000000000000000000';
  const git = await seedBareRepo({
    owner,
    repo,
    defaultBranch: options.defaultBranch ?? 'main',
    files: options.files ?? (options.fromDir ? {} : { 'README.md': `# ${repo}\n` }),
    ...(options.fromDir ? { fromDir: options.fromDir } : {}),
  });
  const state = new GitHubState(
    owner,
    repo,
    options.tokenUser ?? 'github-actions[bot]',
    options.defaultPermission,
  );
  sharedValidator ??= new OpenApiValidator();
  const validator = sharedValidator;
  const requests: RecordedRequest[] = [];
  const violations: Violation[] = [];
  const interceptors = new Map<string, Interceptor[]>();
  const urls = { apiUrl: '', serverUrl: '' };

  const handleApi = async (
    req: IncomingMessage,
    res: ServerResponse,
    raw: Buffer,
    record: RecordedRequest,
  ) => {
    const url = new URL(req.url ?? '/', 'http://fake.invalid');
    const method = req.method ?? 'GET';
    const violate = (kind: Violation['kind'], errors: string[], operationId?: string) =>
      violations.push({ kind, method, url: record.url, errors, ...(operationId ? { operationId } : {}) });
    const auth = /^(?:token|bearer)\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
    if (auth !== token) {
      violate('auth', ['missing or wrong authorization header']);
      return sendJson(res, 401, { message: 'Requires authentication', documentation_url: DOCS });
    }
    let body: unknown;
    if (raw.length > 0) {
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        violate('request', ['body is not JSON']);
        return sendJson(res, 400, { message: 'Problems parsing JSON', documentation_url: DOCS });
      }
    }
    const pathname = url.pathname.slice(API_PREFIX.length) || '/';
    const check = validator.checkRequest(method, pathname, url.searchParams, body);
    if (!check.match || check.errors.length > 0) {
      violate('request', check.errors, check.match?.operationId);
      if (!check.match) return sendJson(res, 404, { message: 'Not Found', documentation_url: DOCS });
      return sendJson(res, 400, {
        message: 'Invalid request',
        errors: check.errors,
        documentation_url: DOCS,
      });
    }
    const { match } = check;
    record.operationId = match.operationId;
    const input = { ...match, body, state, git, urls, headers: req.headers };
    let reply: Reply | undefined;
    for (const interceptor of interceptors.get(match.operationId) ?? []) {
      reply = await interceptor(input);
      if (reply) break;
    }
    const handler = HANDLERS[match.operationId];
    if (!reply && !handler) {
      violate('unimplemented', [`the fake does not implement ${match.operationId}`], match.operationId);
      return sendJson(res, 501, { message: 'Not implemented by the fake' });
    }
    reply ??= await handler!(input);
    if (options.validateResponses !== false && reply.body !== undefined && reply.status < 500) {
      const errors = validator.checkResponse(match, reply.status, reply.body);
      if (errors.length > 0) violate('response', errors.slice(0, 20), match.operationId);
    }
    if (reply.text !== undefined) {
      res.writeHead(reply.status, reply.headers ?? {});
      return res.end(reply.text);
    }
    res.writeHead(reply.status, { ...reply.headers, ...(reply.body !== undefined ? JSON_HEADERS : {}) });
    res.end(reply.body === undefined ? undefined : JSON.stringify(reply.body));
  };

  const handleGraphql = async (
    req: IncomingMessage,
    res: ServerResponse,
    raw: Buffer,
    record: RecordedRequest,
  ) => {
    const violate = (kind: Violation['kind'], errors: string[]) =>
      violations.push({ kind, method: record.method, url: record.url, errors });
    const auth = /^(?:token|bearer)\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
    if (auth !== token) {
      violate('auth', ['missing or wrong authorization header']);
      return sendJson(res, 401, { message: 'Requires authentication', documentation_url: DOCS });
    }
    let body: unknown;
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      violate('request', ['body is not JSON']);
      return sendJson(res, 400, { message: 'Problems parsing JSON', documentation_url: DOCS });
    }
    // Every document is checked against GitHub's public schema first (fields, inputs, variables).
    const { query, variables } = (body ?? {}) as { query?: unknown; variables?: Record<string, unknown> };
    const checked = typeof query === 'string' ? checkGraphqlDocument(query, variables ?? {}) : undefined;
    if (checked && !checked.ok) {
      violate('request', checked.errors);
      return sendJson(res, 200, { errors: checked.errors.map((message) => ({ message })) });
    }
    if (checked?.fields.includes('createCommitOnBranch')) {
      const ctx = { state, git, serverUrl: urls.serverUrl };
      return sendJson(res, 200, await executeCreateCommit(ctx, checked.operation, checked.variables));
    }
    if (checked?.fields.some((f) => THREAD_FIELDS.includes(f))) {
      const ctx = { state, serverUrl: urls.serverUrl };
      return sendJson(res, 200, await executeReviewThreads(ctx, checked.operation, checked.variables));
    }
    if (checked?.fields.some((f) => GATE_FIELDS.includes(f))) {
      return sendJson(
        res,
        200,
        await executeGateOperation({ state, git, urls }, checked.operation, checked.variables),
      );
    }
    const answer = answerGraphql(state, body, urls.serverUrl);
    if (answer.violations.length > 0) violate('request', answer.violations);
    sendJson(res, answer.status, answer.body);
  };

  const server = createServer(async (req, res) => {
    try {
      const raw = await readBody(req);
      const record: RecordedRequest = {
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        headers: { ...req.headers },
        body: raw.toString('utf8'),
      };
      requests.push(record);
      const pathname = new URL(req.url ?? '/', 'http://fake.invalid').pathname;
      if (pathname === API_PREFIX || pathname.startsWith(`${API_PREFIX}/`)) {
        await handleApi(req, res, raw, record);
      } else if (pathname === GRAPHQL_PATH && record.method === 'POST') {
        await handleGraphql(req, res, raw, record);
      } else if (GIT_PATH.test(pathname)) {
        await serveGit(req, res, raw, { projectRoot: git.root, tokens: [token] });
      } else if (pathname.startsWith(UPLOADS_PATH) && record.method === 'GET') {
        serveUpload(state, req, res);
      } else if (pathname.startsWith(JOB_LOGS_PATH)) {
        const job = state.job(Number(pathname.slice(JOB_LOGS_PATH.length)));
        res.writeHead(job ? 200 : 404, { 'content-type': 'text/plain; charset=utf-8' });
        res.end(job ? job.log : 'Not Found');
      } else {
        violations.push({
          kind: 'request',
          method: record.method,
          url: record.url,
          errors: ['not an API, git or log URL'],
        });
        res.writeHead(404, { 'content-type': 'text/plain' });
        res.end('Not Found');
      }
    } catch (error) {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(`fake GitHub server error: ${error instanceof Error ? error.stack : String(error)}`);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  urls.serverUrl = `http://127.0.0.1:${port}`;
  urls.apiUrl = `${urls.serverUrl}${API_PREFIX}`;

  return {
    apiUrl: urls.apiUrl,
    serverUrl: urls.serverUrl,
    cloneUrl: `${urls.serverUrl}/${owner}/${repo}.git`,
    token,
    owner,
    repo,
    state,
    git,
    requests,
    violations,
    assertNoViolations() {
      assert.deepEqual(violations, [], `the fake GitHub server saw non-conforming traffic`);
    },
    intercept(operationId, interceptor) {
      if (!validator.hasOperation(operationId)) throw new Error(`no operation ${operationId} in the fixture`);
      interceptors.set(operationId, [...(interceptors.get(operationId) ?? []), interceptor]);
      return () =>
        interceptors.set(
          operationId,
          (interceptors.get(operationId) ?? []).filter((i) => i !== interceptor),
        );
    },
    actionEnv: () => ({
      GITHUB_SERVER_URL: urls.serverUrl,
      GITHUB_API_URL: urls.apiUrl,
      GITHUB_REPOSITORY: `${owner}/${repo}`,
      'INPUT_GITHUB-TOKEN': token,
    }),
    gitAuthHeader(value = token) {
      return `AUTHORIZATION: basic ${Buffer.from(`x-access-token:${value}`).toString('base64')}`;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

const DOCS = 'https://docs.github.com/rest';
const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' };

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, JSON_HEADERS);
  res.end(JSON.stringify(body));
}
