/**
 * The corpora through the built policy (`dist/policy-check/index.js`, bundled by the same
 * `npm run build` as the action): at least 99.5 % of the hostile commands denied at every level
 * they apply to (all of them at levels `none` and `landlock`, where no namespace confines commands; the ones a sandbox would not contain elsewhere),
 * every review-only one in review runs; at least 95 % of the benign CI commands allowed inside
 * the sandbox. Timing is measured in bench/policy.bench.ts.
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
  it('denies ≥ 99.5 % of the hostile commands at every level they apply to, and the review-only ones in review runs', (t) => {
    const hostile = loadHostile();
    const written = applySetups(hostileWs.root, hostile).files;
    for (const [name, sandbox, onlyBarrier] of [
      ['none', { level: 'none', deliberate: false }, true],
      ['landlock', { level: 'landlock', deliberate: false }, true],
      ['none, sandbox: off', { level: 'none', deliberate: true }, false],
      ['userns', { level: 'userns', deliberate: false }, false],
    ] as const) {
      const applicable = hostile.filter((h) => !h.review && (onlyBarrier || !h.contained));
      const verdicts = check({
        workspace: hostileWs.root,
        sandbox,
        written,
        commands: applicable.map((h) => h.command),
      });
      const through = applicable.filter((_, i) => verdicts[i]!.allowed);
      const denied = applicable.length - through.length;
      t.diagnostic(
        `hostile denied at ${name}: ${denied}/${applicable.length} (${((denied / applicable.length) * 100).toFixed(2)} %)`,
      );
      for (const h of through) t.diagnostic(`allowed: ${h.command}`);
      assert.ok(denied / applicable.length >= 0.995, `${name}: ${through.length} allowed`);
    }
    const review = hostile.filter((h) => h.review);
    const verdicts = check({
      workspace: hostileWs.root,
      sandbox: { level: 'userns', deliberate: false },
      readOnly: true,
      written,
      commands: review.map((h) => h.command),
    });
    const through = review.filter((_, i) => verdicts[i]!.allowed);
    t.diagnostic(`review-only hostile denied: ${review.length - through.length}/${review.length}`);
    assert.deepEqual(through, []);
  });

  it('allows ≥ 95 % of the benign commands inside the sandbox, and reports level none', (t) => {
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
      `benign allowed at level none (only the core runs there, by design): ${none.filter((v) => v.allowed).length}/${benign.length}`,
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
