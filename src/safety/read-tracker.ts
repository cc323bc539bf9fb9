/**
 * Read-before-write, with optimistic conflict detection. A successful read (and the
 * tools' own writes) records a snapshot of the file; a later write or edit of an existing file is
 * allowed only if a snapshot exists and the file has not changed since. The mtime is the fast path;
 * the SHA-256 is the arbiter, so a `touch` alone is not a conflict.
 */
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';

/** What the tracker remembers about a file. */
export interface FileSnapshot {
  mtimeMs: number;
  sha256: string;
}

/** Why a write must not go ahead. */
export type WriteCheck =
  | { kind: 'clear' }
  | { kind: 'refused'; reason: 'not-read' | 'conflict'; message: string };

/** Per-run tracker, keyed by real absolute path (as {@link PathPolicy} returns it). */
export interface ReadTracker {
  /** Records the content just read or written, with the file's current mtime. */
  record(realPath: string, content: string | Uint8Array, how?: 'read' | 'written'): Promise<void>;
  /** Whether the agent wrote `realPath` this run (or anything below it, for a folder). */
  wasWritten(realPath: string): boolean;
  /** Whether the agent wrote a file with this content (SHA-256, hex) this run, wherever it is now. */
  wroteContent(sha256: string): boolean;
  /** Whether a write to `realPath` may proceed. Files that do not exist need no read. */
  checkWrite(realPath: string, displayPath?: string): Promise<WriteCheck>;
  /** The snapshot for `realPath`, if it was read or written. */
  get(realPath: string): FileSnapshot | undefined;
}

/** SHA-256 of file content, hex. */
export function sha256(content: string | Uint8Array): string {
  return createHash('sha256').update(content).digest('hex');
}

/** Creates an empty tracker; one per agent run. */
export function createReadTracker(): ReadTracker {
  const snapshots = new Map<string, FileSnapshot>();
  const written = new Set<string>();
  const writtenContent = new Set<string>();
  return {
    get: (realPath) => snapshots.get(realPath),
    wasWritten(realPath) {
      if (written.has(realPath)) return true;
      const prefix = realPath.endsWith('/') ? realPath : `${realPath}/`;
      for (const file of written) if (file.startsWith(prefix)) return true;
      return false;
    },
    wroteContent: (hash) => writtenContent.has(hash),
    async record(realPath, content, how = 'read') {
      const hash = sha256(content);
      if (how === 'written') {
        written.add(realPath);
        writtenContent.add(hash);
      }
      const { mtimeMs } = await stat(realPath);
      snapshots.set(realPath, { mtimeMs, sha256: hash });
    },
    async checkWrite(realPath, displayPath = realPath) {
      let mtimeMs: number;
      try {
        ({ mtimeMs } = await stat(realPath));
      } catch {
        return { kind: 'clear' };
      }
      const snapshot = snapshots.get(realPath);
      if (!snapshot) {
        return {
          kind: 'refused',
          reason: 'not-read',
          message: `${displayPath} exists and has not been read. Read it first with read_file, then retry.`,
        };
      }
      if (mtimeMs === snapshot.mtimeMs) return { kind: 'clear' };
      const current = sha256(await readFile(realPath));
      if (current === snapshot.sha256) {
        snapshots.set(realPath, { mtimeMs, sha256: current });
        return { kind: 'clear' };
      }
      return {
        kind: 'refused',
        reason: 'conflict',
        message: `${displayPath} changed on disk since you last read it. Read it again with read_file, then redo the change.`,
      };
    },
  };
}
