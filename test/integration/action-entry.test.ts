import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, it } from 'node:test';
import { runAction } from '../helpers/run-action.js';
import { webhookExample } from '../helpers/webhook-examples.js';

function labeledIssue(label = 'agent') {
  const payload = webhookExample('issues', 'labeled');
  payload['label'] = { ...payload['label'], name: label };
  return payload;
}

describe('dist/index.js as the runner drives it', () => {
  it('runs on Node 24, the runtime action.yml declares', async () => {
    console.log(`node ${process.version}`);
    assert.match(process.version, /^v24\./);
    const actionYml = await readFile(new URL('../../action.yml', import.meta.url), 'utf8');
    assert.match(actionYml, /^\s+using: node24$/m);
  });

  it('fails the step naming a bad input, its value and what is accepted', async () => {
    const run = await runAction({
      eventName: 'issues',
      payload: labeledIssue(),
      inputs: { 'max-turns': 'ten' },
    });
    assert.notEqual(run.exitCode, 0);
    assert.match(run.stdout, /::error::.*max-turns must be a whole number from 1 to 500, got "ten"/);
    assert.equal(run.outputs['conclusion'], 'failed');
  });

  it('fails with a clear message, not a stack trace, when the event file is unreadable', async () => {
    const run = await runAction({
      eventName: 'issues',
      payload: {},
      env: { GITHUB_EVENT_PATH: '/nonexistent/event.json' },
    });
    assert.notEqual(run.exitCode, 0);
    assert.match(
      run.stdout,
      /::error::Cannot read the event payload at GITHUB_EVENT_PATH=\/nonexistent\/event\.json/,
    );
    assert.doesNotMatch(run.stdout + run.stderr, /\n\s+at /);
  });

  it('skips an issue labelled with another label, exit 0, conclusion skipped', async () => {
    const run = await runAction({ eventName: 'issues', payload: labeledIssue('bug') });
    assert.equal(run.exitCode, 0, run.stdout + run.stderr);
    assert.match(run.stdout, /label "bug" is not the trigger label "agent"/);
    assert.equal(run.outputs['conclusion'], 'skipped');
    // A Linux runner gets past the platform check; the refusal itself is in test/unit/run/run-platform.test.ts.
    assert.doesNotMatch(run.stdout, /needs a Linux runner/);
  });
});
