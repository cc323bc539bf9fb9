/**
 * What the kernel enforces, end to end through the built action: code the agent wrote runs and
 * tries every effect the bash policy forbids (change `.github` and `.git`, write outside the
 * workspace and in /var/tmp, read the action's environment, reach the network), and none of it
 * lands. At the namespace level this runner mode gets, through the bash tool (`npm test` runs a
 * test the model wrote); at level `landlock`, the action started as in a job container (namespaces
 * refused by a seccomp filter, as Docker's default profile does) and the code run by
 * `verify-command`, which no policy checks. The control, the same container without Landlock
 * (level `none`), shows the effects are real.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, afterEach, before, describe, it, type TestContext } from 'node:test';
import { findLandlockHelper } from '../../src/sandbox/landlock-sandbox.js';
import { reply } from '../fakes/openai-server.js';
import { API_KEY, type Harness, labeledPayload, startHarness } from '../helpers/action-harness.js';
import type { ActionRun } from '../helpers/run-action.js';
import { EXPECTED_LEVEL, runnerMode } from '../helpers/runner-mode.js';

const FILES: Record<string, string> = {
  'README.md': '# Hello-World\n',
  'package.json': `${JSON.stringify({ name: 'hello-world', private: true, scripts: { test: 'node --test' } })}\n`,
  'src/greet.js': "export const greet = () => 'helo';\n",
  'test/greet.test.mjs': "import test from 'node:test';\ntest('greets', () => {});\n",
  '.github/workflows/ci.yml': 'on: push\n',
};

/**
 * Code the model writes: each attempt prints `EFFECT <name> done` or `EFFECT <name> refused
 * <code>`; each `INPUT_*` value it reads from another process is printed reversed and as hex,
 * forms the redactor does not know.
 */
function effectsCode(host: string, port: number, marker: string): string {
  return `import fs from 'node:fs';
import path from 'node:path';
const attempt = (name, action) => {
  try { action(); console.log('EFFECT', name, 'done'); } catch (e) { console.log('EFFECT', name, 'refused', e.code); }
};
const ws = process.cwd();
attempt('github-workflow', () => fs.writeFileSync('.github/workflows/pwn.yml', 'on: push\\n'));
attempt('github-action', () => { fs.mkdirSync('.github/actions/evil', { recursive: true }); fs.writeFileSync('.github/actions/evil/action.yml', 'x'); });
attempt('git-hook', () => fs.writeFileSync('.git/hooks/pre-commit', '#!/bin/sh\\n', { mode: 0o755 }));
attempt('git-config', () => fs.appendFileSync('.git/config', '[agentsbx]\\n\\tpwned = true\\n'));
attempt('runner-temp', () => fs.writeFileSync(path.join(process.env.RUNNER_TEMP ?? '/nonexistent', 'pwned-${marker}'), 'x'));
attempt('var-tmp', () => fs.writeFileSync('/var/tmp/pwned-${marker}', 'x'));
attempt('next-to-workspace', () => fs.writeFileSync(path.join(ws, '..', 'pwned-${marker}'), 'x'));
const read = (file) => { try { return fs.readFileSync(file, 'utf8'); } catch { return ''; } };
for (const pid of fs.readdirSync('/proc').filter((d) => /^\\d+$/.test(d))) {
  for (const entry of read('/proc/' + pid + '/environ').split('\\0').filter((e) => e.startsWith('INPUT_'))) {
    const value = entry.slice(entry.indexOf('=') + 1);
    console.log('LEAK', pid, entry.split('=')[0], [...value].reverse().join(''), Buffer.from(value).toString('hex'));
  }
}
try {
  await fetch('http://${host}:${port}/steal', { signal: AbortSignal.timeout(3000) });
  console.log('FETCH connected');
} catch (e) {
  console.log('FETCH blocked', e.cause?.code ?? e.name);
}
`;
}

