import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AgentEvent } from '../../../src/agent/loop.js';
import { attributeBlockedHosts } from '../../../src/run/egress-attribution.js';

const bash = (id: string, command: string) => ({ id, name: 'bash', arguments: JSON.stringify({ command }) });

describe('attributeBlockedHosts', () => {
  it('credits each host to the first command during which its refusals grew', async () => {
    const counts = new Map<string, number>();
    const watch = attributeBlockedHosts(() => counts);
    const run = (id: string, command: string, hosts: string[]) => {
      watch.onEvent({ type: 'tool-start', turn: 1, call: bash(id, command), readOnly: false });
      for (const host of hosts) counts.set(host, (counts.get(host) ?? 0) + 1);
      watch.onEvent({
        type: 'tool-end',
        turn: 1,
        call: bash(id, command),
        result: {},
      } as unknown as AgentEvent);
    };
    run('a', 'npm test', []);
    run('b', 'npm install left-pad', ['registry.npmjs.org']);
    run('c', 'curl registry.npmjs.org', ['registry.npmjs.org']);
    await watch.around('verify-command: npm ci', async () => {
      counts.set('example.com', 1);
    });
    assert.deepEqual(
      [...watch.triedBy()],
      [
        ['registry.npmjs.org', 'npm install left-pad'],
        ['example.com', 'verify-command: npm ci'],
      ],
    );
  });
});
