/**
 * The workspace entries commands must never change, enforced by the kernel where the path policy
 * (`safety/path-policy.ts`) only refuses: `.git` (a hook or config planted there runs in the action's
 * own git, which holds the token) and `.github` (workflows, local actions and repository settings
 * that later steps of the job, and later workflows, run). Inside the namespace both are mounted
 * read-only; under Landlock they get no write rule and the workspace's own entries cannot be
 * created, removed or renamed, so neither can be replaced either.
 *
 * A `.github` that does not exist at set-up would otherwise be created by a command: an empty
 * folder is made as a placeholder and mounted read-only (git does not track an empty folder), and
 * removed again on dispose. A symbolic link is not protected here (a bind would protect where it
 * points, not the link); the path policy treats it as the folder it points to.
 */
import { lstat, mkdir, rmdir } from 'node:fs/promises';
import path from 'node:path';

/** The names, at the workspace's top level, that stay read-only. */
export const PROTECTED_ENTRIES = ['.git', '.github'] as const;

/** What {@link prepareProtectedPaths} found or made. */
export interface ProtectedPaths {
  /** Existing files and folders to mount read-only, in order. */
  paths: string[];
  /** Protected names left writable because they are symbolic links, for the summary. */
  links: string[];
  /** Removes the placeholders made for missing entries, if they are still empty. */
  release(): Promise<void>;
}

/** Lists the protected entries of `workspace`, making an empty placeholder for a missing `.github`. */
export async function prepareProtectedPaths(workspace: string): Promise<ProtectedPaths> {
  const paths: string[] = [];
  const links: string[] = [];
  const made: string[] = [];
  for (const name of PROTECTED_ENTRIES) {
    const target = path.join(workspace, name);
    const info = await lstat(target).catch(() => undefined);
    if (info?.isSymbolicLink()) links.push(name);
    else if (info) paths.push(target);
    else if (name === '.github') {
      await mkdir(target, { mode: 0o755 });
      made.push(target);
      paths.push(target);
    }
  }
  return {
    paths,
    links,
    async release() {
      for (const dir of made) await rmdir(dir).catch(() => undefined);
    },
  };
}
