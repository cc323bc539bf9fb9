import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { parseMcpServers } from '../../../src/mcp/mcp-config.js';
import { type McpToolSettings, type RunMcp, startMcpTools } from '../../../src/pipeline/mcp-tools.js';
import { unsandboxed } from '../../../src/sandbox/sandbox.js';
import { invokeTool } from '../../../src/tools/invoke.js';
import { ToolRegistry } from '../../../src/tools/registry.js';
import {
  EVERYTHING_SERVER,
  mcpTestHost,
  startHttpTestServer,
  TEST_SERVER,
} from '../../helpers/mcp-servers.js';

const SECRET = 'mcp-unit-secret-9c1f27';
const HTTP_TOKEN = 'http-token-58d1e0';
const sha = (text: string) => createHash('sha256').update(text).digest('hex');
const ENV = { PATH: `${path.dirname(process.execPath)}:/usr/bin:/bin` };

let dir: string;
let http: Awaited<ReturnType<typeof startHttpTestServer>>;
before(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'mcp-tools-'));
  http = await startHttpTestServer(HTTP_TOKEN);
});
after(async () => {
  http.close();
  await rm(dir, { recursive: true, force: true });
});

async function start(yaml: string, settings: Partial<McpToolSettings> = {}, lines: string[] = []) {
  const parsed = parseMcpServers(yaml, { SECRET, HTTP_TOKEN });
  assert.ok('value' in parsed, JSON.stringify(parsed));
  const mcp = await startMcpTools(
    mcpTestHost(dir, lines),
    { servers: parsed.value.servers, network: 'off', ...settings },
    { sandbox: unsandboxed, env: ENV },
  );
  assert.ok(mcp);
  return { mcp, registry: new ToolRegistry([]).withShelf(mcp.shelf, mcp.preload) };
}

const call = async (registry: ToolRegistry, name: string, args: object = {}) =>
  invokeTool(registry, { id: 'c', name, arguments: JSON.stringify(args) }, new AbortController().signal);

async function load(registry: ToolRegistry, ...names: string[]) {
  const result = await call(registry, 'tool_search', { query: 'x', load: names });
  assert.match(result.output, /Loaded /, result.output);
}

