import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { MergeFacts } from '../../../src/github/merge-facts.js';
import { firstUnmetGate, type RunFacts } from '../../../src/run/merge-gates.js';

const HEAD = 'b'.repeat(40);
const RUN: RunFacts = {
  head: { sha: HEAD, verified: true },
  ciWorkflow: undefined,
  ciRounds: 0,
  ciConclusion: undefined,
};
const GITHUB: MergeFacts = {
  nodeId: 'PR_1',
  headSha: HEAD,
  baseRef: 'main',
  sameRepo: true,
  draft: false,
  unresolvedThreads: [],
  threadsTruncated: false,
  changesRequestedBy: [],
  requiredChecks: ['test'],
};

const gateOf = (run: Partial<RunFacts>, github: Partial<MergeFacts> = {}) => {
  const verdict = firstUnmetGate({ ...RUN, ...run }, { ...GITHUB, ...github });
  return verdict.kind === 'hold' ? 'hold' : `${verdict.gate}: ${verdict.reason}`;
};

describe('firstUnmetGate', () => {
  it('holds only when every gate holds', () => {
    assert.equal(gateOf({}), 'hold');
    assert.equal(gateOf({ ciWorkflow: 'ci.yml', ciRounds: 2, ciConclusion: 'success' }), 'hold');
  });

  it('names one gate per failure, with why', () => {
    assert.match(gateOf({ head: { sha: HEAD } }), /^verification: no `verify-command` is set/);
    assert.match(gateOf({ head: { sha: HEAD, verified: false } }), /^verification: `verify-command` failed/);
    assert.match(
      gateOf({}, { headSha: 'c'.repeat(40) }),
      /^verification: the pull request's head moved to ccccccc after the action verified bbbbbbb/,
    );
    assert.match(gateOf({ ciWorkflow: 'ci.yml', ciRounds: 0 }), /^ci: `ci-rounds` is 0/);
    assert.match(
      gateOf({ ciWorkflow: 'ci.yml', ciRounds: 1, ciConclusion: 'failure' }),
      /^ci: .*concluded failure/,
    );
    assert.match(
      gateOf({}, { unresolvedThreads: ['alice', 'alice'] }),
      /^threads: 2 review thread\(s\) are unresolved \(opened by @alice\)/,
    );
    assert.match(gateOf({}, { threadsTruncated: true }), /^threads:/);
    assert.match(gateOf({}, { changesRequestedBy: ['bob'] }), /^changes-requested: @bob requested changes/);
    assert.match(gateOf({}, { requiredChecks: [] }), /^unprotected-base: `main` requires no status check/);
    assert.match(gateOf({}, { sameRepo: false }), /^fork:/);
  });

  it('reports the first unmet gate in the output order', () => {
    assert.match(
      gateOf({ head: { sha: HEAD, verified: false } }, { requiredChecks: [], sameRepo: false }),
      /^verification/,
    );
    assert.match(gateOf({}, { changesRequestedBy: ['bob'], requiredChecks: [] }), /^changes-requested/);
  });
});
