/**
 * `network: allowlist` end to end through the built action. A fake npm registry listens on
 * 127.10.0.2 and an "outside" host on 127.10.0.3; the action runs in a private mount namespace
 * whose /etc/hosts (bind-mounted by this test, the action unchanged) names them `registry.test`
 * and `outside.test`. The scripted model runs a real `npm ci` in the sandbox, which installs the
 * package from the registry through the egress proxy, then a test it wrote tries the outside host
 * through the proxy (refused, reported) and this machine's non-loopback address directly (no
 * route out of the commands' network namespace).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { after, afterEach, before, describe, it } from 'node:test';
import { type FakeRegistry, startFakeRegistry } from '../fakes/npm-registry.js';
import { reply } from '../fakes/openai-server.js';
import { type Harness, labeledPayload, startHarness } from '../helpers/action-harness.js';
import { assertWellFormed, firstLine } from '../helpers/published-text.js';

const REGISTRY_IP = '127.10.0.2';
const OUTSIDE_IP = '127.10.0.3';
const asRoot = process.getuid?.() === 0;

/** The test the model writes: the installed package, the outside host, a direct connection. */
function probeTest(outsidePort: number, direct: string): string {
  return `import test from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import http from 'node:http';
import fs from 'node:fs';
import words from 'greeting-words';

console.log('NO_PROXY', process.env.NO_PROXY, 'SCRIPTS', fs.existsSync('node_modules/greeting-words/postinstall-ran') ? 'ran' : 'off');

test('greets with the installed words', () => assert.equal(words.hello, 'hello'));

test('probes the network', async () => {
  try {
    const res = await fetch('http://outside.test:${outsidePort}/steal', { signal: AbortSignal.timeout(5000) });
    console.log('PROXIED', res.status, (await res.text()).trim());
  } catch (e) {
    // undici tunnels even http:// through CONNECT, so a refusal is a failed tunnel.
    console.log('PROXIED failed', e.cause?.message ?? e.message);
  }
  // node:http sends plain http:// to the proxy as an absolute-form request, so the 403 body shows.
  await new Promise((done) => {
    http.get('http://outside.test:${outsidePort}/steal', (res) => {
      let body = '';
      res.on('data', (chunk) => { body += chunk; });
      res.on('end', () => { console.log('HTTP', res.statusCode, body.trim()); done(); });
    }).on('error', (e) => { console.log('HTTP failed', e.code); done(); });
  });
  // Without NODE_USE_ENV_PROXY, fetch() connects directly, as code that ignores the proxy would.
  const direct = spawnSync(process.execPath, ['-e', \`fetch('http://${direct}/', { signal: AbortSignal.timeout(3000) }).then(() => console.log('DIRECT connected'), (e) => console.log('DIRECT failed', e.cause?.code ?? e.name))\`], { env: { PATH: process.env.PATH }, encoding: 'utf8' });
  console.log(direct.stdout.trim());
});
`;
}

function externalAddress(): string | undefined {
  return Object.values(os.networkInterfaces())
    .flat()
    .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;
}

async function listen(host: string, onConnection: () => void): Promise<net.Server> {
  const server = net.createServer((socket) => {
    onConnection();
    socket.on('error', () => {});
    socket.end('HTTP/1.1 200 OK\r\ncontent-length: 0\r\nconnection: close\r\n\r\n');
  });
  await new Promise<void>((done) => server.listen(0, host, done));
  return server;
}

let h: Harness;
let registry: FakeRegistry;
let outside: net.Server;
let external: net.Server | undefined;
let outsideConnections = 0;
let externalConnections = 0;
let hostsDir = '';
const portOf = (server: net.Server) => (server.address() as net.AddressInfo).port;

before(async () => {
  if (!asRoot) return;
  registry = await startFakeRegistry(
    {
      name: 'greeting-words',
      version: '1.0.0',
      files: { 'index.js': "module.exports = { hello: 'hello' };\n" },
      // Lifecycle scripts are off by default: this one must not run.
      scripts: { postinstall: "node -e \"require('fs').writeFileSync('postinstall-ran', '')\"" },
    },
    REGISTRY_IP,
  );
  outside = await listen(OUTSIDE_IP, () => outsideConnections++);
  const address = externalAddress();
  if (address) external = await listen(address, () => externalConnections++);
  const origin = `http://registry.test:${registry.port}`;
  const lock = {
    name: 'hello-world',
    lockfileVersion: 3,
    requires: true,
    packages: {
      '': { name: 'hello-world', dependencies: { 'greeting-words': '1.0.0' } },
      'node_modules/greeting-words': {
        version: '1.0.0',
        resolved: registry.tarballUrl(origin),
        integrity: registry.integrity,
        hasInstallScript: true,
      },
    },
  };
  h = await startHarness({
    'README.md': '# Hello-World\n',
    '.gitignore': 'node_modules/\n',
    '.npmrc': `registry=${origin}/\naudit=false\nfund=false\nupdate-notifier=false\n`,
    'package.json': `${JSON.stringify({
      name: 'hello-world',
      private: true,
      scripts: { test: 'node --test' },
      dependencies: { 'greeting-words': '1.0.0' },
    })}\n`,
    'package-lock.json': `${JSON.stringify(lock, null, 2)}\n`,
    'test/greet.test.mjs': "import test from 'node:test';\n\ntest('nothing yet', () => {});\n",
  });
  h.github.state.addUser('alice', { permission: 'write' });
  hostsDir = mkdtempSync(path.join(tmpdir(), 'egress-hosts-'));
  writeFileSync(
    path.join(hostsDir, 'hosts'),
    `127.0.0.1 localhost\n${REGISTRY_IP} registry.test\n${OUTSIDE_IP} outside.test\n`,
  );
});
after(async () => {
  if (!asRoot) return;
  await h.close();
  await registry.close();
  outside.close();
  external?.close();
  rmSync(hostsDir, { recursive: true, force: true });
});
afterEach(() => {
  if (!asRoot) return;
  h.github.assertNoViolations();
  h.openai.clear();
});

