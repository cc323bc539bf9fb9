/**
 * One instruction file's text from the trusted tree, or why it cannot be used. A symlink (the
 * usual `CLAUDE.md → AGENTS.md`) is followed one hop when it stays inside the repository; its blob
 * id is then the target's, so the same text under two names is given once.
 */
import path from 'node:path';
import type { BranchTree } from '../git/read-file-on-branch.js';

/** The file's text and blob id, or why it is not used. */
export type InstructionText =
  | { kind: 'text'; text: string; oid: string; via?: string }
  | { kind: 'unusable'; why: string };

const SYMLINK = '120000';

/** Reads `filePath` of `tree`, refusing files over `maxBytes`, binary files and links out of the tree. */
export async function readInstructionText(
  tree: BranchTree,
  filePath: string,
  maxBytes: number,
): Promise<InstructionText> {
  let file = tree.files.get(filePath);
  if (!file) return { kind: 'unusable', why: `not on the branch ${tree.branch}` };
  let target = filePath;
  if (file.mode === SYMLINK) {
    const link = (await tree.read(filePath))?.trim() ?? '';
    target = path.posix.normalize(path.posix.join(path.posix.dirname(filePath), link));
    if (path.posix.isAbsolute(link) || target === '..' || target.startsWith('../'))
      return { kind: 'unusable', why: 'a symbolic link to a path outside the repository' };
    file = tree.files.get(target);
    if (!file || file.mode === SYMLINK)
      return { kind: 'unusable', why: `a symbolic link to ${target}, which is not a file on the branch` };
  }
  if (file.bytes > maxBytes)
    return { kind: 'unusable', why: `${(file.bytes / 1048576).toFixed(1)} MB, too large to read` };
  const text = await tree.read(target);
  if (text === undefined) return { kind: 'unusable', why: 'could not be read from the branch' };
  if (text.includes('\0')) return { kind: 'unusable', why: 'a binary file' };
  return { kind: 'text', text, oid: file.oid, ...(target !== filePath ? { via: target } : {}) };
}
