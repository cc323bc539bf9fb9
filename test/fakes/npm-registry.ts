/**
 * A tiny npm-compatible registry for tests: one package, its packument at `/<name>` and its
 * tarball at `/<name>/-/<name>-<version>.tgz`, built with the system `tar` so `npm ci` checks a
 * real sha512 integrity. Listens on the loopback address it is given; records every request.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface FakePackage {
  name: string;
  version: string;
  /** Files of the package, relative to its root (package.json is added). */
  files: Record<string, string>;
  /** The `scripts` of its package.json, e.g. a `postinstall`. */
  scripts?: Record<string, string>;
}

export interface FakeRegistry {
  port: number;
  /** `sha512-…` of the tarball, as a lockfile records it. */
  integrity: string;
  /** The tarball's URL under `origin` (the name the clients use, e.g. `http://registry.test:<port>`). */
  tarballUrl(origin: string): string;
  /** `METHOD url` of every request, in order. */
  requests: string[];
  close(): Promise<void>;
}

/** Packs `pkg` and serves it on `host` (a free port). */
export async function startFakeRegistry(pkg: FakePackage, host: string): Promise<FakeRegistry> {
  const tarball = pack(pkg);
  const integrity = `sha512-${createHash('sha512').update(tarball).digest('base64')}`;
  const tarballPath = `/${pkg.name}/-/${pkg.name}-${pkg.version}.tgz`;
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    if (req.url === tarballPath) {
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': tarball.length });
      return res.end(tarball);
    }
    if (req.url === `/${pkg.name}`) {
      const origin = `http://${req.headers.host}`;
      const body = JSON.stringify({
        name: pkg.name,
        'dist-tags': { latest: pkg.version },
        versions: {
          [pkg.version]: {
            name: pkg.name,
            version: pkg.version,
            dist: { tarball: `${origin}${tarballPath}`, integrity },
          },
        },
      });
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(body);
    }
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end('{"error":"not found"}');
  });
  server.listen(0, host);
  await once(server, 'listening');
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    integrity,
    tarballUrl: (origin) => `${origin}${tarballPath}`,
    requests,
    close: () => new Promise((done) => server.close(() => done())),
  };
}

function pack(pkg: FakePackage): Buffer {
  const dir = mkdtempSync(path.join(tmpdir(), 'fake-package-'));
  try {
    const root = path.join(dir, 'package');
    const files = {
      ...pkg.files,
      'package.json': JSON.stringify({
        name: pkg.name,
        version: pkg.version,
        main: 'index.js',
        ...(pkg.scripts ? { scripts: pkg.scripts } : {}),
      }),
    };
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
      writeFileSync(path.join(root, name), text);
    }
    const out = path.join(dir, 'package.tgz');
    execFileSync('tar', ['-czf', out, '-C', dir, 'package']);
    return readFileSync(out);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
