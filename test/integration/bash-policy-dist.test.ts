/**
 * The corpora through the built policy (`dist/policy-check/index.js`, bundled by the same
 * `npm run build` as the action): at least 99.5 % of the hostile commands denied where the
 * policy is the only barrier, and every uncontained one inside the sandbox; at least 95 % of
 * the benign CI commands allowed inside the sandbox. Timing is measured in bench/policy.bench.ts.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { makePolicyWorkspace } from '../helpers/bash-policy-workspace.js';
import { applySetups, loadBenign, loadHostile } from '../helpers/policy-corpus.js';

const POLICY_CHECK = fileURLToPath(new URL('../../dist/policy-check/index.js', import.meta.url));

interface Verdict {
  allowed: boolean;
  rule?: string;
}

function check(request: object): Verdict[] {
  const out = execFileSync(process.execPath, [POLICY_CHECK], {
    input: JSON.stringify(request),
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return (JSON.parse(out) as { verdicts: Verdict[] }).verdicts;
}

const hostileWs = makePolicyWorkspace();
const benignWs = makePolicyWorkspace();
after(() => {
  hostileWs.cleanup();
  benignWs.cleanup();
});

describe('the built bash policy on the corpora', () => {
  it('denies ≥ 99.5 % of the hostile commands at level none and every uncontained one in the sandbox', (t) => {
    const hostile = loadHostile();
    const written = applySetups(hostileWs.root, hostile);
    const commands = hostile.map((h) => h.command);
    const none = check({
      workspace: hostileWs.root,
      sandbox: { level: 'none', deliberate: false },
      written,
      commands,
    });
    const denied = none.filter((v) => !v.allowed).length;
    const rate = denied / hostile.length;
    t.diagnostic(`hostile denied at level none: ${denied}/${hostile.length} (${(rate * 100).toFixed(2)} %)`);
    assert.ok(rate >= 0.995, `hostile denied rate ${rate}`);
    const uncontained = hostile.filter((h) => !h.contained);
    const sandboxed = check({
      workspace: hostileWs.root,
      sandbox: { level: 'userns', deliberate: false },
      written,
      commands: uncontained.map((h) => h.command),
    });
    const through = uncontained.filter((_, i) => sandboxed[i]!.allowed);
    t.diagnostic(
      `uncontained hostile denied in the sandbox: ${uncontained.length - through.length}/${uncontained.length}`,
    );
    assert.deepEqual(through, []);
  });

  it('allows ≥ 95 % of the benign commands inside the sandbox', (t) => {
    const benign = loadBenign();
    const verdicts = check({
      workspace: benignWs.root,
      sandbox: { level: 'userns', deliberate: false },
      commands: benign.map((b) => b.command),
    });
    const allowed = verdicts.filter((v) => v.allowed).length;
    const rate = allowed / benign.length;
    t.diagnostic(`benign allowed in the sandbox: ${allowed}/${benign.length} (${(rate * 100).toFixed(2)} %)`);
    const none = check({
      workspace: benignWs.root,
      sandbox: { level: 'none', deliberate: false },
      commands: benign.map((b) => b.command),
    });
    t.diagnostic(
      `benign allowed at level none (project code refused there): ${none.filter((v) => v.allowed).length}/${benign.length}`,
    );
    assert.ok(rate >= 0.95, `benign allowed rate ${rate}`);
  });

  it('adds what it approved to each allowed verdict when asked (`record`)', () => {
    const [npmTest, sorted, refused] = check({
      workspace: benignWs.root,
      sandbox: { level: 'userns', deliberate: false },
      record: true,
      commands: ['timeout 60 npm test', 'sort -o out.txt src/main.ts', 'cat /etc/passwd'],
    }) as (Verdict & {
      approval?: {
        commands: { argv: string[]; projectCode: boolean }[];
        paths: { path: string; kind: string }[];
      };
    })[];
    assert.deepEqual(
      npmTest?.approval?.commands.map((c) => [c.argv.join(' '), c.projectCode]),
      [
        ['timeout 60 npm test', false],
        ['npm test', true],
      ],
    );
    assert.deepEqual(
      sorted?.approval?.paths.filter((p) => p.kind === 'write').map((p) => p.path),
      [`${benignWs.root}/out.txt`],
    );
    assert.equal(refused?.allowed, false);
    assert.equal('approval' in (refused ?? {}), false);
  });
});
