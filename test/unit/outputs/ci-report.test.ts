import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { CiReport } from '../../../src/ci/ci-round-driver.js';
import {
  ciVerdict,
  describeCiProgress,
  onCiProgress,
  renderCiReport,
} from '../../../src/outputs/ci-report.js';

const run = (round: number, extra: Partial<CiReport['runs'][number]> = {}) => ({
  round,
  runId: 100 + round,
  htmlUrl: `https://github.com/o/r/actions/runs/${100 + round}`,
  headSha: `${round}`.repeat(40),
  status: 'completed',
  ...extra,
});

describe('renderCiReport', () => {
  it('lists each round with its link, commit and status, then the conclusion', () => {
    const report: CiReport = {
      workflow: 'ci.yml',
      rounds: 2,
      phase: 'done',
      stop: 'success',
      conclusion: 'success',
      runs: [run(1, { conclusion: 'failure' }), run(2, { conclusion: 'success' })],
    };
    assert.equal(
      renderCiReport(report),
      [
        '### CI: `ci.yml`',
        '',
        '**CI conclusion: ✅ success** after 1 fix round.',
        '',
        '| Round | Run | Commit | Status |',
        '|---|---|---|---|',
        '| 1 | [run 101](https://github.com/o/r/actions/runs/101) | `1111111` | ❌ failure |',
        '| 2 | [run 102](https://github.com/o/r/actions/runs/102) | `2222222` | ✅ success |',
      ].join('\n'),
    );
  });

  it('shows progress while the rounds go on', () => {
    const waiting: CiReport = {
      workflow: 'ci.yml',
      rounds: 1,
      phase: 'waiting',
      runs: [run(1, { status: 'in_progress' })],
    };
    assert.match(
      renderCiReport(waiting),
      /\n\n⏳ Waiting for round 1 to finish…\n\n\| Round [\s\S]*⏳ in progress \|$/,
    );
    assert.equal(describeCiProgress(waiting), 'CI round 1 (ci.yml): waiting — run 101 in_progress');
    const fixing: CiReport = { ...waiting, phase: 'fixing', runs: [run(1, { conclusion: 'failure' })] };
    assert.match(renderCiReport(fixing), /the agent is working on fix round 1…\n/);
  });

  it('shows the problem and its fix when the workflow could not be dispatched', () => {
    const report: CiReport = {
      workflow: 'ci.yml',
      rounds: 0,
      phase: 'done',
      stop: 'error',
      runs: [],
      error: {
        kind: 'no-dispatch-trigger',
        message: 'No `workflow_dispatch` trigger.',
        fix: 'Add `workflow_dispatch:`.',
      },
    };
    assert.equal(
      renderCiReport(report),
      '### CI: `ci.yml`\n\n> [!WARNING]\n> No `workflow_dispatch` trigger.\n>\n> **Fix:** Add `workflow_dispatch:`.',
    );
    assert.equal(describeCiProgress(report), 'CI (ci.yml): No `workflow_dispatch` trigger.');
  });

  it('names budget stops and unfixable conclusions', () => {
    const base = { workflow: 'ci.yml', rounds: 3, phase: 'done' as const };
    const deadline = renderCiReport({ ...base, stop: 'deadline', runs: [run(1, { status: 'in_progress' })] });
    assert.match(deadline, /ran out while the run was in progress\.\n/);
    const cancelled = renderCiReport({
      ...base,
      stop: 'not-fixable',
      conclusion: 'cancelled',
      runs: [run(1, { conclusion: 'cancelled' })],
    });
    assert.match(cancelled, /\*\*CI conclusion: 🚫 cancelled\*\*\.\n/);
    assert.deepEqual(ciVerdict({ ...base, stop: 'not-fixable', conclusion: 'cancelled', runs: [run(1)] }), {
      state: 'unfinished',
      fixRounds: 0,
    });
  });

  it('says a run not waited for was dispatched, with its link and no status that would go stale', () => {
    const report: CiReport = {
      workflow: 'ci.yml',
      rounds: 0,
      phase: 'done',
      stop: 'not-waiting',
      runs: [run(1, { status: 'queued' })],
    };
    assert.equal(
      renderCiReport(report),
      "### CI: `ci.yml`\n\n**CI:** dispatched [run 101](https://github.com/o/r/actions/runs/101) on `1111111` and not waited for (`ci-rounds: 0`); its result shows in the commit's checks.",
    );
    assert.deepEqual(ciVerdict(report), { state: 'dispatched', fixRounds: 0 });
  });

  it('shows an error from GitHub as text: no heading, no HTML', () => {
    const report: CiReport = {
      workflow: 'ci.yml',
      rounds: 1,
      phase: 'done',
      stop: 'error',
      runs: [],
      error: {
        kind: 'api-error',
        message:
          'GitHub failed: <html><title>502 Bad Gateway</title><h1>502 Bad Gateway</h1></html>\n# not a heading',
        fix: 'Run again.',
      },
    };
    const text = renderCiReport(report);
    assert.match(text, /> GitHub failed: 502 Bad Gateway \(an HTML page\)\n> \\# not a heading/);
    assert.doesNotMatch(text, /<h1>|<html>/);
    assert.deepEqual(ciVerdict(report), { state: 'not-dispatched', fixRounds: 0 });
  });

  it('emits each distinct progress line once', () => {
    const lines: string[] = [];
    const update = onCiProgress((line) => lines.push(line));
    const waiting: CiReport = {
      workflow: 'ci.yml',
      rounds: 1,
      phase: 'waiting',
      runs: [run(1, { status: 'queued' })],
    };
    update(waiting);
    update(waiting);
    update({ ...waiting, runs: [run(1, { status: 'in_progress' })] });
    assert.deepEqual(lines, [
      'CI round 1 (ci.yml): waiting — run 101 queued',
      'CI round 1 (ci.yml): waiting — run 101 in_progress',
    ]);
  });
});
