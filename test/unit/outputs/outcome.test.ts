/**
 * The outcome model: one run's facts → the icon and words every surface opens with. ✅ only when
 * the change was published, every configured check passed and nothing was refused.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { RunOutcome } from '../../../src/outputs/action-outputs.js';
import { headlineFor, headlineMarkdown, headlineText, outcomeKind } from '../../../src/outputs/outcome.js';

const opened: RunOutcome = { conclusion: 'pr-opened', prNumber: 2, stopReason: 'done' };
const failedVerification = {
  command: 'npm test',
  passed: false,
  exitCode: 1,
  timedOut: false,
  durationMs: 10,
  outputTail: '',
};

describe('headlineFor', () => {
  it('is ✅ for a published change whose checks passed, naming them', () => {
    const outcome: RunOutcome = {
      ...opened,
      verification: { ...failedVerification, passed: true, exitCode: 0 },
      ci: { state: 'passed', fixRounds: 1 },
    };
    assert.equal(
      headlineMarkdown(outcome),
      '✅ **Opened pull request #2** — verification passed, CI passed after 1 fix round',
    );
    assert.equal(
      headlineMarkdown(outcome, 'pull-request'),
      '✅ **Ready for review** — verification passed, CI passed after 1 fix round',
    );
    assert.equal(
      headlineText(outcome),
      '✅ Opened pull request #2 — verification passed, CI passed after 1 fix round',
    );
  });

  it('is ⚠️ whenever something went wrong on the way, however the run stopped', () => {
    const cases: [Partial<RunOutcome>, string][] = [
      [
        { verification: failedVerification, draft: true },
        'Opened pull request #2 as a draft** — verification failed (`npm test`, exit 1)',
      ],
      [{ ci: { state: 'failed', fixRounds: 2 } }, 'CI failed after 2 fix rounds'],
      [{ ci: { state: 'not-dispatched', fixRounds: 0 } }, 'CI could not be dispatched'],
      [{ refusals: { count: 3, commands: 3, rules: [], example: 'curl x' } }, '3 commands refused'],
      [{ refusals: { count: 2, commands: 1, rules: [], example: 'x' } }, '2 tool calls refused'],
      [{ blockedHosts: ['a.example'] }, '1 host blocked'],
      [{ stopReason: 'max-cost', maxCostUsd: 0.00472 }, 'stopped at the cost cap ($0.0047, `max-cost-usd`)'],
      [{ stopReason: 'max-turns' }, 'stopped at `max-turns`'],
      [{ answerMissing: 'invalid' }, 'the final answer does not match `output-schema`'],
      [{ answerMissing: 'none' }, 'no final answer for `output-schema`'],
    ];
    for (const [facts, words] of cases) {
      const line = headlineMarkdown({ ...opened, ...facts });
      assert.ok(line.startsWith(':warning: **'), line);
      assert.ok(line.includes(words), `${line} should say ${words}`);
    }
  });

  it('says a plan run posted its plan', () => {
    assert.equal(headlineMarkdown({ conclusion: 'planned', planUrl: 'u' }), '✅ **Posted a plan**');
  });

  it('never says "No changes" for a budget stop', () => {
    const stopped: RunOutcome = { conclusion: 'no-changes', stopReason: 'max-cost', maxCostUsd: 0.25 };
    const line = headlineMarkdown(stopped);
    assert.equal(
      line,
      ':warning: **Stopped before making a change** — stopped at the cost cap ($0.25, `max-cost-usd`)',
    );
    assert.doesNotMatch(line, /No changes/);
    assert.equal(
      headlineMarkdown({ conclusion: 'no-changes', stopReason: 'done' }),
      '💬 **No changes to publish**',
    );
  });

  it('is ❌ for a failed run, ⛔ for a denied one, with the reason', () => {
    assert.equal(
      headlineMarkdown({ conclusion: 'failed', reason: 'GitHub would not open the pull request (HTTP 502)' }),
      '❌ **Failed: GitHub would not open the pull request (HTTP 502)**',
    );
    assert.equal(headlineMarkdown({ conclusion: 'failed', cancelled: true }), '🚫 **Cancelled**');
    assert.equal(
      headlineMarkdown({ conclusion: 'denied', reason: '@rita has "read" permission' }),
      '⛔ **Denied: @rita has "read" permission**',
    );
    assert.equal(
      headlineText({ conclusion: 'skipped', reason: 'not a failure' }),
      '⏭️ Skipped: not a failure',
    );
    assert.equal(outcomeKind({ conclusion: 'failed', verification: failedVerification }), 'failed');
  });

  it('words a review by its blocking findings', () => {
    assert.equal(
      headlineMarkdown({ conclusion: 'reviewed', blockingFindings: 0 }, 'review'),
      '✅ **Reviewed** — no blocking findings',
    );
    assert.equal(
      headlineMarkdown({ conclusion: 'reviewed', blockingFindings: 1 }, 'review'),
      ':warning: **Reviewed** — 1 blocking finding',
    );
  });

  it('says a pull request waits for CI while the rounds are to come', () => {
    const pending = headlineFor(
      { ...opened, draft: true, ci: { state: 'pending', fixRounds: 0 } },
      'pull-request',
    );
    assert.equal(pending.kind, 'pending');
    assert.equal(pending.subject, 'Draft until CI passes');
    assert.equal(
      headlineMarkdown({ ...opened, ci: { state: 'dispatched', fixRounds: 0 } }),
      '✅ **Opened pull request #2** — CI dispatched',
    );
  });
});