/** Every form of each secret a leak could take: plain, reversed, hex, base64. */
function secretForms(secrets: string[]): string[] {
  return secrets.flatMap((s) => [
    s,
    [...s].reverse().join(''),
    Buffer.from(s).toString('hex'),
    Buffer.from(s).toString('base64'),
  ]);
}

const mode = runnerMode();
const helper = findLandlockHelper();
let h: Harness;
let listener: net.Server;
let connections = 0;
let address = '127.0.0.1';
let port = 0;

before(async () => {
  h = await startHarness(FILES);
  h.github.state.addUser('alice', { permission: 'write' });
  address =
    Object.values(os.networkInterfaces())
      .flat()
      .find((i) => i && i.family === 'IPv4' && !i.internal)?.address ?? '127.0.0.1';
  listener = net.createServer((socket) => {
    connections++;
    socket.on('error', () => {});
    socket.end('HTTP/1.1 200 OK\r\ncontent-length: 0\r\nconnection: close\r\n\r\n');
  });
  await new Promise<void>((resolve) => listener.listen(0, address, resolve));
  port = (listener.address() as net.AddressInfo).port;
});
after(async () => {
  listener.close();
  await h.close();
});
afterEach(() => {
  h.github.assertNoViolations();
  h.openai.clear();
});

interface EffectsRun {
  run: ActionRun;
  /** The code's output as it came back (the tool result, or the PR body's verification tail). */
  output: string;
  workspace: string;
  marker: string;
}

/**
 * One run on a fresh issue: the model writes the effects code, then either runs `npm test` (the
 * code as a test) or stops and lets `verify-command` run it.
 */
async function runEffects(
  t: TestContext,
  how: 'npm-test' | 'verify',
  launcher?: readonly string[],
): Promise<EffectsRun> {
  const marker = `${process.pid}-${Date.now()}`;
  const workspace = await mkdtemp(path.join(os.tmpdir(), 'workspace-'));
  t.after(async () => {
    await rm(workspace, { recursive: true, force: true });
    await rm(path.join(path.dirname(workspace), `pwned-${marker}`), { force: true });
    await rm(`/var/tmp/pwned-${marker}`, { force: true });
  });
  const issue = h.github.state.addIssue({
    title: `Effects (${how})`,
    body: 'Improve the tests.',
    user: 'alice',
  });
  const code = effectsCode(address, port, marker);
  h.openai.enqueue(
    ...(how === 'npm-test'
      ? [
          reply().tool('write_file', { path: 'test/effects.test.mjs', content: code }),
          reply().tool('bash', { command: 'npm test' }),
        ]
      : [reply().tool('write_file', { path: 'src/effects.mjs', content: code })]),
    reply().text('Added a test'),
  );
  const run = await h.run('issues', labeledPayload(issue, 'alice'), {
    workspace,
    inputs: {
      sandbox: 'auto',
      ...(how === 'verify' ? { 'verify-command': 'node src/effects.mjs' } : {}),
    },
    ...(launcher ? { launcher } : {}),
  });
  assert.equal(run.outputs['conclusion'], 'pr-opened', run.stdout + run.stderr);
  const pr = h.github.state.pulls().at(-1)!;
  const output =
    how === 'npm-test'
      ? String(
          h.openai.requests[2]?.body.messages.findLast((m: { role: string }) => m.role === 'tool')?.content,
        )
      : (pr.body ?? '');
  assert.match(output, /EFFECT github-workflow/, `the code ran:\n${output}\n${run.stdout}`);
  return { run, output, workspace, marker };
}

/**
 * Nothing the code tried landed, and no form of a secret appears anywhere the run wrote. The
 * protected entries refuse every write; elsewhere a namespace may let the write happen in a private
 * tmpfs that dies with it, so what counts there is that nothing reached the runner's files.
 */
