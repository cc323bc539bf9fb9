/**
 * The guard against what an agent-run command can plant in `.git` and the attribute files. Each
 * test plants its files directly, as a command that got past the bash policy would, then runs
 * the action's publish path (commit and push through the guarded manager, with the token) and
 * checks that the attacker's program never ran, that the token never reached a program git
 * started, and what was committed or refused.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { checkoutRef } from '../../../src/git/checkout.js';
import { commitAll } from '../../../src/git/commit.js';
import { guardRepositoryConfig, NewAttributeDriverError } from '../../../src/git/config-guard.js';
import { authHeader } from '../../../src/git/git-command-manager.js';
import { GitDirReplacedError } from '../../../src/git/git-dir-state.js';
import { pushBranch } from '../../../src/git/push.js';
import { createWriterLedger } from '../../../src/git/work-tree-writers.js';
import { type BareRepo, seedBareRepo } from '../../fakes/bare-repo.js';
import { serveGit } from '../../fakes/git-http.js';
import { gitWorkspace } from '../../helpers/git-workspace.js';

const TOKEN = 'ghs_guardHostileTestToken00000000000000000';
const root = mkdtempSync(path.join(tmpdir(), 'guard-hostile-'));
let server: Server;
let bare: BareRepo;
let serverUrl: string;
let remoteUrl: string;
let counter = 0;

before(async () => {
  bare = await seedBareRepo({
    owner: 'o',
    repo: 'r',
    files: {
      'README.md': '# r\n',
      'src/a.txt': 'a\n',
      'data/x.dat': 'x\n',
      '.gitattributes': '*.dat -text\n',
    },
  });
  server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    await serveGit(req, res, Buffer.concat(chunks), { projectRoot: bare.root, tokens: [TOKEN] });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  remoteUrl = `${serverUrl}/o/r.git`;
});
after(async () => {
  await new Promise<void>((done) => server.close(() => done()));
  rmSync(root, { recursive: true, force: true });
});

/** A program an attacker wants git to run: it records its environment (and passes stdin through). */
function attackerProgram(): { program: string; marker: string } {
  const name = `attacker-${++counter}`;
  const marker = path.join(root, `${name}.env`);
  const program = path.join(root, `${name}.sh`);
  writeFileSync(program, `#!/bin/sh\nenv >> '${marker}'\ncat\n`, { mode: 0o755 });
  return { program, marker };
}

/** A checkout on its own branch with the guard's snapshot taken: the moment the agent starts. */
async function startRun(extra: (dir: string) => void = () => {}) {
  const { dir, git: inner } = await gitWorkspace('guard-hostile-ws-', { token: TOKEN, serverUrl });
  const warnings: string[] = [];
  // The namespace levels' ledger: the guard may reuse its attribute listing between writers.
  const writers = createWriterLedger();
  const guard = guardRepositoryConfig(inner, (m) => warnings.push(m), writers);
  const branch = `agent/hostile-${++counter}`;
  const { headSha } = await checkoutRef(guard.git, { remoteUrl, branch, from: [{ branch: 'main' }] });
  extra(dir);
  await guard.snapshot();
  const git = (args: string[]) => execFileSync('git', args, { cwd: dir, encoding: 'utf8' });
  const publish = async () => {
    // Whatever the test planted since the snapshot, an agent's command did: one writer ran.
    writers.begin()();
    writeFileSync(path.join(dir, 'src/a.txt'), 'fixed by the agent\n');
    const commit = await commitAll(guard.git, {
      message: 'Fix a',
      author: { name: 'Agent', email: 'agent@example.com' },
      runUrl: 'http://x/runs/1',
      startSha: headSha,
    });
    const pushed = await pushBranch(guard.git, { remoteUrl, branch, expectedSha: null });
    return { commit, pushed };
  };
  return { dir, guard, warnings, headSha, branch, git, publish };
}

/** The commit pushed to `branch`: its one parent and its files' contents. */
async function pushedCommit(branch: string) {
  const [commit] = await bare.log(branch, 1);
  return {
    parents: commit?.parents ?? [],
    a: await bare.readFile(branch, 'src/a.txt'),
    readme: await bare.readFile(branch, 'README.md'),
    files: await bare.listFiles(branch),
  };
}

