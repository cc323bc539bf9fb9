/**
 * What the agent wrote this run, followed by content as well as by path: files the file tools
 * wrote (the read tracker), and files and folders that command lines this policy allowed wrote.
 * After a line runs, the files it wrote are hashed (when the next line is checked), so a copy of
 * such a file into another folder, by any command, is still recognised as the agent's: a path
 * is written when it, a folder above it or a file below it was written, or when it holds the
 * content of a written file.
 */
import { createHash } from 'node:crypto';
import { lstatSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { POLICY_WRITTEN_HASH_BYTES, POLICY_WRITTEN_HASH_FILES } from '../limits.js';
import type { ReadTracker } from '../safety/read-tracker.js';

/** The part of the file tools' tracker the policy reads. */
export type WrittenTracker = Pick<ReadTracker, 'wasWritten'> & Partial<Pick<ReadTracker, 'wroteContent'>>;

export interface WrittenFiles {
  /** True when the agent wrote `realPath` this run (see the module comment). */
  has(realPath: string): boolean;
  /** Records the targets an allowed line is about to write; they are hashed by {@link settle}. */
  expect(realPaths: readonly string[]): void;
  /** Hashes what the last allowed line wrote; called before each check. */
  settle(): void;
}

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

/** The content hash of a regular file small enough to hash, or undefined. */
function fileHash(realPath: string): string | undefined {
  try {
    const stat = lstatSync(realPath);
    if (!stat.isFile() || stat.size > POLICY_WRITTEN_HASH_BYTES) return undefined;
    return sha256(readFileSync(realPath));
  } catch {
    return undefined;
  }
}

/** The regular files at or below `root` (not following symlinks), at most `limit` of them. */
function filesBelow(root: string, limit: number): string[] {
  const found: string[] = [];
  const queue = [root];
  while (queue.length > 0 && found.length < limit) {
    const current = queue.shift()!;
    let stat: ReturnType<typeof lstatSync>;
    try {
      stat = lstatSync(current);
    } catch {
      continue;
    }
    if (stat.isFile()) found.push(current);
    else if (stat.isDirectory()) {
      try {
        for (const name of readdirSync(current)) queue.push(path.join(current, name));
      } catch {
        // unreadable: nothing to hash
      }
    }
  }
  return found;
}

export function createWrittenFiles(tracker: WrittenTracker | undefined): WrittenFiles {
  const paths = new Set<string>();
  const hashes = new Set<string>();
  let pending: string[] = [];
  const pathWritten = (real: string): boolean => {
    if (tracker?.wasWritten(real)) return true;
    for (let p = real; ; p = path.dirname(p)) {
      if (paths.has(p)) return true;
      if (p === path.dirname(p)) break;
    }
    const prefix = `${real}/`;
    for (const file of paths) if (file.startsWith(prefix)) return true;
    return false;
  };
  return {
    has(real) {
      if (pathWritten(real)) return true;
      if (hashes.size === 0 && !tracker?.wroteContent) return false;
      const hash = fileHash(real);
      return hash !== undefined && (hashes.has(hash) || tracker?.wroteContent?.(hash) === true);
    },
    expect(realPaths) {
      pending.push(...realPaths);
    },
    settle() {
      if (pending.length === 0) return;
      const targets = pending;
      pending = [];
      for (const target of targets) {
        if (target.startsWith('/dev/')) continue;
        paths.add(target);
        for (const file of filesBelow(target, POLICY_WRITTEN_HASH_FILES)) {
          const hash = fileHash(file);
          if (hash) hashes.add(hash);
        }
      }
    },
  };
}
