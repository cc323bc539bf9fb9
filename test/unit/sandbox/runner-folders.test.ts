import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runnerFolders } from '../../../src/sandbox/runner-folders.js';

describe('runnerFolders', () => {
  it("hides a runner's work root and keeps the tool cache read-only", () => {
    const env = {
      GITHUB_ACTIONS: 'true',
      RUNNER_TEMP: '/opt/actions-runner/_work/_temp',
      RUNNER_TOOL_CACHE: '/opt/actions-runner/_work/_tool',
    };
    assert.deepEqual(runnerFolders(env, '/opt/actions-runner/_work/app/app'), {
      hide: ['/opt/actions-runner/_work'],
      readOnly: ['/opt/actions-runner/_work/_tool'],
    });
  });

  it('hides nothing when RUNNER_TEMP is not next to the repository folder (a local run, odd layouts)', () => {
    assert.deepEqual(runnerFolders({ GITHUB_ACTIONS: 'true', RUNNER_TEMP: '/tmp/t' }, '/tmp/ws').hide, []);
    assert.deepEqual(runnerFolders({ RUNNER_TEMP: '/home/me/_temp' }, '/home/me/src/app').hide, []);
    assert.deepEqual(runnerFolders({ GITHUB_ACTIONS: 'true', RUNNER_TEMP: '/_temp' }, '/r/r').hide, []);
  });

  it('never makes `/` or a tool cache holding the workspace read-only', () => {
    assert.deepEqual(runnerFolders({ RUNNER_TOOL_CACHE: '/' }, '/w/r/r').readOnly, []);
    assert.deepEqual(runnerFolders({ RUNNER_TOOL_CACHE: '/w' }, '/w/r/r').readOnly, []);
    assert.deepEqual(runnerFolders({ RUNNER_TOOL_CACHE: 'tools' }, '/w/r/r').readOnly, []);
  });
});
