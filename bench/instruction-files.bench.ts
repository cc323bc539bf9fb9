/**
 * What reading a large repository's instruction files costs a run: the trusted branch of a
 * monorepo-sized tree (20,000 files, 200 folders each with an `AGENTS.md`, 20 `applyTo` files)
 * fetched, listed and read (`readBranchTree` + `loadInstructionFiles`, once per run, before the
 * agent starts), and the per-call lookup the file tools then make (`noteFor`).
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadInstructionFiles } from '../src/context/instruction-files.js';
import { createGitCommandManager } from '../src/git/git-command-manager.js';
import { readBranchTree } from '../src/git/read-file-on-branch.js';
import type { BenchFigure } from './run.js';

const env = { PATH: process.env['PATH'], HOME: tmpdir(), GIT_CONFIG_NOSYSTEM: '1' };

/** A repository whose `main` has the monorepo tree, written with plumbing (no work tree). */
async function monorepo(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-instructions-'));
  const git = (args: string[], input?: string) =>
    execFileSync('git', args, { cwd: dir, env, input, maxBuffer: 1 << 28 })
      .toString()
      .trim();
  git(['init', '-q', '-b', 'main']);
  const blob = (text: string) => git(['hash-object', '-w', '--stdin'], text);
  const source = blob('export const x = 1;\n');
  const lines: string[] = [];
  for (let i = 0; i < 20_000; i++) lines.push(`100644 ${source}\tpackages/p${i % 200}/src/f${i}.ts`);
  lines.push(`100644 ${blob('Root rules.\n'.repeat(40))}\tAGENTS.md`);
  for (let p = 0; p < 200; p++)
    lines.push(`100644 ${blob(`Rules of package ${p}.\n`.repeat(20))}\tpackages/p${p}/AGENTS.md`);
  for (let k = 0; k < 20; k++)
    lines.push(
      `100644 ${blob(`---\napplyTo: "packages/p${k}/**"\n---\nRule ${k}.\n`)}\t.github/instructions/r${k}.instructions.md`,
    );
  git(['update-index', '--index-info'], `${lines.join('\n')}\n`);
  const tree = git(['write-tree']);
  const commit = git([
    '-c',
    'user.name=b',
    '-c',
    'user.email=b@example.com',
    'commit-tree',
    tree,
    '-m',
    'seed',
  ]);
  git(['update-ref', 'refs/heads/main', commit]);
  return dir;
}

export default async function bench(): Promise<BenchFigure[]> {
  const source = await monorepo();
  const work = await mkdtemp(path.join(tmpdir(), 'bench-instructions-work-'));
  execFileSync('git', ['init', '-q'], { cwd: work, env });
  const git = createGitCommandManager({ cwd: work, token: '', serverUrl: 'http://127.0.0.1:9', env });
  try {
    const started = process.hrtime.bigint();
    const tree = await readBranchTree(git, source, 'main');
    const listed = process.hrtime.bigint();
    if (!tree) throw new Error('the bench repository could not be read');
    const set = await loadInstructionFiles(tree, {
      setting: { kind: 'auto' },
      review: false,
      budgetBytes: 32 * 1024,
      maxImportDepth: 5,
    });
    const loaded = process.hrtime.bigint();
    const rounds = 20_000;
    const lookup = process.hrtime.bigint();
    for (let i = 0; i < rounds; i++) set.noteFor([`packages/p${i % 200}/src/f${i}.ts`], 'read_file');
    const perCall = Number(process.hrtime.bigint() - lookup) / 1e3 / rounds;
    return [
      { name: 'instructions.fetch_and_list_ms', value: Number(listed - started) / 1e6, unit: 'ms' },
      { name: 'instructions.read_candidates_ms', value: Number(loaded - listed) / 1e6, unit: 'ms' },
      { name: 'instructions.note_lookup_us', value: perCall, unit: 'µs', target: '< 50' },
    ];
  } finally {
    await rm(source, { recursive: true, force: true });
    await rm(work, { recursive: true, force: true });
  }
}