describe('startMcpTools: stdio servers', () => {
  let mcp: RunMcp;
  let registry: ToolRegistry;
  const lines: string[] = [];
  before(async () => {
    ({ mcp, registry } = await start(
      `
probe: { command: ${process.execPath}, args: [${TEST_SERVER}], env: { PROBE_SECRET: $SECRET }, timeout: 2 }
everything: { command: ${process.execPath}, args: [${EVERYTHING_SERVER}, stdio] }
broken: { command: ${process.execPath}, args: [-e, "console.error('no config'); process.exit(4)"] }
`,
      {},
      lines,
    ));
  });
  after(() => mcp.close());

  it('puts every tool of the servers that started on the shelf, and says which did not', async () => {
    assert.equal(mcp.preload, false, 'more than ten tools wait for tool_search');
    assert.deepEqual(registry.names(), ['tool_search']);
    assert.ok(mcp.shelf.names().includes('mcp__everything__get-env'));
    assert.ok(
      lines.some((l) =>
        /^warning: MCP server broken did not start: it exited with code 4 \(its last words on stderr: no config\)/.test(
          l,
        ),
      ),
      lines.join('\n'),
    );
    const summary = mcp.summary();
    assert.match(summary, /^\*\*MCP servers:\*\* ⚠️ `broken` \(stdio\) did not start: it exited with code 4/);
    assert.match(summary, /`probe` \(stdio, 10 tools: `env_digest`, `env_names`, `add`/);
  });

  it('gives each server its own variables only', async () => {
    await load(registry, 'mcp__probe__env_digest', 'mcp__everything__get-env');
    const own = await call(registry, 'mcp__probe__env_digest', { name: 'PROBE_SECRET' });
    assert.equal(own.output, `PROBE_SECRET: ${sha(SECRET)}`);
    const other = await call(registry, 'mcp__everything__get-env');
    assert.equal(other.isError, false);
    assert.doesNotMatch(other.output, /PROBE_SECRET|mcp-unit-secret/);
    assert.equal(other.meta['server'], 'everything');
  });

  it('validates arguments against the server’s schema before calling it', async () => {
    await load(registry, 'mcp__probe__add');
    const bad = await call(registry, 'mcp__probe__add', { a: 1, b: 'two' });
    assert.match(bad.output, /^Invalid arguments:\n- b: must be integer/);
    assert.equal((await call(registry, 'mcp__probe__add', { a: 2, b: 3 })).output, '5');
  });

  it('caps a 5 MB result and describes an image', async () => {
    await load(registry, 'mcp__probe__big', 'mcp__probe__picture');
    const big = await call(registry, 'mcp__probe__big', { megabytes: 5 });
    assert.equal(big.isError, false);
    assert.ok(big.output.length <= 60_100, `${big.output.length} characters`);
    assert.match(big.output, /\[… \d+ characters omitted …\]/);
    assert.ok((big.meta['omittedChars'] as number) > 5_000_000);
    const picture = await call(registry, 'mcp__probe__picture');
    assert.match(picture.output, /\[image, image\/png, 2\.0 KB: not shown, tool results carry text only\]/);
  });

  it('ends a call the server never answers at its timeout, and the server still works after', async () => {
    await load(registry, 'mcp__probe__hang');
    const hang = await call(registry, 'mcp__probe__hang');
    assert.equal(hang.isError, true);
    assert.match(hang.output, /^MCP server "probe" did not answer within 2 s; the call was cancelled\./);
    assert.equal((await call(registry, 'mcp__probe__add', { a: 1, b: 1 })).output, '2');
  });

  it('tells the model a server crashed mid-call, and refuses its tools afterwards', async () => {
    await load(registry, 'mcp__probe__crash');
    const crash = await call(registry, 'mcp__probe__crash');
    assert.equal(crash.isError, true);
    assert.match(
      crash.output,
      /^MCP server "probe" stopped: it exited with code 3 \(its last words on stderr: crashing on purpose\)\. Its tools cannot be used for the rest of this run/,
    );
    const after = await call(registry, 'mcp__probe__add', { a: 1, b: 1 });
    assert.match(after.output, /^MCP server "probe" stopped: it exited with code 3/);
    const search = await call(registry, 'tool_search', { query: 'server:probe' });
    assert.match(search.output, /Not available: probe \(stopped: it exited with code 3/);
    assert.match(mcp.summary(), /⚠️ `probe` \(stdio, 10 tools: .*\) stopped: it exited with code 3/);
  });
});

describe('startMcpTools: streamable HTTP servers', () => {
  it('reaches a listed host with the configured headers, and preloads a small set', async () => {
    const { mcp, registry } = await start(
      `docs: { url: "${http.url}", headers: { Authorization: "Bearer $HTTP_TOKEN" }, tools: [add, env_digest, nope] }`,
      { network: 'allowlist', allowedDomains: [`127.0.0.1:${http.port}`] },
    );
    try {
      assert.equal(mcp.preload, true);
      assert.deepEqual(registry.names(), ['tool_search', 'mcp__docs__add', 'mcp__docs__env_digest']);
      assert.equal((await call(registry, 'mcp__docs__add', { a: 20, b: 22 })).output, '42');
      assert.match(mcp.summary(), /`docs` \(http, 2 tools: `env_digest`, `add`; not on the server: nope\)/);
    } finally {
      await mcp.close();
    }
  });

  it('does not connect to a host missing from allowed-domains, and says how to allow it', async () => {
    const { mcp, registry } = await start(
      `docs: { url: "${http.url}", headers: { Authorization: "Bearer $HTTP_TOKEN" } }`,
    );
    await mcp.close();
    const search = await call(registry, 'tool_search', { query: 'server:docs' });
    assert.match(
      search.output,
      new RegExp(
        `did not start: 127\\.0\\.0\\.1:${http.port} is not in the \`allowed-domains\` input: .*Add "127\\.0\\.0\\.1:${http.port}" to \`allowed-domains\``,
      ),
    );
  });

  it('reports a server that refuses its credentials, and reaches any host with network: on', async () => {
    const refused = await start(`docs: { url: "${http.url}" }`, { network: 'on' });
    await refused.mcp.close();
    assert.match(
      refused.mcp.summary(),
      /`docs` \(http\) did not start: HTTP 401 \(Error POSTing to endpoint: bad token\)/,
    );
    const open = await start(
      `docs: { url: "${http.url}", headers: { Authorization: "Bearer $HTTP_TOKEN" } }`,
      {
        network: 'on',
      },
    );
    await open.mcp.close();
    assert.ok(open.mcp.shelf.names().includes('mcp__docs__add'));
  });
});

describe('startMcpTools: review runs', () => {
  it('starts no stdio server without a sandbox (a fork’s review), and says so', async () => {
    const parsed = parseMcpServers(
      `local: { command: ${process.execPath}, args: [${TEST_SERVER}], read-only: true }`,
      {},
    );
    assert.ok('value' in parsed);
    const mcp = await startMcpTools(
      mcpTestHost(dir),
      { servers: parsed.value.servers, network: 'off', readOnly: true },
      undefined,
    );
    await mcp?.close();
    assert.equal(
      mcp?.summary(),
      '**MCP servers:** ⚠️ `local` (stdio) did not start: stdio servers run in the sandbox, and a review of a fork’s pull request runs nothing',
    );
  });

  it('starts only read-only servers and keeps only the tools the server marks read-only', async () => {
    const lines: string[] = [];
    const { mcp, registry } = await start(
      `
reader: { command: ${process.execPath}, args: [${TEST_SERVER}], read-only: true }
writer: { command: ${process.execPath}, args: [${TEST_SERVER}] }
`,
      { readOnly: true },
      lines,
    );
    try {
      assert.ok(
        lines.includes(
          'MCP server writer is not started: review runs use only servers marked `read-only: true`.',
        ),
      );
      assert.ok(mcp.shelf.names().every((name) => name.startsWith('mcp__reader__')));
      assert.ok(!mcp.shelf.names().includes('mcp__reader__write_note'), 'not marked read-only by the server');
      assert.equal(mcp.preload, true);
      assert.ok(registry.names().every((name) => name === 'tool_search' || registry.get(name)?.readOnly));
    } finally {
      await mcp.close();
    }
    assert.deepEqual(
      (await readdir(dir)).filter((f) => f.startsWith('agent-action-mcp-')),
      [],
      'sockets and logs are removed',
    );
  });
});
