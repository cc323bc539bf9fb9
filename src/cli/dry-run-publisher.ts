/**
 * The local runner's publisher: where the action pushes a branch and opens a PR, this commits the
 * changes on a new local branch and writes the PR it would have opened into the output folder.
 * Nothing leaves the machine.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { commitAll, type Identity } from '../git/commit.js';
import type { GitCommandManager } from '../git/git-command-manager.js';

export interface DryRunPublishInput {
  /** New branch for the commit, e.g. `agent/local-20250101-120000`. */
  branch: string;
  /** The commit the run started from (the PR's base). */
  startSha: string;
  /** Branch the run started on, shown as the PR's base; the start commit when detached. */
  baseName: string;
  title: string;
  /** The PR body (already prepared for publishing), given the workflow files left out of the commit. */
  body: (refused: readonly string[]) => string;
  draft: boolean;
  author: Identity;
  outDir: string;
}

export interface DryRunPublication {
  /** The commit made, or null when the agent changed nothing (then no branch is created). */
  sha: string | null;
  files: string[];
  /** Changed paths under `.github/workflows/` left out of the commit. */
  refused: string[];
  /** The PR title and body as Markdown, and as JSON. */
  pullRequestPath: string;
  pullRequestJsonPath: string;
}

/** The identity configured for the repository, or a clearly local fallback. */
export async function localIdentity(git: GitCommandManager): Promise<Identity> {
  const get = async (key: string) =>
    (await git.exec(['config', '--get', key], { allowAllExitCodes: true })).stdout.trim();
  const name = await get('user.name');
  const email = await get('user.email');
  return { name: name || 'agent-action (local)', email: email || 'agent-action@localhost' };
}

/** Commits on `branch` (switching to it) and writes `pull-request.md` and `.json` to `outDir`. */
export async function publishDryRun(
  git: GitCommandManager,
  input: DryRunPublishInput,
): Promise<DryRunPublication> {
  await mkdir(input.outDir, { recursive: true });
  const status = await git.exec(['status', '--porcelain', '--untracked-files=all']);
  let commit: { sha: string | null; files: string[]; refused: string[] } = {
    sha: null,
    files: [],
    refused: [],
  };
  const head = (await git.exec(['rev-parse', 'HEAD'])).stdout.trim();
  if (status.stdout.trim() !== '' || head !== input.startSha) {
    // The working tree (and any commit the agent made) moves onto the new branch unchanged.
    await git.exec(['switch', '--quiet', '-c', input.branch]);
    commit = await commitAll(git, {
      message: input.title,
      author: input.author,
      runUrl: 'local run (agent-action-local)',
      startSha: input.startSha,
    });
    if (commit.sha === null) {
      // Only refused paths changed: leave the user where they were.
      await git.exec(['switch', '--quiet', '-']);
      await git.exec(['branch', '-D', input.branch]);
    }
  }
  const pullRequestPath = path.join(input.outDir, 'pull-request.md');
  const pullRequestJsonPath = path.join(input.outDir, 'pull-request.json');
  const base = input.baseName;
  const body = input.body(commit.refused);
  await writeFile(pullRequestPath, `# ${input.title}\n\n${body.trim()}\n`);
  const pr = {
    title: input.title,
    body,
    head: commit.sha ? input.branch : null,
    base,
    draft: input.draft,
    commit: commit.sha,
    files: commit.files,
    refused: commit.refused,
  };
  await writeFile(pullRequestJsonPath, `${JSON.stringify(pr, null, 2)}\n`);
  return { ...commit, pullRequestPath, pullRequestJsonPath };
}
