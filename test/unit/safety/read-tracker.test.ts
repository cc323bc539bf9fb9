import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createReadTracker, sha256 } from '../../../src/safety/read-tracker.js';

describe('read tracker', () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'read-tracker-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  async function file(name: string, content: string): Promise<string> {
    const full = path.join(dir, name);
    await writeFile(full, content);
    return full;
  }

  it('lets new files be written without a read', async () => {
    const tracker = createReadTracker();
    assert.deepEqual(await tracker.checkWrite(path.join(dir, 'does-not-exist.txt')), { kind: 'clear' });
  });

  it('refuses an existing file that was never read', async () => {
    const tracker = createReadTracker();
    const full = await file('unread.txt', 'x');
    const check = await tracker.checkWrite(full, 'unread.txt');
    assert.equal(check.kind, 'refused');
    assert.ok(check.kind === 'refused' && check.reason === 'not-read');
    assert.match(check.kind === 'refused' ? check.message : '', /unread\.txt.*Read it first/);
  });

  it('allows a write after a read, and records mtime and SHA-256', async () => {
    const tracker = createReadTracker();
    const full = await file('read.txt', 'hello');
    await tracker.record(full, await readFile(full));
    assert.equal(tracker.get(full)?.sha256, sha256('hello'));
    assert.deepEqual(await tracker.checkWrite(full), { kind: 'clear' });
  });

  it('treats a touch (new mtime, same content) as no conflict', async () => {
    const tracker = createReadTracker();
    const full = await file('touched.txt', 'same');
    await tracker.record(full, 'same');
    const later = new Date(Date.now() + 60_000);
    await utimes(full, later, later);
    assert.deepEqual(await tracker.checkWrite(full), { kind: 'clear' });
    assert.equal(tracker.get(full)?.mtimeMs, later.getTime());
  });

  it('reports a conflict when the file changed on disk after the read', async () => {
    const tracker = createReadTracker();
    const full = await file('changed.txt', 'before');
    await tracker.record(full, 'before');
    await writeFile(full, 'after, written by someone else');
    const later = new Date(Date.now() + 60_000);
    await utimes(full, later, later);
    const check = await tracker.checkWrite(full, 'changed.txt');
    assert.ok(check.kind === 'refused' && check.reason === 'conflict');
    assert.match(check.kind === 'refused' ? check.message : '', /changed on disk.*Read it again/);
  });

  it('remembers the content of what the agent wrote, not of what it only read', async () => {
    const tracker = createReadTracker();
    const written = await file('written.mjs', 'evil();');
    await tracker.record(written, 'evil();', 'written');
    const read = await file('read.mjs', 'plain();');
    await tracker.record(read, 'plain();');
    assert.equal(tracker.wroteContent(sha256('evil();')), true);
    assert.equal(tracker.wroteContent(sha256('plain();')), false);
    assert.equal(tracker.wasWritten(written), true);
  });
});
