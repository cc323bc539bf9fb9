import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseMcpServers } from '../../../src/mcp/mcp-config.js';

const ENV = { GH_MCP_TOKEN: 'ghp_secretvalue0000000000000000000000', DOCS_KEY: 'docs-key-123', EMPTY: '' };

function problems(raw: string, env: Record<string, string> = ENV): string[] {
  const parsed = parseMcpServers(raw, env);
  assert.ok('problems' in parsed, 'expected problems');
  return parsed.problems;
}

describe('parseMcpServers', () => {
  it('reads YAML: stdio and HTTP servers sorted by name, `$NAME` and `${NAME}` resolved, their values as secrets', () => {
    const parsed = parseMcpServers(
      `
github:
  command: github-mcp-server
  args: [stdio, --read-only, 3]
  env: { GITHUB_PERSONAL_ACCESS_TOKEN: $GH_MCP_TOKEN, LEVEL: debug, COST: "$$5" }
  tools: [get_issue]
  read-only: true
docs:
  url: https://docs.example.com/mcp
  headers: { Authorization: "Bearer \${DOCS_KEY}" }
  timeout: 30
`,
      ENV,
    );
    assert.ok('value' in parsed, JSON.stringify(parsed));
    const [docs, github] = parsed.value.servers;
    assert.deepEqual(github, {
      name: 'github',
      kind: 'stdio',
      command: 'github-mcp-server',
      args: ['stdio', '--read-only', '3'],
      env: { GITHUB_PERSONAL_ACCESS_TOKEN: ENV.GH_MCP_TOKEN, LEVEL: 'debug', COST: '$5' },
      tools: ['get_issue'],
      readOnly: true,
      timeoutMs: 120_000,
    });
    assert.deepEqual(docs, {
      name: 'docs',
      kind: 'http',
      url: 'https://docs.example.com/mcp',
      headers: { Authorization: 'Bearer docs-key-123' },
      tools: undefined,
      readOnly: false,
      timeoutMs: 30_000,
    });
    assert.deepEqual(parsed.value.secrets.sort(), [ENV.DOCS_KEY, ENV.GH_MCP_TOKEN].sort());
  });

  it('reads JSON the same way, and an empty input as no servers', () => {
    const parsed = parseMcpServers('{"s": {"command": "node", "args": ["server.js"]}}', ENV);
    assert.ok('value' in parsed);
    assert.equal(parsed.value.servers[0]?.kind, 'stdio');
    assert.deepEqual(parseMcpServers('', ENV), { value: { servers: [], secrets: [] } });
    assert.deepEqual(parseMcpServers('# nothing yet\n', ENV), { value: { servers: [], secrets: [] } });
  });

  it('names the server, the key and the fix for a variable the step does not set, never a value', () => {
    const found = problems('github: { command: x, env: { TOKEN: $GH_TOKEN_TYPO } }');
    assert.deepEqual(found, [
      'mcp-servers: server "github", env.TOKEN names $GH_TOKEN_TYPO, which is not set in the step\'s environment; add it to the step\'s `env:` (e.g. `GH_TOKEN_TYPO: ${{ secrets.GH_TOKEN_TYPO }}`)',
    ]);
    // Set but empty (a secret a fork's run does not get) is a value, not a mistake; it is no secret.
    const parsed = parseMcpServers('s: { command: x, env: { TOKEN: $EMPTY } }', ENV);
    assert.ok('value' in parsed);
    assert.deepEqual(parsed.value.secrets, []);
  });

  it('refuses what cannot be a server, naming each problem', () => {
    assert.match(
      problems('s: { command: x, url: https://a.example }')[0]!,
      /needs either `command`.*or `url`/,
    );
    assert.match(problems('s: { args: [a] }')[0]!, /needs either `command`/);
    assert.match(
      problems('"bad name!": { command: x }')[0]!,
      /server "bad name!": a server name has 1 to 32/,
    );
    assert.match(
      problems('s: { command: x, readOnly: true }')[0]!,
      /server "s": unknown key `readOnly` \(a stdio server takes command, args, env, tools, read-only, timeout/,
    );
    assert.match(problems('s: { url: "ftp://a.example" }')[0]!, /`url` must be an http\(s\) URL/);
    assert.match(problems('s: { command: x, timeout: 0 }')[0]!, /`timeout` must be seconds, from 1 to 3600/);
    assert.match(problems('s: { command: x, read-only: "yes" }')[0]!, /`read-only` must be true or false/);
    assert.match(problems('[a, b]')[0]!, /must be a map from a server name to its settings/);
    assert.equal(problems('a: { command: x, url: y }\nb: { args: [] }').length, 2, 'every server is checked');
  });

  it('says the input is not YAML without quoting it (it may hold a pasted secret)', () => {
    const found = problems('s: { command: "ghp_pasted0000000000000000000000000000 }');
    assert.equal(found.length, 1);
    assert.match(found[0]!, /^mcp-servers is not valid YAML or JSON \(/);
    assert.doesNotMatch(found[0]!, /ghp_pasted/);
  });
});