const tokenForms = [TOKEN, authHeader(TOKEN), Buffer.from(`x-access-token:${TOKEN}`).toString('base64')];

describe('the guard against planted git files', () => {
  it('.git/commondir moving the configuration to a folder with a filter driver: ignored and removed', async () => {
    const run = await startRun();
    const { program, marker } = attackerProgram();
    // A whole repository elsewhere: its config names the driver, its info/attributes applies it.
    const elsewhere = path.join(root, `common-${counter}`);
    execFileSync('cp', ['-r', path.join(run.dir, '.git'), elsewhere]);
    writeFileSync(
      path.join(elsewhere, 'config'),
      `[filter "x"]\n\tclean = ${program}\n\tsmudge = ${program}\n`,
      {
        flag: 'a',
      },
    );
    writeFileSync(path.join(elsewhere, 'info', 'attributes'), '* filter=x\n');
    writeFileSync(path.join(run.dir, '.git', 'commondir'), `${elsewhere}\n`);
    // Control: plain git in the workspace does follow it.
    assert.match(run.git(['config', '--get', 'filter.x.clean']), new RegExp(program));

    const { commit, pushed } = await run.publish();
    assert.equal(existsSync(marker), false, 'the filter driver never ran');
    assert.deepEqual(pushed, { kind: 'pushed' });
    assert.deepEqual(commit.files, ['src/a.txt']);
    const landed = await pushedCommit(run.branch);
    assert.deepEqual(landed.parents, [run.headSha]);
    assert.equal(landed.a, 'fixed by the agent\n');
    assert.equal(existsSync(path.join(run.dir, '.git', 'commondir')), false);
    assert.match(run.warnings.join('\n'), /\.git\/commondir/);
  });

  it('a new filter attribute with its driver in .git/config: the commit is refused before git add', async () => {
    const run = await startRun();
    const { program, marker } = attackerProgram();
    writeFileSync(path.join(run.dir, '.git', 'config'), `[filter "x"]\n\tclean = ${program}\n`, {
      flag: 'a',
    });
    writeFileSync(path.join(run.dir, 'src', '.gitattributes'), '*.txt filter=x\n');
    await assert.rejects(run.publish(), (error: unknown) => {
      assert.ok(error instanceof NewAttributeDriverError);
      assert.match(error.message, /`src\/\.gitattributes: \*\.txt filter=x`/);
      assert.match(error.message, /nothing was committed/);
      return true;
    });
    assert.equal(existsSync(marker), false);
    assert.equal(await bare.resolve(run.branch), undefined, 'nothing was pushed');
    // The config was put back too, before anything else.
    assert.doesNotMatch(readFileSync(path.join(run.dir, '.git', 'config'), 'utf8'), /filter/);
  });

  it('a new use of a driver macro the repository already defines counts as a new driver line', async () => {
    const run = await startRun((dir) => {
      writeFileSync(path.join(dir, '.gitattributes'), '[attr]big filter=lfs diff=lfs merge=lfs -text\n');
    });
    writeFileSync(
      path.join(run.dir, '.gitattributes'),
      '[attr]big filter=lfs diff=lfs merge=lfs -text\n* big\n',
    );
    await assert.rejects(run.publish(), /`\.gitattributes: \* big`/);
  });

  it('attribute lines that name no driver, and driver lines there from the start, do not refuse', async () => {
    const { program, marker } = attackerProgram();
    const run = await startRun((dir) => {
      writeFileSync(path.join(dir, 'data', '.gitattributes'), '*.dat diff=x\n');
    });
    writeFileSync(path.join(run.dir, '.gitattributes'), '*.dat -text\n*.sh text eol=lf\n');
    writeFileSync(path.join(run.dir, '.git', 'config'), `[diff "x"]\n\tcommand = ${program}\n`, {
      flag: 'a',
    });
    const { pushed } = await run.publish();
    assert.deepEqual(pushed, { kind: 'pushed' });
    assert.equal(existsSync(marker), false, 'the diff driver planted in .git/config was put back first');
  });

  it('refs/replace swapping the start commit for one with a workflow file: ignored and removed', async () => {
    const run = await startRun();
    // The replacement: the start tree plus a workflow, under the start commit's name.
    const workflow = execFileSync('git', ['hash-object', '-w', '--stdin'], {
      cwd: run.dir,
      input: 'on: push\njobs: {}\n',
      encoding: 'utf8',
    }).trim();
    run.git(['update-index', '--add', '--cacheinfo', `100644,${workflow},.github/workflows/evil.yml`]);
    const tree = run.git(['write-tree']).trim();
    run.git(['read-tree', 'HEAD']);
    const fake = execFileSync('git', ['commit-tree', tree, '-m', 'fake'], {
      cwd: run.dir,
      encoding: 'utf8',
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: 'x',
        GIT_AUTHOR_EMAIL: 'x@x',
        GIT_COMMITTER_NAME: 'x',
        GIT_COMMITTER_EMAIL: 'x@x',
      },
    }).trim();
    mkdirSync(path.join(run.dir, '.git', 'refs', 'replace'), { recursive: true });
    writeFileSync(path.join(run.dir, '.git', 'refs', 'replace', run.headSha), `${fake}\n`);
    assert.match(run.git(['ls-tree', '-r', '--name-only', 'HEAD']), /evil\.yml/, 'control: git honours it');

    const { commit } = await run.publish();
    assert.deepEqual(commit.files, ['src/a.txt']);
    const landed = await pushedCommit(run.branch);
    assert.deepEqual(landed.parents, [run.headSha]);
    assert.ok(!landed.files.some((f) => f.startsWith('.github/')), landed.files.join(' '));
    assert.equal(existsSync(path.join(run.dir, '.git', 'refs', 'replace', run.headSha)), false);
    assert.match(run.warnings.join('\n'), /\.git\/refs\/replace/);
  });

  it('HEAD turned into a symbolic ref to another branch: put back, the commit lands on the run branch', async () => {
    const run = await startRun();
    run.git(['update-ref', 'refs/heads/decoy', run.headSha]);
    writeFileSync(path.join(run.dir, '.git', 'HEAD'), 'ref: refs/heads/decoy\n');
    const { pushed } = await run.publish();
    assert.deepEqual(pushed, { kind: 'pushed' });
    assert.equal(readFileSync(path.join(run.dir, '.git', 'HEAD'), 'utf8'), `ref: refs/heads/${run.branch}\n`);
    assert.equal(
      existsSync(path.join(run.dir, '.git', 'refs', 'heads', 'decoy')),
      false,
      'a new ref goes too',
    );
    assert.match(run.warnings.join('\n'), /\.git\/HEAD, \.git\/refs\/heads\/decoy/);
    assert.equal((await pushedCommit(run.branch)).a, 'fixed by the agent\n');
  });

  it('index flags hiding a staged change (skip-worktree over another blob): the index is rebuilt', async () => {
    const run = await startRun();
    const hidden = execFileSync('git', ['hash-object', '-w', '--stdin'], {
      cwd: run.dir,
      input: '# replaced behind your back\n',
      encoding: 'utf8',
    }).trim();
    run.git(['update-index', '--cacheinfo', `100644,${hidden},README.md`]);
    run.git(['update-index', '--skip-worktree', 'README.md']);
    const { commit } = await run.publish();
    assert.deepEqual(commit.files, ['src/a.txt']);
    assert.equal(
      (await pushedCommit(run.branch)).readme,
      '# r\n',
      'the work tree README, not the hidden blob',
    );
  });

  it('objects/info/alternates, shallow, packed-refs and hooks: put back, named in the warning', async () => {
    const run = await startRun();
    const { program, marker } = attackerProgram();
    const store = path.join(root, `store-${counter}`);
    mkdirSync(store);
    writeFileSync(path.join(run.dir, '.git', 'objects', 'info', 'alternates'), `${store}\n`);
    const shallowBefore = readFileSync(path.join(run.dir, '.git', 'shallow'), 'utf8');
    writeFileSync(path.join(run.dir, '.git', 'shallow'), '');
    writeFileSync(path.join(run.dir, '.git', 'packed-refs'), `${run.headSha} refs/heads/planted\n`);
    writeFileSync(path.join(run.dir, '.git', 'hooks', 'post-commit'), `#!/bin/sh\n${program}\n`, {
      mode: 0o755,
    });
    writeFileSync(path.join(run.dir, '.git', 'hooks', 'pre-push'), `#!/bin/sh\n${program}\n`, {
      mode: 0o755,
    });
    const { pushed } = await run.publish();
    assert.deepEqual(pushed, { kind: 'pushed' });
    assert.equal(existsSync(marker), false, 'no hook ran');
    assert.equal(existsSync(path.join(run.dir, '.git', 'objects', 'info', 'alternates')), false);
    assert.equal(readFileSync(path.join(run.dir, '.git', 'shallow'), 'utf8'), shallowBefore);
    assert.equal(existsSync(path.join(run.dir, '.git', 'packed-refs')), false);
    const warning = run.warnings.join('\n');
    for (const name of [
      'objects/info/alternates',
      'shallow',
      'packed-refs',
      'hooks/post-commit',
      'hooks/pre-push',
    ]) {
      assert.match(warning, new RegExp(`\\.git/${name}`), name);
    }
  });

  it('a link planted in .git is removed, never written through', async () => {
    const run = await startRun();
    const outside = path.join(root, `outside-${counter}`);
    writeFileSync(outside, 'untouched\n');
    rmSync(path.join(run.dir, '.git', 'ORIG_HEAD'), { force: true });
    rmSync(path.join(run.dir, '.git', 'COMMIT_EDITMSG'), { force: true });
    symlinkSync(outside, path.join(run.dir, '.git', 'COMMIT_EDITMSG'));
    await run.publish();
    assert.equal(readFileSync(outside, 'utf8'), 'untouched\n');
  });

  it('.git swapped for another folder, or its object store for a link: refused, no git runs', async () => {
    const swapped = await startRun();
    const { program, marker } = attackerProgram();
    execFileSync('mv', [path.join(swapped.dir, '.git'), path.join(swapped.dir, '.git-old')]);
    execFileSync('cp', ['-r', path.join(swapped.dir, '.git-old'), path.join(swapped.dir, '.git')]);
    writeFileSync(path.join(swapped.dir, '.git', 'config'), `[core]\n\tfsmonitor = ${program}\n`, {
      flag: 'a',
    });
    await assert.rejects(swapped.publish(), GitDirReplacedError);
    assert.equal(existsSync(marker), false);

    const objects = await startRun();
    execFileSync('mv', [path.join(objects.dir, '.git', 'objects'), path.join(root, `objects-${counter}`)]);
    symlinkSync(path.join(root, `objects-${counter}`), path.join(objects.dir, '.git', 'objects'));
    await assert.rejects(objects.publish(), /replaced the object store/);
    assert.equal(await bare.resolve(objects.branch), undefined);
  });

  it('a driver in the runner-wide git config written during the run is never read', async () => {
    const { program, marker } = attackerProgram();
    const run = await startRun((dir) =>
      writeFileSync(path.join(dir, 'data', '.gitattributes'), '*.dat filter=y\n'),
    );
    // gitWorkspace's HOME is the workspace folder; an agent command at level none could write it.
    writeFileSync(path.join(run.dir, '.gitconfig'), `[filter "y"]\n\tclean = ${program}\n`);
    writeFileSync(path.join(run.dir, 'data', 'x.dat'), 'changed\n');
    await run.publish();
    assert.equal(existsSync(marker), false);
  });

  it("a driver the repository's own configuration had from the start runs without the token", async () => {
    const { program, marker } = attackerProgram();
    const run = await startRun((dir) => {
      execFileSync('git', ['config', 'filter.z.clean', program], { cwd: dir });
      writeFileSync(path.join(dir, 'src', '.gitattributes'), '*.txt filter=z\n');
    });
    const { pushed } = await run.publish();
    assert.deepEqual(pushed, { kind: 'pushed' });
    const seen = readFileSync(marker, 'utf8');
    for (const form of tokenForms) assert.ok(!seen.includes(form), 'the driver saw the token');
    assert.match(seen, /GIT_CONFIG_COUNT=/, 'it did run, with the per-command settings but no header');
  });
});
