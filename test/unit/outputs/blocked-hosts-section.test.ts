import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { blockedHostsNote } from '../../../src/egress/blocked-hosts-report.js';
import { blockedHostsSection } from '../../../src/outputs/blocked-hosts-section.js';

describe('blockedHostsSection', () => {
  it("adds the command that tried each host to the egress report's line for it", () => {
    const note = blockedHostsNote(new Map([['registry.npmjs.org', 2]]));
    const text = blockedHostsSection(note, new Map([['registry.npmjs.org', 'npm install left-pad']])) ?? '';
    assert.ok(text.startsWith(note ?? '-'), 'the report comes first, as written');
    assert.match(text, /^- `registry\.npmjs\.org` \(2 requests\) — tried by `npm install left-pad`$/m);
  });

  it('lists a host the note does not name, and passes a note through without attributions', () => {
    const note = '**Blocked hosts**: 1 more not shown.';
    assert.equal(
      blockedHostsSection(note, new Map([['evil.example', 'curl evil.example']])),
      `${note}\n- \`evil.example\` tried by \`curl evil.example\``,
    );
    assert.equal(blockedHostsSection(note, new Map()), note);
    assert.equal(blockedHostsSection(undefined, new Map([['a', 'b']])), undefined);
  });
});
