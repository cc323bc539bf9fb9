/**
 * A small MCP server for the tests, built with the SDK, run over stdio (the action starts it in
 * its sandbox) or, with `--http <port>`, over streamable HTTP. Its tools show what the server
 * sees (a digest of one variable, never the value) and reaches (a URL through its proxy
 * variables), and misbehave on request: crash mid-call,
 * never answer, answer with megabytes, answer with an image and a resource.
 *
 *   node mcp-test-server.mjs [--http <port> [--token <bearer token the requests must carry>]]
 */
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';

const readOnly = { readOnlyHint: true };

function build() {
  const server = new McpServer({ name: 'test-server', version: '1.0.0' });
  server.registerTool(
    'env_digest',
    {
      description: 'SHA-256 of one environment variable of this server, or "unset".',
      inputSchema: { name: z.string() },
      annotations: readOnly,
    },
    async ({ name }) => {
      const value = process.env[name];
      const digest = value === undefined ? 'unset' : createHash('sha256').update(value).digest('hex');
      return { content: [{ type: 'text', text: `${name}: ${digest}` }] };
    },
  );
  server.registerTool(
    'env_names',
    {
      description: 'Names of the environment variables this server sees.',
      inputSchema: {},
      annotations: readOnly,
    },
    async () => ({ content: [{ type: 'text', text: Object.keys(process.env).sort().join('\n') }] }),
  );
  server.registerTool(
    'add',
    {
      description: 'Adds two whole numbers.',
      inputSchema: { a: z.number().int(), b: z.number().int() },
      annotations: readOnly,
    },
    async ({ a, b }) => ({ content: [{ type: 'text', text: String(a + b) }] }),
  );
  server.registerTool(
    'write_note',
    {
      description: 'Writes a note file into the current folder.',
      inputSchema: { name: z.string(), text: z.string() },
    },
    async ({ name, text }) => {
      const { writeFile } = await import('node:fs/promises');
      await writeFile(name, text);
      return { content: [{ type: 'text', text: `wrote ${name}` }] };
    },
  );
  server.registerTool(
    'read_text',
    {
      description: 'Reads a text file, or says why it cannot.',
      inputSchema: { path: z.string() },
      annotations: readOnly,
    },
    async ({ path }) => {
      const { readFile } = await import('node:fs/promises');
      const text = await readFile(path, 'utf8').catch((error) => `cannot: ${error.code}`);
      return { content: [{ type: 'text', text }] };
    },
  );
  server.registerTool(
    'fetch_url',
    {
      description: 'Fetches a URL with the proxy variables this server was given, and says what came back.',
      inputSchema: { url: z.string() },
    },
    async ({ url }) => {
      try {
        const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
        return {
          content: [{ type: 'text', text: `${response.status} ${(await response.text()).slice(0, 300)}` }],
        };
      } catch (error) {
        return { content: [{ type: 'text', text: `failed: ${error.cause?.message ?? error.message}` }] };
      }
    },
  );
  server.registerTool(
    'crash',
    { description: 'Exits in the middle of the call.', inputSchema: {}, annotations: readOnly },
    async () => {
      process.stderr.write('crashing on purpose\n');
      process.exit(3);
    },
  );
  server.registerTool(
    'hang',
    { description: 'Never answers.', inputSchema: {}, annotations: readOnly },
    () => new Promise(() => {}),
  );
  server.registerTool(
    'big',
    {
      description: 'Answers with this many megabytes of text.',
      inputSchema: { megabytes: z.number() },
      annotations: readOnly,
    },
    async ({ megabytes }) => {
      const line = `${'x'.repeat(99)}\n`;
      return { content: [{ type: 'text', text: line.repeat(Math.round((megabytes * 1024 * 1024) / 100)) }] };
    },
  );
  server.registerTool(
    'picture',
    {
      description: 'Answers with an image and an embedded resource.',
      inputSchema: {},
      annotations: readOnly,
    },
    async () => ({
      content: [
        { type: 'text', text: 'a red dot:' },
        { type: 'image', mimeType: 'image/png', data: Buffer.alloc(2048, 1).toString('base64') },
        {
          type: 'resource',
          resource: { uri: 'file:///notes.txt', mimeType: 'text/plain', text: 'note text' },
        },
      ],
    }),
  );
  return server;
}

const args = process.argv.slice(2);
const httpAt = args.indexOf('--http');
if (httpAt === -1) {
  await build().connect(new StdioServerTransport());
} else {
  const port = Number(args[httpAt + 1]);
  const tokenAt = args.indexOf('--token');
  const token = tokenAt === -1 ? undefined : args[tokenAt + 1];
  const http = createServer(async (req, res) => {
    if (token && req.headers.authorization !== `Bearer ${token}`) {
      res.writeHead(401, { 'content-type': 'text/plain' }).end('bad token');
      return;
    }
    // Stateless: one server and transport per request.
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on('close', () => transport.close());
    await build().connect(transport);
    await transport.handleRequest(req, res);
  });
  http.listen(port, '127.0.0.1', () => process.stdout.write(`listening ${http.address().port}\n`));
}