/** Runs the scripted agent (`install` is its first command) with `network: allowlist`. */
async function runInstall(install: string, extraInputs: Record<string, string> = {}) {
  const address = externalAddress();
  const direct = address && external ? `${address}:${portOf(external)}` : '192.0.2.1:9';
  const outsidePort = portOf(outside);
  const issue = h.github.state.addIssue({ title: 'Use greeting-words', body: 'Test it.', user: 'alice' });
  h.openai.enqueue(
    reply().tool('bash', { command: install }),
    reply().tool('write_file', { path: 'test/words.test.mjs', content: probeTest(outsidePort, direct) }),
    reply().tool('bash', { command: 'npm test' }),
    reply().text('Tested the greeting words'),
  );
  const hosts = path.join(hostsDir, 'hosts');
  const run = await h.run('issues', labeledPayload(issue, 'alice'), {
    inputs: {
      sandbox: 'auto',
      network: 'allowlist',
      // A name that resolves to loopback passes only with its address listed as an IP literal.
      'allowed-domains': `registry.test:${registry.port}\n${REGISTRY_IP}:${registry.port}`,
      ...extraInputs,
    },
    // Node 24 inside the sandbox too (NODE_USE_ENV_PROXY is what makes fetch use the proxy).
    env: { PATH: `${path.dirname(process.execPath)}:${process.env['PATH'] ?? ''}` },
    // bash, not sh: dash drops variables such as INPUT_GITHUB-TOKEN whose names have a dash.
    launcher: ['unshare', '--mount', '--', 'bash', '-c', 'mount --bind "$0" /etc/hosts && exec "$@"', hosts],
  });
  assert.equal(run.outputs['conclusion'], 'pr-opened', run.stdout + run.stderr);
  const toolResults = h.openai.requests.map((r) => String(r.body.messages.at(-1)?.content ?? ''));
  return { run, issue, outsidePort, install: toolResults[1] ?? '', npmTest: toolResults[3] ?? '' };
}

/** The test the model writes to probe what tunnels may carry, through the proxy in HTTPS_PROXY. */
function tunnelProbe(registryPort: number): string {
  return `import test from 'node:test';
import net from 'node:net';
import tls from 'node:tls';
import { once } from 'node:events';

const proxy = new URL(process.env.HTTPS_PROXY);
async function tunnel(target) {
  const socket = net.connect(Number(proxy.port), proxy.hostname);
  await once(socket, 'connect');
  socket.write(\`CONNECT \${target} HTTP/1.1\\r\\nHost: \${target}\\r\\n\\r\\n\`);
  const [answer] = await once(socket, 'data');
  return { socket, status: answer.toString().split('\\r\\n')[0] };
}

test('probes what tunnels carry', async () => {
  const fronted = await tunnel('registry.test:${registryPort}');
  const outcome = await new Promise((done) => {
    const client = tls.connect({ socket: fronted.socket, servername: 'fronted.test', rejectUnauthorized: false });
    client.once('secureConnect', () => done('handshake'));
    client.once('error', (e) => done('error ' + e.message));
  });
  console.log('FRONTED', fronted.status, outcome);
  const port80 = await tunnel('plain.test:80');
  console.log('PORT80', port80.status);
  port80.socket.destroy();
  const vhost = await tunnel('registry.test:${registryPort}');
  vhost.socket.write('GET /greeting-words HTTP/1.1\\r\\nHost: outside.test\\r\\nConnection: close\\r\\n\\r\\n');
  const [answer] = await once(vhost.socket, 'data');
  console.log('VHOST', answer.toString().split('\\r\\n')[0]);
});
`;
}

