import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runAction } from '../helpers/run-action.js';
import { webhookExample } from '../helpers/webhook-examples.js';

function labeledIssue(label = 'agent') {
  const payload = webhookExample('issues', 'labeled');
  payload['label'] = { ...payload['label'], name: label };
  return payload;
}

describe('dist/index.js as the runner drives it', () => {
  it('runs on Node 24', () => {
    console.log(`node ${process.version}`);
    assert.match(process.version, /^v24\./);
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
  });

  it('refuses a non-Linux runner with a clear message', async () => {
    // The platform is read from the process, so this is checked through loadConfig's parameter in unit tests;
    // here we only make sure a Linux run gets past the check.
    const run = await runAction({ eventName: 'issues', payload: labeledIssue('bug') });
    assert.doesNotMatch(run.stdout, /needs a Linux runner/);
  });
});
