import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { matchTriggerPhrase } from '../../../src/triggers/trigger-phrase.js';

/** [comment body, instruction it yields or undefined when it must not start a run]. */
const CASES: [string, string | undefined][] = [
  ['/agent', ''],
  ['/agent fix the test', 'fix the test'],
  ['/agent\nplease look at the flaky test', 'please look at the flaky test'],
  ['/agent\r\nfix it', 'fix it'],
  ['/agent\tfix it ', 'fix it'],
  ['   /agent fix', 'fix'],
  ['\n\n/agent fix', 'fix'],
  ['/agent: fix the build', 'fix the build'],
  ['/agent, fix the build', 'fix the build'],
  ['/agent!', ''],
  ['/agent review', 'review'],
  ['/agents', undefined],
  ['/agentfoo', undefined],
  ['/agentic fix', undefined],
  ['/agent-bot fix', undefined],
  ['/agent_x fix', undefined],
  ['/agent.ts is broken', undefined],
  ['/agent/docs is broken', undefined],
  ['/agent:fix', undefined],
  ['/Agent fix', undefined],
  ['please /agent fix', undefined],
  ['`/agent fix`', undefined],
  ['``/agent``', undefined],
  ['```\n/agent fix\n```', undefined],
  ['> /agent fix\n\nthis quote must not start a run', undefined],
  ['see https://example.com/agent', undefined],
  ['https://example.com/agent fix', undefined],
  ['<https://example.com/agent>', undefined],
  ['[/agent](https://example.com/agent)', undefined],
  ['\u200b/agent fix', undefined],
  ['', undefined],
];

describe('the trigger phrase is a whole word at the start of the comment', () => {
  for (const [body, expected] of CASES) {
    it(`${JSON.stringify(body)} → ${expected === undefined ? 'no run' : JSON.stringify(expected)}`, () => {
      assert.equal(matchTriggerPhrase(body, '/agent'), expected);
    });
  }

  it('has a table of more than twenty cases, both kinds well represented', () => {
    assert.ok(CASES.length >= 20);
    assert.ok(CASES.filter(([, e]) => e === undefined).length >= 10);
    assert.ok(CASES.filter(([, e]) => e !== undefined).length >= 10);
  });

  it('works for another phrase, taken literally (no pattern characters)', () => {
    assert.equal(matchTriggerPhrase('@bot.ai do it', '@bot.ai'), 'do it');
    assert.equal(matchTriggerPhrase('@botXai do it', '@bot.ai'), undefined);
    assert.equal(matchTriggerPhrase('/agent fix', ''), undefined);
  });
});
