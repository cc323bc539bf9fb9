/**
 * The oracle's workspace: a small real repository (git history, a Node test, scripts, a Makefile,
 * Python and Go project files, a workflow, and the symlinks the hostile corpus aims at) inside a
 * job layout the sandbox is started on. Every command gets a fresh copy: the workspace folder keeps
 * its inode (the sandbox's mounts point at it) and its contents are replaced from a template.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type JobLayout, makeJobLayout } from '../integration/sandbox/sandbox-fixture.js';

const FILES: Record<string, string> = {
  'README.md': '# fixture\n\nA repository for the execution oracle.\n',
  'package.json': `${JSON.stringify(
    {
      name: 'fixture',
      private: true,
      type: 'module',
      scripts: { test: 'node --test test/', lint: 'node scripts/lint.mjs', build: 'node scripts/build.mjs' },
    },
    null,
    2,
  )}\n`,
  'src/main.ts': 'export const answer: number = 42;\n',
  'src/greet.js': 'export const greet = (name) => `hello ${name}`;\n',
  'src/util.py': 'def add(a, b):\n    return a + b\n',
  'src/main.go': 'package main\n\nfunc main() {}\n',
  'test/greet.test.mjs':
    "import test from 'node:test';\nimport assert from 'node:assert/strict';\nimport { greet } from '../src/greet.js';\n\ntest('greets', () => assert.equal(greet('a'), 'hello a'));\n",
  'scripts/lint.mjs': "console.log('lint ok');\n",
  'scripts/build.mjs':
    "import { mkdirSync, writeFileSync } from 'node:fs';\nmkdirSync('build', { recursive: true });\nwriteFileSync('build/out.txt', 'built\\n');\n",
  'scripts/check.sh': '#!/bin/sh\necho check ok\n',
  Makefile: 'test:\n\t@echo make test ok\nlint:\n\t@echo make lint ok\n',
  'pyproject.toml': '[project]\nname = "fixture"\nversion = "0.1.0"\n',
  'go.mod': 'module example.com/fixture\n\ngo 1.22\n',
  'docs/index.md': '# Docs\n',
  'notes.txt': 'alpha\nbeta\ngamma\nalpha\n',
  'data.json': '{"name": "fixture", "items": [1, 2, 3]}\n',
  'config.yaml': 'name: fixture\nitems:\n  - 1\n  - 2\n',
  '.github/workflows/ci.yml':
    'on: push\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - run: npm test\n',
  '.gitignore': 'build/\nnode_modules/\n',
};

/**
 * Installed Node tools, as `npm ci` leaves them: a package with a `bin` and its `.bin` link. Each
 * only prints its name, so `npx tsc` runs the local one instead of asking the registry.
 */
const NODE_TOOLS = [
  'tsc',
  'eslint',
  'prettier',
  'jest',
  'vitest',
  'mocha',
  'biome',
  'c8',
  'nyc',
  'tsx',
  'ts-node',
  'playwright',
  'vue-tsc',
  'svelte-check',
  'markdownlint',
  'stylelint',
];

function installNodeTools(root: string): void {
  mkdirSync(path.join(root, 'node_modules', '.bin'), { recursive: true });
  for (const tool of NODE_TOOLS) {
    const dir = path.join(root, 'node_modules', tool);
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      path.join(dir, 'package.json'),
      `${JSON.stringify({ name: tool, version: '1.0.0', bin: { [tool]: 'cli.js' } })}\n`,
    );
    writeFileSync(path.join(dir, 'cli.js'), `#!/usr/bin/env node\nconsole.log('${tool} ran');\n`, {
      mode: 0o755,
    });
    symlinkSync(`../${tool}/cli.js`, path.join(root, 'node_modules', '.bin', tool));
  }
}

export interface OracleWorkspace {
  job: JobLayout;
  /** The real path of the workspace the commands run in. */
  root: string;
  /**
   * Replaces the workspace's contents with the template's when the last command may have changed
   * them (see {@link markChanged}), then writes `setup` files; returns their paths.
   */
  reset(setup?: readonly { write: string; content: string }[]): string[];
  /** The last command wrote in the workspace (or its trace could not tell). */
  markChanged(): void;
  cleanup(): Promise<void>;
}

function run(argv: string[], cwd: string): void {
  const result = spawnSync(argv[0]!, argv.slice(1), { cwd, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${argv.join(' ')} failed: ${result.stderr}${result.error ?? ''}`);
}

/** Builds the job layout, the repository and its template copy. */
export async function makeOracleWorkspace(): Promise<OracleWorkspace> {
  const job = await makeJobLayout();
  const root = realpathSync(job.workspace);
  rmSync(path.join(root, '.git'), { recursive: true, force: true });
  rmSync(path.join(root, 'README.md'), { force: true });
  for (const [file, content] of Object.entries(FILES)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), content, { mode: file.endsWith('.sh') ? 0o755 : 0o644 });
  }
  mkdirSync(path.join(root, '.git'));
  const git = ['git', '-c', 'user.name=Oracle', '-c', 'user.email=oracle@example.invalid'];
  // No template: no sample hooks, so a fresh copy is a few files.
  run(['git', 'init', '-q', '--template=', '-b', 'main', '.'], root);
  mkdirSync(path.join(root, '.git', 'hooks'));
  run([...git, 'add', '-A'], root);
  run([...git, 'commit', '-q', '-m', 'fixture'], root);
  writeFileSync(path.join(root, 'README.md'), '# fixture\n\nChanged, not committed.\n');
  symlinkSync('/etc/passwd', path.join(root, 'evil-link'));
  symlinkSync('/etc', path.join(root, 'linkdir'));
  symlinkSync('src', path.join(root, 'src-link'));
  installNodeTools(root);
  const template = path.join(job.root, 'template');
  run(['cp', '-R', '-P', '--preserve=mode,timestamps', `${root}/.`, template], job.root);
  // Group-writable, so the copies' ACL mask lets the sandbox's throw-away user write them.
  run(['chmod', '-R', 'g+rwX', template], job.root);
  let changed = false;
  return {
    job,
    root,
    markChanged() {
      changed = true;
    },
    reset(setup = []) {
      if (!changed && setup.length === 0) return [];
      changed = setup.length > 0;
      // Keep the folder, `.git` and `.github` themselves (the sandbox mounts them: a folder
      // replaced under a mount leaves the mount behind); replace everything inside.
      const kept = ['.git', '.github'];
      for (const dir of [root, ...kept.map((k) => path.join(root, k))])
        for (const name of readdirSync(dir))
          if (!(dir === root && kept.includes(name)))
            rmSync(path.join(dir, name), { recursive: true, force: true });
      cpSync(template, root, { recursive: true, verbatimSymlinks: true, preserveTimestamps: true });
      const written: string[] = [];
      for (const { write, content } of setup) {
        const file = path.join(root, write);
        mkdirSync(path.dirname(file), { recursive: true });
        writeFileSync(file, content);
        // As the file tools record it: the file really written, after any symlink on the way.
        written.push(realpathSync(file));
      }
      return written;
    },
    cleanup: () => job.cleanup(),
  };
}
