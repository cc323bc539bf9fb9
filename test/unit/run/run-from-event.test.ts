/**
 * The action refuses a non-Linux runner before any work: the sandbox needs Linux namespaces, and the
 * platform is a parameter of loadConfig, so this is checked here rather than on a real macOS runner.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadConfig } from '../../../src/inputs.js';
import { runFromEvent } from '../../../src/run/run-from-event.js';
import { RUNNER_ENV } from '../../helpers/runner-env.js';

const runnerEnv = { ...RUNNER_ENV, GITHUB_EVENT_PATH: '/nonexistent/event.json' };

describe('run on a non-Linux runner', () => {
  for (const platform of ['darwin', 'win32'] as const) {
    it(`refuses ${platform} with a message naming the fix, before reading the event`, async () => {
      await assert.rejects(
        runFromEvent(loadConfig(runnerEnv, platform)),
        new RegExp(
          `^Error: agent-action needs a Linux runner \\(runs-on: ubuntu-latest or a self-hosted Linux runner\\); this runner is ${platform}\\.`,
        ),
      );
    });
  }

  it('gets past the check on Linux (the unreadable event is the next failure)', async () => {
    const outcome = await runFromEvent(loadConfig(runnerEnv, 'linux'));
    assert.equal(outcome.conclusion, 'failed');
    assert.match(outcome.failure ?? '', /nonexistent\/event\.json/);
  });
});
