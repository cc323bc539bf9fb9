/**
 * MCP servers for the tests: the npm registry's `server-everything` and `server-memory`, and this
 * repository's `test/fakes/mcp-test-server.mjs` over stdio or as a streamable HTTP server run by
 * the test, each started with the Node that runs the tests.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createWriterLedger } from '../../src/git/work-tree-writers.js';
import type { CommandHost, RunLog } from '../../src/pipeline/command-host.js';

const resolve = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

/** `test/fakes/mcp-test-server.mjs`: env digests, crash, hang, big, picture, write_note. */
export const TEST_SERVER = resolve('../fakes/mcp-test-server.mjs');
export const EVERYTHING_SERVER = resolve(
  '../../node_modules/@modelcontextprotocol/server-everything/dist/index.js',
);
export const MEMORY_SERVER = resolve('../../node_modules/@modelcontextprotocol/server-memory/dist/index.js');

/** The test server over streamable HTTP on 127.0.0.1; requests without `Bearer <token>` get a 401. */
export async function startHttpTestServer(
  token: string,
): Promise<{ url: string; port: number; close(): void }> {
  const child = spawn(process.execPath, [TEST_SERVER, '--http', '0', '--token', token], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((done, fail) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = /listening (\d+)/.exec(out);
      if (match) done(Number(match[1]));
    });
    child.once('exit', (code) => fail(new Error(`the HTTP test server exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}/mcp`, port, close: () => child.kill('SIGKILL') };
}

/** A command host over `dir` whose log lines are kept in `lines`. */
export function mcpTestHost(dir: string, lines: string[] = []): CommandHost {
  const log: RunLog = { info: (m) => lines.push(m), warning: (m) => lines.push(`warning: ${m}`) };
  return {
    workspace: dir,
    tempDir: dir,
    env: { PATH: process.env['PATH'] },
    platform: process.platform,
    log,
    redact: (text) => text,
    signal: new AbortController().signal,
    writers: createWriterLedger(),
  };
}
