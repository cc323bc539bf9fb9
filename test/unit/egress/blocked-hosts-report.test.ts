import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { blockedHostNames, blockedHostsNote } from '../../../src/egress/blocked-hosts-report.js';

describe('blocked hosts report', () => {
  it('lists each host with its count, in the order first refused', () => {
    const blocked = new Map([
      ['outside.test:8080', 2],
      ['evil.test', 1],
    ]);
    assert.deepEqual(blockedHostNames(blocked), ['outside.test:8080', 'evil.test']);
    const note = blockedHostsNote(blocked) ?? '';
    assert.match(note, /^\*\*Blocked hosts\*\* \(`network: allowlist`\)/);
    assert.match(note, /add it as a line of `allowed-domains`/);
    assert.match(note, /- `outside\.test:8080` \(2 requests\)\n- `evil\.test` \(1 request\)$/);
  });

  it('says nothing when nothing was refused', () => {
    assert.equal(blockedHostsNote(new Map()), undefined);
    assert.deepEqual(blockedHostNames(new Map()), []);
  });
});
