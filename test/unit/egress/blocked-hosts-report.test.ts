import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  blockedHostNames,
  blockedHostsNote,
  createBlockedHostLog,
} from '../../../src/egress/blocked-hosts-report.js';
import { EGRESS_BLOCKED_HOSTS_OUTPUT, EGRESS_BLOCKED_HOSTS_SHOWN } from '../../../src/limits.js';

describe('blocked hosts report', () => {
  it('lists each host with its count, in the order first refused, as data and with no suggestion', () => {
    const blocked = new Map([
      ['outside.test:8080', 2],
      ['evil.test', 1],
    ]);
    assert.deepEqual(blockedHostNames(blocked), ['outside.test:8080', 'evil.test']);
    const note = blockedHostsNote(blocked) ?? '';
    assert.match(note, /^\*\*Blocked hosts\*\* \(`network: allowlist`\)/);
    assert.match(note, /tried to reach these hosts/);
    assert.match(note, /a maintainer can decide/);
    assert.doesNotMatch(note, /add it|as a line of|To allow/i);
    assert.match(note, /- `outside\.test:8080` \(2 requests\)\n- `evil\.test` \(1 request\)$/);
  });

  it('shows the first hosts and counts the rest; the output is capped too', () => {
    const log = createBlockedHostLog();
    for (let i = 0; i < 150; i++) {
      log.record(`host-${i}.test`);
      if (i >= 140) log.record(`host-${i}.test`);
    }
    const blocked = log.snapshot();
    const note = blockedHostsNote(blocked) ?? '';
    const listed = note.split('\n').filter((l) => l.startsWith('- `'));
    assert.equal(listed.length, EGRESS_BLOCKED_HOSTS_SHOWN);
    assert.match(
      note,
      new RegExp(
        `- … and ${150 - EGRESS_BLOCKED_HOSTS_SHOWN} more hosts \\(${150 - EGRESS_BLOCKED_HOSTS_SHOWN + 10} requests\\)$`,
      ),
    );
    assert.equal(blockedHostNames(blocked).length, EGRESS_BLOCKED_HOSTS_OUTPUT);
  });

  it('keeps a bounded number of names and counts the requests of the others', () => {
    const log = createBlockedHostLog(2);
    for (const host of ['a.test', 'b.test', 'c.test', 'a.test', 'd.test']) log.record(host);
    const blocked = log.snapshot();
    assert.deepEqual(
      [...blocked],
      [
        ['a.test', 2],
        ['b.test', 1],
      ],
    );
    assert.equal(blocked.requestsNotKept, 2);
    assert.match(blockedHostsNote(blocked) ?? '', /- … and 2 requests to further hosts, not kept by name$/);
  });

  it('cannot be made to close its code span or start a line of its own', () => {
    const note = blockedHostsNote(new Map([['a`b\n- [click](http://x)\u202e', 1]])) ?? '';
    assert.match(note, /- `a\?b\?- \[click\]\(http:\/\/x\)\?` \(1 request\)$/);
  });

  it('says nothing when nothing was refused', () => {
    assert.equal(blockedHostsNote(new Map()), undefined);
    assert.deepEqual(blockedHostNames(new Map()), []);
  });
});
