import assert from 'node:assert/strict';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { parseAllowedHosts } from '../../../src/egress/allowed-hosts.js';
import { type EgressProxy, startEgressProxy } from '../../../src/egress/egress-proxy.js';
import { networkEntry, startEgressForwarder } from '../../../src/sandbox/egress-forwarder.js';

const TOOLS = {
  unshare: '/usr/bin/unshare',
  nsenter: '/usr/bin/nsenter',
  setpriv: '/usr/bin/setpriv',
  env: '/usr/bin/env',
  sudo: '/usr/bin/sudo',
};

async function exchange(port: number, request: string): Promise<string> {
  const socket = net.connect(port, '127.0.0.1');
  await once(socket, 'connect');
  socket.write(request);
  let answer = '';
  socket.on('data', (chunk) => {
    answer += chunk.toString();
  });
  await once(socket, 'close');
  return answer;
}

describe('networkEntry', () => {
  it('enters only the network namespace as root, keeping the mount namespace', () => {
    assert.deepEqual(networkEntry('root', TOOLS, 42, { uid: 0, gid: 0 }), [
      '/usr/bin/nsenter',
      '--target=42',
      '--net',
      '--',
    ]);
  });

  it('enters the user namespace too without privileges', () => {
    assert.deepEqual(networkEntry('userns', TOOLS, 42, { uid: 1001, gid: 1001 }), [
      '/usr/bin/nsenter',
      '--target=42',
      '--user',
      '--preserve-credentials',
      '--net',
      '--',
    ]);
  });

  it('with sudo, drops back to the runner after entering', () => {
    const argv = networkEntry('sudo', TOOLS, 42, { uid: 1001, gid: 118 });
    assert.deepEqual(argv.slice(0, 3), ['/usr/bin/sudo', '-n', '--']);
    assert.deepEqual(argv.slice(-5), [
      '/usr/bin/setpriv',
      '--reuid=1001',
      '--regid=118',
      '--clear-groups',
      '--',
    ]);
  });
});

describe('egress forwarder', () => {
  let dir: string;
  let proxy: EgressProxy;
  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'forwarder-'));
    proxy = await startEgressProxy(
      { rules: parseAllowedHosts(['registry.test']), resolve: async () => ['203.0.113.9'] },
      { path: path.join(dir, 'proxy.sock') },
    );
  });
  after(async () => {
    await proxy.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('pipes loopback connections to the proxy socket, and stops when asked', async () => {
    // No namespace to enter here: the forwarder runs beside the test.
    const forwarder = await startEgressForwarder({ enter: [], socketPath: path.join(dir, 'proxy.sock') });
    const answer = await exchange(
      forwarder.port,
      'CONNECT outside.test:443 HTTP/1.1\r\nHost: outside.test:443\r\n\r\n',
    );
    assert.match(answer, /^HTTP\/1\.1 403 /);
    assert.match(answer, /outside\.test is not in the `allowed-domains` input/);
    assert.deepEqual([...proxy.blockedHosts()], [['outside.test', 1]]);
    await forwarder.stop();
    const refused = net.connect(forwarder.port, '127.0.0.1');
    const [error] = await once(refused, 'error');
    assert.equal((error as NodeJS.ErrnoException).code, 'ECONNREFUSED');
  });

  it('names the failure when it cannot start', async () => {
    await assert.rejects(
      startEgressForwarder({ enter: ['/nonexistent/nsenter'], socketPath: path.join(dir, 'proxy.sock') }),
      /the egress forwarder could not start/,
    );
  });
});
