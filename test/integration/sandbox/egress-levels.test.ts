/**
 * `network: allowlist` on each sandbox level this machine allows: a command inside reaches a
 * listed address only through the forwarder and the action's proxy, a host not listed gets the
 * proxy's 403, and a connection that ignores the proxy has no route out.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { writeFile } from 'node:fs/promises';
import http from 'node:http';
import type net from 'node:net';
import path from 'node:path';
import { after, before, describe, it, type TestContext } from 'node:test';
import { type CommandEgress, startCommandEgress } from '../../../src/pipeline/command-egress.js';
import type { DetectSandboxOptions, ManagedSandbox } from '../../../src/sandbox/detect-sandbox.js';
import { type JobLayout, makeJobLayout, noSudo, runIn, tryLevel } from './sandbox-fixture.js';

const UPSTREAM_IP = '127.10.0.4';
const notRoot = process.getuid?.() === 0 ? 1000 : process.getuid?.();
const levels: {
  name: string;
  extra: Partial<DetectSandboxOptions>;
  wanted: (s: ManagedSandbox) => boolean;
}[] = [
  { name: 'root', extra: {}, wanted: (s) => s.level === 'root+unshare' },
  { name: 'passwordless sudo', extra: { uid: notRoot }, wanted: (s) => s.level === 'sudo+unshare' },
  {
    name: 'unprivileged user namespace',
    extra: { runCommandProbe: noSudo, uid: notRoot },
    wanted: (s) => s.level === 'userns',
  },
];

const PROBE = (port: number) => `import http from 'node:http';
import net from 'node:net';
try {
  const res = await fetch('http://${UPSTREAM_IP}:${port}/ok', { signal: AbortSignal.timeout(5000) });
  console.log('ALLOWED', res.status, await res.text());
} catch (e) {
  console.log('ALLOWED failed', e.cause?.message ?? e.message);
}
await new Promise((done) => {
  http.get('http://outside.test/x', (res) => {
    let body = '';
    res.on('data', (c) => { body += c; });
    res.on('end', () => { console.log('BLOCKED', res.statusCode, body.trim()); done(); });
  }).on('error', (e) => { console.log('BLOCKED failed', e.code); done(); });
});
const direct = net.connect(${port}, '${UPSTREAM_IP}');
direct.on('connect', () => { console.log('DIRECT connected'); direct.destroy(); });
direct.on('error', (e) => console.log('DIRECT failed', e.code));
`;

let upstream: http.Server;
let port = 0;
before(async () => {
  upstream = http.createServer((_req, res) => res.end('hello through the proxy'));
  upstream.listen(0, UPSTREAM_IP);
  await once(upstream, 'listening');
  port = (upstream.address() as net.AddressInfo).port;
});
after(() => upstream.close());

for (const level of levels) {
  describe(`network: allowlist on ${level.name}`, () => {
    let job: JobLayout;
    let sandbox: ManagedSandbox | string;
    let egress: CommandEgress | undefined;
    before(async () => {
      job = await makeJobLayout();
      sandbox = await tryLevel(job, level.extra, level.wanted);
      if (typeof sandbox === 'string') return;
      egress = await startCommandEgress({
        allowedDomains: [`${UPSTREAM_IP}:${port}`],
        sandbox,
        tempDir: job.tempDir,
      });
    });
    after(async () => {
      await egress?.stop();
      if (typeof sandbox !== 'string') await sandbox.dispose();
      await job.cleanup();
    });

    it('reaches a listed address through the proxy only, and reports the rest', async (t: TestContext) => {
      if (typeof sandbox === 'string' || !egress) return t.skip(String(sandbox));
      assert.equal(egress.warning, undefined);
      await writeFile(path.join(job.workspace, 'probe.mjs'), PROBE(port));
      const result = await runIn(sandbox, ['node', 'probe.mjs'], job.workspace, egress.env);
      assert.equal(result.exitCode, 0, result.output);
      assert.match(result.output, /ALLOWED 200 hello through the proxy/);
      assert.match(result.output, /BLOCKED 403 .*outside\.test is not in the `allowed-domains` input/);
      assert.match(result.output, /DIRECT failed (ENETUNREACH|ECONNREFUSED)/);
      assert.deepEqual([...egress.blockedHosts()], [['outside.test', 1]]);
    });
  });
}