describe('network: allowlist, end to end', () => {
  it('installs from the allowed registry through the proxy, blocks and reports the rest', async (t) => {
    if (!asRoot) return t.skip('a private mount namespace and the sandbox need root');
    const { run, issue, outsidePort, install, npmTest } = await runInstall('npm ci');

    // `npm ci` installed the package from the registry, with its postinstall script not run; the
    // registry is not on the sandbox's loopback, so the proxy is the only way it got there.
    assert.match(install, /added 1 package/, install);
    assert.ok(
      registry.requests.some((r) => r.endsWith('/greeting-words/-/greeting-words-1.0.0.tgz')),
      registry.requests.join('\n'),
    );
    assert.match(npmTest, /pass 3/, npmTest);
    assert.match(npmTest, /NO_PROXY localhost,127\.0\.0\.1 SCRIPTS off/);
    // The outside host: fetch went to the proxy (NODE_USE_ENV_PROXY), which refused it with a 403.
    assert.match(npmTest, /PROXIED failed/, npmTest);
    assert.match(
      npmTest,
      new RegExp(`HTTP 403 .*outside\\.test:${outsidePort} is not in the \`allowed-domains\` input`),
    );
    assert.equal(outsideConnections, 0, 'the outside host was never reached');
    // A direct connection has no route out of the commands' network namespace.
    assert.match(npmTest, /DIRECT failed (ENETUNREACH|EHOSTUNREACH)/, npmTest);
    assert.doesNotMatch(npmTest, /DIRECT connected/);
    assert.equal(externalConnections, 0, 'the non-loopback listener heard nothing');

    // Reported: the output, the PR body, the tracking comment and the job summary.
    assert.equal(run.outputs['blocked-hosts'], `outside.test:${outsidePort}`);
    const note = new RegExp(`Blocked hosts[\\s\\S]*\`outside\\.test:${outsidePort}\` \\(2 requests\\)`);
    assert.match(h.github.state.pulls().at(-1)?.body ?? '', note);
    assert.match(run.summary, note);
    const [tracking] = h.github.state.commentsOn(issue.number);
    assert.match(tracking?.body ?? '', note);
    assert.match(run.summary, /Network: `allowlist` through the action's egress proxy/);
    // Outside the folded transcript, with the command that tried the host, and never ✅.
    const pr = h.github.state.pulls().at(-1)!;
    for (const text of [pr.body ?? '', tracking?.body ?? '', run.summary]) {
      const line = new RegExp(
        `^- \`outside\\.test:${outsidePort}\` \\(2 requests\\) — tried by \`npm test\`$`,
        'm',
      );
      assert.match(text, line);
      const at = text.search(line);
      assert.ok(
        at >= 0 && (text.indexOf('<details') < 0 || at < text.indexOf('<details')),
        'above the transcript',
      );
      assert.match(firstLine(text), /^:warning: \*\*.* — 1 host blocked$/);
      assertWellFormed(text);
    }
  });

  it('refuses a tunnel whose TLS name is another host, a tunnel to port 80, and another Host in a tunnel', async (t) => {
    if (!asRoot) return t.skip('a private mount namespace and the sandbox need root');
    const issue = h.github.state.addIssue({ title: 'Probe the tunnels', body: 'Test it.', user: 'alice' });
    h.openai.enqueue(
      reply().tool('write_file', { path: 'test/tunnel.test.mjs', content: tunnelProbe(registry.port) }),
      reply().tool('bash', { command: 'npm test' }),
      reply().text('Probed the tunnels'),
    );
    const before = registry.requests.length;
    const run = await h.run('issues', labeledPayload(issue, 'alice'), {
      inputs: {
        sandbox: 'auto',
        network: 'allowlist',
        'allowed-domains': `registry.test:${registry.port}\n${REGISTRY_IP}:${registry.port}\nplain.test`,
      },
      env: { PATH: `${path.dirname(process.execPath)}:${process.env['PATH'] ?? ''}` },
      launcher: [
        'unshare',
        '--mount',
        '--',
        'bash',
        '-c',
        'mount --bind "$0" /etc/hosts && exec "$@"',
        path.join(hostsDir, 'hosts'),
      ],
    });
    assert.equal(run.outputs['conclusion'], 'pr-opened', run.stdout + run.stderr);
    const probe = String(h.openai.requests[2]?.body.messages.at(-1)?.content ?? '');
    // The proxy's own TLS alert: the registry (plain HTTP) was never sent the ClientHello.
    assert.match(probe, /FRONTED HTTP\/1\.1 200 Connection Established error .*alert access denied/, probe);
    assert.match(probe, /PORT80 HTTP\/1\.1 403 Forbidden/);
    assert.match(probe, /VHOST HTTP\/1\.1 403 Forbidden/);
    assert.equal(registry.requests.length, before, 'the registry heard no request');
    const reported = run.outputs['blocked-hosts']?.split(',') ?? [];
    assert.deepEqual(reported.sort(), [
      `fronted.test:${registry.port}`,
      `outside.test:${registry.port}`,
      'plain.test:80',
    ]);
    const body = h.github.state.pulls().at(-1)?.body ?? '';
    assert.match(body, /tried to reach these hosts[\s\S]*- `fronted\.test:\d+` \(1 request\)/);
    assert.doesNotMatch(body, /add it as a line|To allow/);
  });
});
