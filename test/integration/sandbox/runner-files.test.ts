/**
 * What a command inside the sandbox leaves behind, in this process's runner mode (root, a runner
 * user with passwordless sudo, or one without): files it creates, copies and renames at any depth
 * stay writable by the runner (the action's own file tools), read-only git works on the runner's
 * checkout, the command sees its own user's names, and without a separate user the runner's
 * work root and tool cache are out of reach.
 */
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { appendFile, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { type BashPolicy, createBashPolicy } from '../../../src/bash-policy/index.js';
import { agentCommandEnv } from '../../../src/exec/scrubbed-env.js';
import { describeSandbox } from '../../../src/sandbox/describe-sandbox.js';
import type { ManagedSandbox } from '../../../src/sandbox/detect-sandbox.js';
import { findExecutable } from '../../../src/sandbox/host-probe.js';
import { runnerFolders } from '../../../src/sandbox/runner-folders.js';
import { GIT_READ_COMMANDS } from '../../helpers/git-read-commands.js';
import { EXPECTED_LEVEL, runnerMode } from '../../helpers/runner-mode.js';
import { type JobLayout, makeJobLayout, runIn, tryLevel } from './sandbox-fixture.js';

const mode = runnerMode();
const expected = EXPECTED_LEVEL[mode];

/** Creates, copies and renames at several depths, as a build or a code generator would. */
const MAKE_FILES = [
  'mkdir -p gen/deep/er',
  'echo made > gen/made.txt',
  'cp README.md gen/deep/er/copy.md',
  'cp -r gen/deep gen/copied',
  'echo moved > gen/tmp.txt && mv gen/tmp.txt gen/deep/moved.txt',
  'mkdir -p /tmp/elsewhere && echo across > /tmp/elsewhere/x.txt && mv /tmp/elsewhere/x.txt gen/across.txt',
  'install -m 600 README.md gen/private.md',
  'chmod 600 gen/made.txt',
].join(' && ');
const MADE = [
  'gen/made.txt',
  'gen/deep/er/copy.md',
  'gen/copied/er/copy.md',
  'gen/deep/moved.txt',
  'gen/across.txt',
  'gen/private.md',
];

const variants: {
  name: string;
  workspaceAccess?: 'idmap' | 'acl' | 'group';
  idmapHelper?: string;
  skip?: string;
}[] =
  mode === 'user'
    ? [{ name: 'no separate user' }]
    : [
        { name: 'idmapped mount', workspaceAccess: 'idmap' },
        {
          // The idmapped mount's probe fails, as on a kernel or filesystem without them.
          name: 'ACL',
          idmapHelper: '/bin/false',
          ...(spawnSync('setfacl', ['--version']).status === 0 ? {} : { skip: 'setfacl is not installed' }),
        },
        { name: 'group fallback', workspaceAccess: 'group' },
      ];

for (const variant of variants) {
  describe(`sandbox as a ${mode} runner (${expected}, ${variant.name})`, () => {
    let job: JobLayout;
    let sandbox: ManagedSandbox | undefined;
    let policy: BashPolicy;
    let toolCache: string;
    let otherCheckout: string;
    const env = () => agentCommandEnv({ PATH: `${toolCache}:${process.env['PATH']}` }, job.workspace);
    const sh = (command: string) =>
      runIn(sandbox!, ['bash', '--noprofile', '--norc', '-c', command], job.workspace, env());

    before(async () => {
      job = await makeJobLayout();
      const workRoot = path.dirname(path.dirname(job.workspace));
      toolCache = path.join(workRoot, '_tool', 'node', 'bin');
      await mkdir(toolCache, { recursive: true });
      await writeFile(path.join(toolCache, 'tool.sh'), '#!/bin/sh\necho tool\n', { mode: 0o755 });
      otherCheckout = path.join(workRoot, 'other', 'other', 'file.txt');
      await mkdir(path.dirname(otherCheckout), { recursive: true });
      await writeFile(otherCheckout, 'another repository\n');
      const git = (...args: string[]) =>
        execFileSync('git', args, {
          cwd: job.workspace,
          env: {
            PATH: process.env['PATH'],
            GIT_AUTHOR_NAME: 't',
            GIT_AUTHOR_EMAIL: 't@x',
            GIT_COMMITTER_NAME: 't',
            GIT_COMMITTER_EMAIL: 't@x',
            HOME: job.root,
          },
        });
      git('init', '-q');
      git('add', '-A');
      git('commit', '-q', '-m', 'first');
      git('tag', 'v1');
      await appendFile(path.join(job.workspace, 'README.md'), 'changed\n');
      const folders = runnerFolders(
        { GITHUB_ACTIONS: 'true', RUNNER_TEMP: job.tempDir, RUNNER_TOOL_CACHE: path.join(workRoot, '_tool') },
        job.workspace,
      );
      policy = await createBashPolicy({ workspace: job.workspace, extraRules: [] });
      if (variant.skip) return;
      const found = await tryLevel(
        job,
        {
          hidePaths: folders.hide,
          readOnlyPaths: folders.readOnly,
          path: `${toolCache}:/usr/bin:/bin`,
          ...(variant.workspaceAccess ? { workspaceAccess: variant.workspaceAccess } : {}),
          ...(variant.idmapHelper ? { idmapHelper: variant.idmapHelper } : {}),
        },
        () => true,
      );
      sandbox = typeof found === 'string' ? undefined : found;
    });
    after(async () => {
      await sandbox?.dispose();
      await job.cleanup();
    });

    it(`chooses ${expected}`, (t) => {
      if (variant.skip) return t.skip(variant.skip);
      assert.equal(sandbox?.level, expected, sandbox ? describeSandbox(sandbox) : 'no sandbox');
      if (variant.idmapHelper)
        assert.match(
          describeSandbox(sandbox!),
          /Workspace shared through ACLs, with files handed back after each command \(no idmapped mount of the workspace: `false probe/,
        );
    });

    it('an idmapped set-up touches no file, so git inside finds its index fresh', async (t) => {
      if (variant.workspaceAccess !== 'idmap')
        return t.skip('ACLs touch every file: the pipeline refreshes the index');
      assert.equal(sandbox?.workspaceAccess?.kind, 'idmap');
      assert.match(describeSandbox(sandbox!), /idmapped mount/);
      // Entries whose stat data no longer match the index: only the file really changed.
      const stale = await sh('git diff-files --name-only');
      assert.equal(stale.exitCode, 0, stale.output);
      assert.equal(stale.output.trim(), 'README.md');
    });

    it('files bash creates, copies and renames at any depth stay writable by the runner', async (t) => {
      if (variant.skip) return t.skip(variant.skip);
      const owner = (await stat(job.workspace)).uid;
      const made = await sh(MAKE_FILES);
      assert.equal(made.exitCode, 0, made.output);
      if (variant.workspaceAccess === 'idmap') {
        // Written as the runner's on disk: no hand-back at all.
        assert.equal(sandbox!.afterCommand, undefined);
        for (const file of MADE) assert.equal((await stat(path.join(job.workspace, file))).uid, owner, file);
      } else if (sandbox!.userName && process.getuid?.() !== 0) {
        // Control: until they are handed back, the runner cannot write what the user made.
        await assert.rejects(writeFile(path.join(job.workspace, 'gen/private.md'), 'x'), { code: 'EACCES' });
      }
      sandbox!.afterCommand?.();
      assert.equal(await sandbox!.settle(), undefined);
      for (const file of MADE) {
        const full = path.join(job.workspace, file);
        assert.equal((await stat(full)).uid, owner, `${file} belongs to the workspace owner`);
        // What edit_file and write_file do: rewrite in place, as the runner.
        await writeFile(full, `edited ${file}\n`);
        await appendFile(full, 'and appended\n');
      }
      await writeFile(path.join(job.workspace, 'gen/deep/er/new-by-runner.txt'), 'runner\n');
      // The sandbox still writes the files it made, and can replace the runner's.
      const again = await sh(
        'echo again >> gen/deep/moved.txt && cp gen/across.txt gen/x && mv -f gen/x gen/deep/er/new-by-runner.txt',
      );
      assert.equal(again.exitCode, 0, again.output);
      assert.equal(
        await readFile(path.join(job.workspace, 'gen/deep/moved.txt'), 'utf8'),
        'edited gen/deep/moved.txt\nand appended\nagain\n',
      );
      // A later command that backdates the folders it fills (as `tar x` and `cp -p` do) still
      // has its files handed back: a folder's ctime cannot be set back.
      const later = await sh(
        'mkdir -p gen/later/x && echo l > gen/later/x/y.txt && touch -d @0 gen/later/x/y.txt gen/later/x gen/later && cp -rp gen/later gen/deep/kept',
      );
      assert.equal(later.exitCode, 0, later.output);
      sandbox!.afterCommand?.();
      assert.equal(await sandbox!.settle(), undefined);
      for (const file of [
        'gen/later/x/y.txt',
        'gen/later/x',
        'gen/deep/kept/x/y.txt',
        'gen/deep/er/new-by-runner.txt',
      ]) {
        assert.equal(
          (await stat(path.join(job.workspace, file))).uid,
          owner,
          `${file} belongs to the workspace owner`,
        );
        if (file.endsWith('.txt')) await appendFile(path.join(job.workspace, file), 'runner\n');
      }
    });

    it('commands run back to back with hand-backs pending can chmod what they make; nothing is left behind', async (t) => {
      if (variant.skip) return t.skip(variant.skip);
      const owner = (await stat(job.workspace)).uid;
      // Each command starts the next round and does not wait for it, as the bash tool does. A
      // round running alongside the next command would hand its new file over between `echo`
      // and `chmod` (EPERM); the next command waits for the round instead.
      const made: string[] = [];
      for (let i = 0; i < 5; i++) {
        const result = await sh(
          `mkdir -p overlap/d${i} && echo ${i} > overlap/d${i}/f.txt && echo ${i} > overlap/top${i}.txt && chmod 600 overlap/top${i}.txt`,
        );
        assert.equal(result.exitCode, 0, result.output);
        sandbox!.afterCommand?.();
        made.push(`overlap/d${i}`, `overlap/d${i}/f.txt`, `overlap/top${i}.txt`);
      }
      assert.equal(await sandbox!.settle(), undefined);
      for (const file of made) {
        assert.equal(
          (await stat(path.join(job.workspace, file))).uid,
          owner,
          `${file} belongs to the workspace owner`,
        );
        if (file.endsWith('.txt')) await appendFile(path.join(job.workspace, file), 'runner\n');
      }
    });

    it('every read-only git command the policy allows works on the checkout', async (t) => {
      if (variant.skip) return t.skip(variant.skip);
      const failures: string[] = [];
      for (const command of GIT_READ_COMMANDS) {
        assert.deepEqual(policy.check(command), { allowed: true }, `the policy allows ${command}`);
        const result = await sh(command);
        if (result.exitCode !== 0 || result.output.includes('dubious ownership'))
          failures.push(`${command} → exit ${result.exitCode}: ${result.output.trim().split('\n')[0]}`);
      }
      assert.deepEqual(failures, []);
      if (sandbox!.userName && variant.workspaceAccess !== 'idmap') {
        // Control: without the workspace as safe.directory the throw-away user's git refuses
        // (through an idmapped mount the checkout is the user's own, so it does not).
        const { GIT_CONFIG_COUNT: _, ...plain } = env();
        const refused = await runIn(sandbox!, ['git', 'status'], job.workspace, plain);
        assert.match(refused.output, /dubious ownership/);
      }
      const status = await sh('git status --short');
      assert.match(status.output, /^ M README\.md$/m, 'git sees the uncommitted change');
    });

    it("sees its own user's names, home, shell and a terminal type", async (t) => {
      if (variant.skip) return t.skip(variant.skip);
      const result = await sh('echo "$USER|$LOGNAME|$HOME|$SHELL|$TERM|$(id -un 2>/dev/null || id -u)"');
      const [user, logname, home, shell, term, id] = result.output.trim().split('|');
      if (sandbox!.userName) {
        assert.equal(user, sandbox!.userName);
        assert.equal(logname, sandbox!.userName);
        assert.equal(id, sandbox!.userName);
        assert.equal(shell, await findExecutable('bash'));
        assert.equal(term, 'dumb');
      } else {
        assert.notEqual(user, 'root', result.output);
      }
      assert.notEqual(home, process.env['HOME']);
      assert.match(home ?? '', /agentsbx-/);
    });

    it("keeps the runner's other checkouts hidden and its tool cache read-only", async (t) => {
      if (variant.skip) return t.skip(variant.skip);
      const result = await sh(
        `test -e ${otherCheckout} && echo other-visible; tool.sh; touch ${toolCache}/planted 2>/dev/null && echo cache-writable; touch gen/ok && echo workspace-writable`,
      );
      assert.doesNotMatch(result.output, /other-visible|cache-writable/);
      assert.match(result.output, /^tool$/m);
      assert.match(result.output, /workspace-writable/);
      if (!sandbox!.userName)
        assert.match(describeSandbox(sandbox!), /Reachable: .*\/work`.*kept read-only: .*_tool/);
    });

    // Last: it disposes of the sandbox itself.
    it('leaves no set-user-ID or set-group-ID file the runner owns once the sandbox is gone', async (t) => {
      if (variant.workspaceAccess !== 'idmap')
        return t.skip(
          'without an idmapped mount what the user makes is handed back by chown, which drops the bits',
        );
      // Through the idmapped mount the user's file is the runner's on disk: with the bit kept,
      // any local user could run it as the runner (root on a root runner) after the job.
      const made = await sh('cp /bin/true gen/suid && chmod 6755 gen/suid && stat -c %a gen/suid');
      assert.equal(made.exitCode, 0, made.output);
      assert.equal(made.output.trim(), '6755');
      const file = path.join(job.workspace, 'gen/suid');
      assert.equal((await stat(file)).mode & 0o6000, 0o6000, 'the bits are on disk while the sandbox lives');
      await sandbox!.dispose();
      sandbox = undefined;
      assert.equal((await stat(file)).mode & 0o7777, 0o755);
    });
  });
}
