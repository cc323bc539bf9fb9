/**
 * A real temporary git repository with a failing test, for agent runs that must fix something.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { execa } from 'execa';

/** A repository whose `sum` subtracts; its test fails until the agent fixes it. */
export async function createTempRepo(): Promise<{
  dir: string;
  git: (...args: string[]) => Promise<string>;
  cleanup: () => Promise<void>;
}> {
  const dir = await mkdtemp(path.join(tmpdir(), 'agent-loop-'));
  const git = async (...args: string[]) => (await execa('git', args, { cwd: dir })).stdout;
  await git('init', '-q', '-b', 'main');
  await git('config', 'user.email', 'test@example.com');
  await git('config', 'user.name', 'test');
  await mkdir(path.join(dir, 'src'));
  await mkdir(path.join(dir, 'test'));
  await writeFile(path.join(dir, 'package.json'), '{ "type": "module" }\n');
  await writeFile(path.join(dir, 'src/sum.js'), 'export function sum(a, b) {\n  return a - b;\n}\n');
  await writeFile(
    path.join(dir, 'test/sum.test.js'),
    "import assert from 'node:assert/strict';\nimport { test } from 'node:test';\nimport { sum } from '../src/sum.js';\n\ntest('sum', () => assert.equal(sum(2, 3), 5));\n",
  );
  await git('add', '.');
  await git('commit', '-q', '-m', 'initial');
  return { dir, git, cleanup: () => rm(dir, { recursive: true, force: true }) };
}