async function assertNoEffects(e: EffectsRun, connectionsBefore: number): Promise<void> {
  for (const name of ['github-workflow', 'github-action', 'git-hook', 'git-config'])
    assert.match(e.output, new RegExp(`EFFECT ${name} refused`), `${name}:\n${e.output}`);
  assert.deepEqual(await readdir(path.join(e.workspace, '.github', 'workflows')), ['ci.yml']);
  assert.equal(existsSync(path.join(e.workspace, '.github', 'actions')), false);
  assert.equal(existsSync(path.join(e.workspace, '.git', 'hooks', 'pre-commit')), false);
  assert.doesNotMatch(await readFile(path.join(e.workspace, '.git', 'config'), 'utf8'), /pwned = true/);
  assert.equal(existsSync(path.join(e.run.runnerTemp, `pwned-${e.marker}`)), false);
  assert.equal(existsSync(`/var/tmp/pwned-${e.marker}`), false);
  assert.equal(existsSync(path.join(path.dirname(e.workspace), `pwned-${e.marker}`)), false);
  assert.match(e.output, /FETCH blocked/);
  assert.equal(connections, connectionsBefore, 'the listener received no connection');
  const pr = h.github.state.pulls().at(-1)!;
  const texts = {
    'the code output': e.output,
    'PR body': pr.body ?? '',
    'job summary': e.run.summary,
    transcript: readFileSync(e.run.outputs['transcript-path']!, 'utf8'),
    'requests to the model': h.openai.requests.map((r) => JSON.stringify(r.body)).join('\n'),
  };
  for (const [place, text] of Object.entries(texts)) {
    for (const form of secretForms([h.github.token, API_KEY]))
      assert.ok(!text.includes(form), `${place} carried a form of a secret`);
    assert.doesNotMatch(text, /LEAK \d+ INPUT_/, `${place} shows an INPUT_ variable`);
  }
}

describe('what the kernel enforces, end to end', () => {
  it(`at ${EXPECTED_LEVEL[mode]} (${mode} runner), a test the model wrote changes no .github or .git file and writes nothing outside`, async (t) => {
    const before = connections;
    const e = await runEffects(t, 'npm-test');
    assert.match(e.run.summary, new RegExp(`Sandbox: \`${EXPECTED_LEVEL[mode].replace('+', '\\+')}\``));
    await assertNoEffects(e, before);
    assert.match(e.output, /EFFECT github-workflow refused EROFS/, 'refused by the read-only mount');
  });

  it('at level landlock (a job container with Landlock), code run by verify-command reaches nothing either', async (t) => {
    if (!helper) return t.skip('the Landlock helper is not built (npm run build)');
    const before = connections;
    const e = await runEffects(t, 'verify', [helper, '--deny-namespaces', '--']);
    assert.match(
      e.run.summary,
      /\*\*Sandbox: `landlock`\*\* commands confined by Landlock and seccomp/,
      e.run.stdout,
    );
    assert.match(e.run.summary, /Why: .*unshare/);
    await assertNoEffects(e, before);
    for (const name of ['runner-temp', 'var-tmp', 'next-to-workspace'])
      assert.match(e.output, new RegExp(`EFFECT ${name} refused`), `${name}:\n${e.output}`);
  });

  it('control: the same container without Landlock (level none) lets the same code do all of it', async (t) => {
    if (!helper) return t.skip('the Landlock helper is not built (npm run build)');
    const before = connections;
    const e = await runEffects(t, 'verify', [helper, '--deny-namespaces', '--deny-landlock', '--']);
    assert.match(e.run.summary, /\*\*Sandbox: `none`\*\* this runner gives commands no isolation/);
    for (const name of ['github-workflow', 'runner-temp', 'var-tmp', 'next-to-workspace'])
      assert.match(e.output, new RegExp(`EFFECT ${name} done`), `${name}:\n${e.output}`);
    assert.match(e.output, /FETCH connected/);
    assert.ok(connections > before);
    assert.match(e.output, /LEAK \d+ INPUT_/, 'the action’s inputs were read from /proc');
  });
});
