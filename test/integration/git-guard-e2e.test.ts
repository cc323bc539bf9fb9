/**
 * The action's own git after a hostile agent command, end to end through the built action. The
 * repository's own scripts plant what a command that got past the bash policy could (the run is
 * `sandbox: off`, where the project's code runs with the runner's access): a `.git/commondir`
 * that moves the configuration to a folder with a filter driver, or a new filter attribute with
 * its driver. The agent runs that script, changes a file and finishes; the action then commits
 * and publishes. The attacker's program must never run, and so never see the token.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { reply } from '../fakes/openai-server.js';
import { labeledPayload, useHarness } from '../helpers/action-harness.js';

const attacker = mkdtempSync(path.join(tmpdir(), 'git-guard-e2e-'));
const program = path.join(attacker, 'driver.sh');
const ran = path.join(attacker, 'driver-ran.env');
writeFileSync(program, `#!/bin/sh\nenv >> '${ran}'\ncat\n`, { mode: 0o755 });
after(() => rmSync(attacker, { recursive: true, force: true }));

/** Moves git's whole configuration to a copy of .git whose config and info/attributes run the driver. */
const PLANT_COMMONDIR = `import fs from 'node:fs';
import path from 'node:path';
const git = path.join(process.cwd(), '.git');
const elsewhere = ${JSON.stringify(path.join(attacker, 'common'))};
fs.cpSync(git, elsewhere, { recursive: true });
fs.appendFileSync(path.join(elsewhere, 'config'), '[filter "x"]\\n\\tclean = ${program}\\n\\tsmudge = ${program}\\n');
fs.mkdirSync(path.join(elsewhere, 'info'), { recursive: true });
fs.writeFileSync(path.join(elsewhere, 'info', 'attributes'), '* filter=x\\n');
fs.writeFileSync(path.join(git, 'commondir'), elsewhere + '\\n');
console.log('planted commondir');
`;

/** A driver in .git/config and a new attribute that applies it to every Markdown file. */
const PLANT_FILTER = `import fs from 'node:fs';
fs.appendFileSync('.git/config', '[filter "y"]\\n\\tclean = ${program}\\n');
fs.writeFileSync('.gitattributes', '*.md filter=y\\n');
console.log('planted filter');
`;

/** Only the attribute: at the namespace levels `.git` is read-only to commands. */
const PLANT_ATTRIBUTE = `import fs from 'node:fs';
fs.writeFileSync('.gitattributes', '*.md filter=lfs\\n');
console.log('planted attribute');
`;

const h = useHarness({
  'README.md': '# Hello-World\n',
  'package.json': `${JSON.stringify({
    name: 'hello-world',
    private: true,
    scripts: {
      'plant-commondir': 'node plant-commondir.mjs',
      'plant-filter': 'node plant-filter.mjs',
      'plant-attribute': 'node plant-attribute.mjs',
    },
  })}\n`,
  'plant-commondir.mjs': PLANT_COMMONDIR,
  'plant-filter.mjs': PLANT_FILTER,
  'plant-attribute.mjs': PLANT_ATTRIBUTE,
});

/** The agent runs the planting script, then reads and changes the README and finishes. */
async function runWith(script: string, inputs: Record<string, string> = {}) {
  rmSync(ran, { force: true });
  const issue = h.github.state.addIssue({ title: 'Improve the README', body: 'Say more.', user: 'alice' });
  h.openai.enqueue(
    reply().tool('bash', { command: `npm run ${script}` }),
    reply().tool('read_file', { path: 'README.md' }),
    reply().tool('write_file', { path: 'README.md', content: '# Hello-World\n\nA greeting library.\n' }),
    reply().text('Describe the project in the README'),
  );
  const run = await h.run('issues', labeledPayload(issue, 'alice'), { inputs });
  const planted = String(h.openai.requests[1]?.body.messages.at(-1)?.content ?? '');
  return { run, issue, planted, branch: `agent/issue-${issue.number}` };
}

describe('the action’s own git after a hostile agent command', () => {
  it('a planted .git/commondir moves nothing: the change is published, the driver never ran', async () => {
    const { run, planted, branch } = await runWith('plant-commondir');
    assert.match(planted, /planted commondir/, 'the script ran');
    assert.equal(run.outputs['conclusion'], 'pr-opened', run.stdout + run.stderr);
    assert.equal(existsSync(ran), false, 'the filter driver ran');
    assert.equal(await h.github.git.readFile(branch, 'README.md'), '# Hello-World\n\nA greeting library.\n');
    assert.deepEqual(
      (await h.github.git.listFiles(branch)).filter((f) => f.startsWith('.git')),
      [],
      'nothing of .git was committed',
    );
    assert.match(run.summary, /The agent's commands changed the repository's git files \(\.git\/commondir/);
  });

  it('a new filter attribute refuses the commit, before git add runs the driver', async () => {
    const { run, issue, planted, branch } = await runWith('plant-filter');
    assert.match(planted, /planted filter/, 'the script ran');
    assert.equal(run.outputs['conclusion'], 'failed', run.stdout + run.stderr);
    assert.equal(
      existsSync(ran),
      false,
      `the filter driver ran:\n${existsSync(ran) ? readFileSync(ran, 'utf8') : ''}`,
    );
    assert.equal(await h.github.git.resolve(branch), undefined, 'nothing was pushed');
    const tracking = h.github.state.commentsOn(issue.number).at(-1)?.body ?? '';
    assert.match(tracking, /added git attributes that name a filter, diff or merge driver/);
    assert.match(tracking, /`\.gitattributes: \*\.md filter=y`/);
    assert.match(run.summary, /\.git\/config/, 'the planted driver was put back, and said so');
  });

  it('at a namespace level, where the guard reuses its listing while nothing runs, the command still counts', async (t) => {
    if (process.getuid?.() !== 0) return t.skip('the namespace levels are exercised as root here');
    const { run, issue, planted } = await runWith('plant-attribute', { sandbox: 'strict' });
    assert.match(planted, /planted attribute/, 'the script ran');
    assert.match(run.summary, /\+unshare/, 'a namespace level ran the command');
    assert.equal(run.outputs['conclusion'], 'failed', run.stdout + run.stderr);
    const tracking = h.github.state.commentsOn(issue.number).at(-1)?.body ?? '';
    assert.match(tracking, /`\.gitattributes: \*\.md filter=lfs`/);
  });
});
