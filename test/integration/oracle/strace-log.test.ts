/**
 * The oracle's reading of strace logs and its judgement, on logs as strace 6 prints them (no
 * sandbox needed): execs with argv, writes resolved through descriptor decorations and the
 * tracked working directory, renames, connections, split `<unfinished …>` lines; and the
 * comparison that turns a program or write the policy did not approve into a finding.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Approval } from '../../../src/bash-policy/approval.js';
import { argvMatches, compareEffects } from '../../oracle/compare-effects.js';
import { parseStraceLog } from '../../oracle/strace-log.js';
import { splitCall, unescapeC } from '../../oracle/strace-syntax.js';

const WS = '/w/repo';
const LOG = String.raw`100 execve("/usr/bin/bash", ["bash", "--noprofile", "--norc", "-c", "sort -o out.txt notes.txt && ./x"], 0x7ffe /* 9 vars */) = 0
100 openat(AT_FDCWD</w/repo>, "/dev/tty", O_RDWR|O_NONBLOCK) = -1 ENXIO (No such device or address)
100 clone(child_stack=NULL, flags=CLONE_CHILD_CLEARTID|CLONE_CHILD_SETTID|SIGCHLD, child_tidptr=0x7f) = 101
101 execve("/usr/bin/sort", ["sort", "-o", "out.txt", "notes.txt"], 0x55 /* 9 vars */ <unfinished ...>
100 wait4(-1,  <unfinished ...>
101 <... execve resumed>) = 0
101 openat(AT_FDCWD</w/repo>, "notes.txt", O_RDONLY) = 3</w/repo/notes.txt>
101 openat(AT_FDCWD</w/repo>, "out.txt", O_WRONLY|O_CREAT, 0666) = 4</w/repo/out.txt>
101 openat(AT_FDCWD</w/repo>, "/tmp/sortXYZ", O_RDWR|O_CREAT|O_EXCL, 0600) = 5</tmp/sortXYZ>
101 renameat2(AT_FDCWD</w/repo>, "a b\76c", AT_FDCWD</w/repo>, ".git/config", RENAME_NOREPLACE) = 0
101 mkdir("/w/repo/.github/x", 0777) = -1 EROFS (Read-only file system)
101 connect(5<socket:[1]>, {sa_family=AF_INET, sin_port=htons(443), sin_addr=inet_addr("10.1.2.3")}, 16) = -1 ENETUNREACH (Network is unreachable)
100 execve("/w/repo/x", ["./x"], 0x55 /* 9 vars */) = 0
100 chdir("sub") = 0
100 unlink("f") = 0
`;

const approval: Approval = {
  commands: [
    {
      argv: ['sort', '-o', 'out.txt', 'notes.txt'],
      glob: false,
      cwds: [WS],
      projectCode: false,
      byAllowedCommands: false,
    },
  ],
  paths: [
    { path: `${WS}/out.txt`, kind: 'write', glob: false },
    { path: `${WS}/notes.txt`, kind: 'read', glob: false },
  ],
};

describe('the oracle: strace log', () => {
  it('splits calls with nested structures, quotes and decorations, and decodes C escapes', () => {
    const call = splitCall('connect(3<socket:[9]>, {sa_family=AF_INET, sin_port=htons(53)}, 16) = 0');
    assert.deepEqual(call?.args, ['3<socket:[9]>', '{sa_family=AF_INET, sin_port=htons(53)}', '16']);
    assert.equal(unescapeC('a\\76b\\"c\\x41\\n'), 'a>b"cA\n');
  });

  it('reads execs, writes (through decorations and the working directory), renames and connections', () => {
    const events = parseStraceLog(LOG, WS);
    const execs = events.filter((e) => e.kind === 'exec').map((e) => e.argv.join(' '));
    assert.deepEqual(execs, [
      'bash --noprofile --norc -c sort -o out.txt notes.txt && ./x',
      'sort -o out.txt notes.txt',
      './x',
    ]);
    const writes = events.flatMap((e) =>
      e.kind === 'write' ? [`${e.call} ${e.path} ${e.ok ? 'ok' : e.errno}`] : [],
    );
    assert.deepEqual(writes, [
      'openat /dev/tty ENXIO',
      'openat /w/repo/out.txt ok',
      'openat /tmp/sortXYZ ok',
      'renameat2 /w/repo/a b>c ok',
      'renameat2 /w/repo/.git/config ok',
      'mkdir /w/repo/.github/x EROFS',
      'unlink /w/repo/sub/f ok',
    ]);
    assert.ok(events.some((e) => e.kind === 'spawn' && e.pid === 100 && e.child === 101));
    assert.ok(events.some((e) => e.kind === 'network' && e.address === '10.1.2.3:443' && !e.ok));
  });

  it('finds every program, write and connection beyond the approval, and nothing within it', () => {
    const findings = compareEffects(parseStraceLog(LOG, WS), approval, {
      workspace: WS,
      home: '/h',
      level: 'namespace',
    });
    assert.deepEqual(
      findings.map((f) => `${f.class} ${f.detail}${f.blocked ? ' (blocked)' : ''}`),
      [
        'unapproved-write renameat2 <ws>/a b>c',
        'unapproved-write renameat2 <ws>/.git/config (from <ws>/a b>c)',
        'unapproved-write mkdir <ws>/.github/x [EROFS] (blocked)',
        'network connect AF_INET 10.1.2.3:443 [failed] (blocked)',
        'unapproved-exec <ws>/x ["./x"]',
        'project-code executes workspace file <ws>/x',
        'unapproved-write unlink <ws>/sub/f',
      ],
    );
  });

  it('lets anything run below a command approved as project code, but only at a namespace level', () => {
    const projectCode: Approval = {
      commands: [{ argv: ['./x'], glob: false, cwds: [WS], projectCode: true, byAllowedCommands: false }],
      paths: [],
    };
    const log = `1 execve("/usr/bin/bash", ["bash", "-c", "./x"], 0x0 /* 0 vars */) = 0\n1 execve("/w/repo/x", ["./x"], 0x0 /* 0 vars */) = 0\n1 execve("/usr/bin/curl", ["curl", "evil"], 0x0 /* 0 vars */) = 0\n`;
    const events = parseStraceLog(log, WS);
    assert.deepEqual(
      compareEffects(events, projectCode, { workspace: WS, home: '/h', level: 'namespace' }),
      [],
    );
    const none = compareEffects(events, projectCode, { workspace: WS, home: '/h', level: 'none' });
    assert.deepEqual(
      none.map((f) => f.class),
      ['project-code', 'unapproved-exec'],
    );
  });

  it('matches a glob word against the words bash expanded it to', () => {
    const ls = {
      argv: ['ls', 'src/*.ts'],
      glob: true,
      cwds: [WS],
      projectCode: false,
      byAllowedCommands: false,
    };
    assert.equal(argvMatches(ls, ['ls', 'src/a.ts', 'src/b.ts']), true);
    assert.equal(argvMatches(ls, ['ls', 'src/*.ts']), true);
    assert.equal(argvMatches(ls, ['ls', 'src/a.ts', '/etc/passwd']), false);
  });
});
