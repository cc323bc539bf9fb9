import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import {
  createLandlockSandbox,
  findLandlockHelper,
  LANDLOCK_HELPER,
  type LandlockConfig,
  landlockLaunch,
} from '../../../src/sandbox/landlock-sandbox.js';

const config: LandlockConfig = {
  helper: '/action/dist/landlock-exec-x64',
  workspace: '/work/repo/repo',
  home: '/work/_temp/agentsbx-1/home',
  tmp: '/work/_temp/agentsbx-1/tmp',
  hide: ['/work/_temp', '/tmp', '/home/runner'],
  readOnly: ['/home/runner/.cargo/bin'],
  network: 'off',
};

describe('landlockLaunch', () => {
  it('starts argv verbatim through the helper, with its rules before `--` and the private HOME and TMPDIR', () => {
    const argv = ['npm', 'test', '--', '$(id)', "a b'c"];
    const { file, args, env } = landlockLaunch(config, argv, { PATH: '/usr/bin', HOME: '/home/runner' });
    assert.equal(file, config.helper);
    assert.deepEqual(args.slice(-argv.length - 1), ['--', ...argv]);
    const rules = args.slice(0, args.indexOf('--'));
    assert.deepEqual(rules, [
      '--read',
      '/',
      '--hide',
      '/work/_temp',
      '--hide',
      '/tmp',
      '--hide',
      '/home/runner',
      '--hide',
      '/dev',
      '--read',
      '/home/runner/.cargo/bin',
      '--write',
      config.home,
      '--write',
      config.tmp,
      '--write-inside',
      config.workspace,
      '--protect',
      '.git',
      '--protect',
      '.github',
      '--device',
      '/dev/null',
      '--device',
      '/dev/zero',
      '--device',
      '/dev/full',
      '--device',
      '/dev/random',
      '--device',
      '/dev/urandom',
      '--device',
      '/dev/tty',
      '--network',
      'off',
    ]);
    assert.deepEqual(env, { PATH: '/usr/bin', HOME: config.home, TMPDIR: config.tmp });
  });

  it('refuses an empty argv', () => {
    assert.throws(() => landlockLaunch(config, []), /empty argv/);
  });

  it('is level landlock, missing the namespaces and the separate user', () => {
    const sandbox = createLandlockSandbox(config, '/work/_temp/agentsbx-1');
    assert.equal(sandbox.level, 'landlock');
    assert.deepEqual(sandbox.missing, ['pid-namespace', 'network-namespace', 'separate-user']);
    assert.deepEqual(createLandlockSandbox({ ...config, network: 'on' }, '/x').missing, [
      'pid-namespace',
      'separate-user',
    ]);
  });
});

describe('findLandlockHelper', () => {
  it('looks next to the bundle, one folder up (dist/cli), then in dist/ of the repository', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'find-helper-'));
    try {
      const module = (...parts: string[]) => pathToFileURL(path.join(root, ...parts)).href;
      await mkdir(path.join(root, 'dist', 'cli'), { recursive: true });
      await mkdir(path.join(root, 'src', 'sandbox'), { recursive: true });
      assert.equal(findLandlockHelper(module('dist', 'index.js')), undefined);
      await writeFile(path.join(root, 'dist', LANDLOCK_HELPER), '');
      const helper = path.join(root, 'dist', LANDLOCK_HELPER);
      assert.equal(findLandlockHelper(module('dist', 'index.js')), helper);
      assert.equal(findLandlockHelper(module('dist', 'cli', 'index.js')), helper);
      assert.equal(findLandlockHelper(module('src', 'sandbox', 'landlock-sandbox.ts')), helper);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
