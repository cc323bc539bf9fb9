#!/usr/bin/env node
/**
 * Builds the sandbox's native helpers (native/landlock-exec.c, native/idmap-mount.c) into
 * dist/<name>-<arch>, the way `npm run build` does: statically linked, so they run in any job
 * container, and reproducible (no build id, no build paths), so a fresh build equals the committed
 * dist/. It builds for the machine it runs on; the action looks for the files named after its own
 * architecture and, without one, falls back as if the kernel had no Landlock (or no idmapped
 * mounts). Needs a C compiler and the static C library
 * (Debian: gcc, libc6-dev); set CC to use another compiler.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const helpers = ['landlock-exec', 'idmap-mount'];
const arch = { x64: 'x64', arm64: 'arm64' }[process.arch];

if (process.platform !== 'linux' || !arch) {
  console.warn(
    `build-native: skipped on ${process.platform}/${process.arch}; the Landlock helper is built on Linux (x64 or arm64) only`,
  );
  process.exit(0);
}
const cc = process.env.CC || 'cc';
const flags = [
  '-std=c11',
  '-O2',
  '-Wall',
  '-Wextra',
  '-Werror',
  '-static',
  '-s',
  '-ffile-prefix-map=' + root + '=.',
  '-Wl,--build-id=none',
];
mkdirSync(path.join(root, 'dist'), { recursive: true });
for (const name of helpers) {
  const source = `native/${name}.c`;
  const output = `dist/${name}-${arch}`;
  rmSync(path.join(root, output), { force: true });
  const result = spawnSync(cc, [...flags, '-o', output, source], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, SOURCE_DATE_EPOCH: '0', LC_ALL: 'C' },
  });
  if (result.error || result.status !== 0) {
    console.error(
      `build-native: \`${cc}\` could not build ${source} (${result.error?.message ?? `exit ${result.status}`}). ` +
        'Install a C compiler and the static C library (Debian: apt-get install gcc libc6-dev), or set CC.',
    );
    process.exit(1);
  }
  console.log(`build-native: ${output}`);
}
