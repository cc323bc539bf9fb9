import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { mountFlagsOf, mountsToMakeReadOnly } from '../../../src/sandbox/mount-table.js';

/** A GitHub-hosted runner's mount table, shortened, with a path holding a space. */
const MOUNTINFO = [
  '24 1 8:1 / / rw,relatime shared:1 - ext4 /dev/root rw,discard',
  '25 24 0:22 / /proc rw,nosuid,nodev,noexec,relatime shared:12 - proc proc rw',
  '26 24 0:5 / /dev rw,nosuid,relatime shared:2 - devtmpfs udev rw',
  '27 26 0:23 / /dev/shm rw,nosuid,nodev shared:3 - tmpfs tmpfs rw',
  '28 24 0:24 / /run rw,nosuid,nodev,noexec,relatime shared:5 - tmpfs tmpfs rw,mode=755',
  '29 24 0:25 / /sys rw,nosuid,nodev,noexec,relatime shared:7 - sysfs sysfs rw',
  '30 29 0:26 / /sys/fs/cgroup rw,nosuid,nodev,noexec,relatime shared:9 - cgroup2 cgroup2 rw',
  '31 24 7:1 / /snap/core/1 ro,nodev,relatime shared:30 - squashfs /dev/loop1 ro',
  '32 24 8:16 / /mnt/data\\040disk rw,noatime shared:40 - ext4 /dev/sdb1 rw',
  '33 24 8:17 / /home/runner/cache rw,relatime shared:41 - ext4 /dev/sdb2 rw',
  '34 24 0:30 / /mnt/data\\040disk ro,relatime shared:42 - tmpfs none ro',
].join('\n');

describe('mountsToMakeReadOnly', () => {
  it('lists each writable mount once with the flags a user namespace locks, skipping /proc, /dev and hidden folders', () => {
    assert.deepEqual(mountsToMakeReadOnly(MOUNTINFO, ['/home/runner']), [
      { path: '/', flags: 'relatime' },
      { path: '/run', flags: 'nosuid,nodev,noexec,relatime' },
      { path: '/sys', flags: 'nosuid,nodev,noexec,relatime' },
      { path: '/sys/fs/cgroup', flags: 'nosuid,nodev,noexec,relatime' },
    ]);
  });

  it('reads escaped paths, and a read-only mount over a writable one leaves nothing to do there', () => {
    const withoutCover = MOUNTINFO.split('\n').slice(0, -1).join('\n');
    assert.deepEqual(
      mountsToMakeReadOnly(withoutCover).find((m) => m.path.startsWith('/mnt')),
      { path: '/mnt/data disk', flags: 'noatime' },
    );
    assert.equal(
      mountsToMakeReadOnly(MOUNTINFO).some((m) => m.path.startsWith('/mnt')),
      false,
    );
  });
});

describe('mountFlagsOf', () => {
  it('gives the flags of the mount a path lies on: the longest mount point', () => {
    assert.equal(mountFlagsOf(MOUNTINFO, '/home/runner/work/repo/repo'), 'relatime');
    assert.equal(mountFlagsOf(MOUNTINFO, '/home/runner/cache/x'), 'relatime');
    assert.equal(mountFlagsOf(MOUNTINFO, '/run/user/1001'), 'nosuid,nodev,noexec,relatime');
    assert.equal(mountFlagsOf(MOUNTINFO, '/runner'), 'relatime', '`/run` is not a prefix of `/runner`');
    assert.equal(mountFlagsOf('', '/x'), '');
  });
});
