import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { parseAllowedHosts } from '../../../src/egress/allowed-hosts.js';
import { MCP_MESSAGE_MAX_BYTES } from '../../../src/limits.js';
import { RemoteHostRefused, remoteFetch } from '../../../src/mcp/remote-fetch.js';

let server: Server;
let port = 0;
const seen: string[] = [];
before(async () => {
  server = createServer((req, res) => {
    seen.push(`${req.headers.host} ${req.url}`);
    if (req.url === '/huge') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      const chunk = Buffer.alloc(1024 * 1024, 'x');
      for (let i = 0; i <= MCP_MESSAGE_MAX_BYTES / chunk.length; i++) res.write(chunk);
      return res.end();
    }
    res.writeHead(200, { 'content-type': 'text/plain', 'x-echo': 'yes' }).end('hello');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
after(() => server.close());

/** A resolver that knows one made-up name, so no test touches real DNS. */
const resolve = async (host: string) =>
  host === 'docs.test' ? ['127.0.0.1'] : Promise.reject(new Error('ENOTFOUND'));

describe('remoteFetch', () => {
  it('connects a listed name to the address it checked, never resolving it again', async () => {
    const remote = remoteFetch({
      network: 'allowlist',
      rules: parseAllowedHosts([`docs.test:${port}`, `127.0.0.1:${port}`]),
      resolve,
    });
    const response = await remote.fetch(`http://docs.test:${port}/mcp`);
    assert.equal(await response.text(), 'hello');
    assert.equal(response.headers.get('x-echo'), 'yes');
    assert.equal(seen.at(-1), `docs.test:${port} /mcp`);
    await remote.close();
  });

  it('refuses a host not listed, and a name that resolves to an internal address not listed itself', async () => {
    const count = seen.length;
    const unlisted = remoteFetch({ network: 'off', rules: [], resolve });
    await assert.rejects(
      unlisted.fetch(`http://127.0.0.1:${port}/mcp`),
      (error: Error) =>
        error instanceof RemoteHostRefused &&
        error.message ===
          `127.0.0.1:${port} is not in the \`allowed-domains\` input: the action reaches a remote MCP server only when its host is listed there (or with \`network: on\`). Add "127.0.0.1:${port}" to \`allowed-domains\`.`,
    );
    const internal = remoteFetch({
      network: 'allowlist',
      rules: parseAllowedHosts([`docs.test:${port}`]),
      resolve,
    });
    await assert.rejects(
      internal.fetch(`http://docs.test:${port}/mcp`),
      /resolves to 127\.0\.0\.1, an internal address/,
    );
    assert.equal(seen.length, count, 'nothing was sent');
    await unlisted.close();
    await internal.close();
  });

  it('cuts off a response past the message cap', async () => {
    const remote = remoteFetch({ network: 'on', rules: [] });
    const response = await remote.fetch(`http://127.0.0.1:${port}/huge`);
    await assert.rejects(response.text(), /the response is larger than 16 MB/);
    await remote.close();
  });
});
