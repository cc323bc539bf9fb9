import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import {
  isCarriedSetting,
  parseConfigList,
  readRunnerGitSettings,
} from '../../../src/git/runner-git-settings.js';

const home = mkdtempSync(path.join(tmpdir(), 'runner-git-settings-'));
after(() => rmSync(home, { recursive: true, force: true }));

describe('the runner git settings the action keeps', () => {
  it('keeps how to reach the server and who the user is, nothing that runs a program or adds a header', () => {
    for (const key of [
      'http.proxy',
      'http.https://ghe.example/.sslcainfo',
      'http.sslverify',
      'url.https://mirror.example/.insteadof',
      'url.https://mirror.example/.pushinsteadof',
      'user.name',
      'user.email',
    ]) {
      assert.equal(isCarriedSetting(key), true, key);
    }
    for (const key of [
      'http.https://github.com/.extraheader',
      'http.cookiefile',
      'url.insteadof',
      'user.x.name',
      'core.fsmonitor',
      'core.hookspath',
      'filter.lfs.smudge',
      'include.path',
      'safe.directory',
      'credential.helper',
      'alias.st',
    ]) {
      assert.equal(isCarriedSetting(key), false, key);
    }
  });

  it('parses --null output, a bare boolean included', () => {
    assert.deepEqual(parseConfigList('http.proxy\nhttp://p:3128\0flag.bare\0user.name\nA\nB\0'), [
      ['http.proxy', 'http://p:3128'],
      ['flag.bare', 'true'],
      ['user.name', 'A\nB'],
    ]);
  });

  it("reads the global file with its includes, and honours the runner's own GIT_CONFIG_* pointers", async () => {
    writeFileSync(path.join(home, 'included'), '[http]\n\tsslCAInfo = /etc/corp-ca.pem\n');
    writeFileSync(
      path.join(home, '.gitconfig'),
      [
        '[include]\n\tpath = included',
        '[http]\n\tproxy = http://proxy.example:3128',
        '[http "https://github.com/"]\n\textraheader = AUTHORIZATION: basic c2VjcmV0',
        '[url "https://mirror.example/"]\n\tinsteadOf = https://github.com/',
        '[user]\n\tname = Runner',
        '[core]\n\tfsmonitor = /tmp/evil',
        '[filter "lfs"]\n\tsmudge = git-lfs smudge -- %f',
        '',
      ].join('\n'),
    );
    const settings = await readRunnerGitSettings({
      PATH: process.env['PATH'],
      HOME: home,
      GIT_CONFIG_NOSYSTEM: '1',
    });
    assert.deepEqual(settings, [
      ['http.sslcainfo', '/etc/corp-ca.pem'],
      ['http.proxy', 'http://proxy.example:3128'],
      ['url.https://mirror.example/.insteadof', 'https://github.com/'],
      ['user.name', 'Runner'],
    ]);
    const elsewhere = path.join(home, 'other-global');
    writeFileSync(elsewhere, '[user]\n\temail = r@example.com\n');
    assert.deepEqual(
      await readRunnerGitSettings({
        PATH: process.env['PATH'],
        HOME: home,
        GIT_CONFIG_NOSYSTEM: '1',
        GIT_CONFIG_GLOBAL: elsewhere,
      }),
      [['user.email', 'r@example.com']],
    );
  });
});
