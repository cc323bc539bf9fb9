/**
 * A fake of the Actions results service's artifact API, as `@actions/artifact` (v2+) speaks it:
 * Twirp JSON at `/twirp/github.actions.results.api.v1.ArtifactService/{CreateArtifact,FinalizeArtifact}`
 * with the runtime token as a bearer, the backend ids from the token's `Actions.Results` scope, a
 * signed URL the client uploads the zip to as Azure block-blob requests (`comp=block` for each
 * block, `comp=blocklist` to commit them), and a finalize that must name the same artifact with
 * its size and sha256. Every mismatch answers 400 and is recorded as a violation, so a test sees a
 * client that strays from the protocol.
 *
 *   const service = await startArtifactService();
 *   // run with service.env() …
 *   service.artifacts[0].files['transcript.md']
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const SERVICE = '/twirp/github.actions.results.api.v1.ArtifactService';

export interface UploadedArtifact {
  id: number;
  name: string;
  /** The zip's bytes as committed. */
  zip: Buffer;
  /** The zip's entries (read with the system `unzip`), name → text. */
  files: Record<string, string>;
}

export interface ArtifactService {
  url: string;
  /** Finalized artifacts, in order. */
  artifacts: UploadedArtifact[];
  /** `METHOD path` of every request. */
  requests: string[];
  violations: string[];
  /** Makes every Twirp call answer this status (e.g. 403) from now on. */
  failWith(status: number): void;
  /** `ACTIONS_RUNTIME_TOKEN` and `ACTIONS_RESULTS_URL` for the action's environment. */
  env(): Record<string, string>;
  close(): Promise<void>;
}

interface Pending {
  name: string;
  runId: string;
  jobId: string;
  blocks: Map<string, Buffer>;
  committed?: Buffer;
}

/** Starts the fake on a random port of 127.0.0.1. */
export async function startArtifactService(): Promise<ArtifactService> {
  const runId = randomUUID();
  const jobId = randomUUID();
  const token = unsignedJwt({ scp: `Actions.GenericRead Actions.Results:${runId}:${jobId}` });
  const pending = new Map<string, Pending>();
  const artifacts: UploadedArtifact[] = [];
  const requests: string[] = [];
  const violations: string[] = [];
  let failure: number | undefined;
  let nextId = 1000;

  const refuse = (res: ServerResponse, why: string) => {
    violations.push(why);
    res.writeHead(400, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ code: 'invalid_argument', msg: why }));
  };
  const json = (res: ServerResponse, body: unknown) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    requests.push(`${req.method} ${url.pathname}`);
    const body = await readBody(req);
    if (url.pathname.startsWith(`${SERVICE}/`)) {
      if (failure !== undefined) {
        res.writeHead(failure, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ code: 'permission_denied', msg: 'refused by the test' }));
      }
      if (req.method !== 'POST') return refuse(res, `${req.method} on a Twirp method`);
      if (req.headers.authorization !== `Bearer ${token}`)
        return refuse(res, 'Twirp call without the runtime token');
      if (!String(req.headers['content-type']).startsWith('application/json'))
        return refuse(res, 'Twirp call that is not JSON');
      const message = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
      if (message['workflow_run_backend_id'] !== runId || message['workflow_job_run_backend_id'] !== jobId)
        return refuse(res, 'backend ids not taken from the token');
      const name = String(message['name'] ?? '');
      const method = url.pathname.slice(SERVICE.length + 1);
      if (method === 'CreateArtifact') {
        if (message['version'] !== 7)
          return refuse(res, `CreateArtifact version ${String(message['version'])}`);
        if (
          !name ||
          [...pending.values()].some((p) => p.name === name) ||
          artifacts.some((a) => a.name === name)
        )
          return refuse(res, `artifact name ${JSON.stringify(name)} missing or taken`);
        const key = randomUUID();
        pending.set(key, { name, runId, jobId, blocks: new Map() });
        const signed = `${address()}/blob/${key}?sig=fake-signature&se=2099-01-01`;
        return json(res, { ok: true, signed_upload_url: signed });
      }
      if (method === 'FinalizeArtifact') {
        const entry = [...pending.entries()].find(([, p]) => p.name === name);
        if (!entry?.[1].committed)
          return refuse(res, `FinalizeArtifact for ${name} before its blob was committed`);
        const [key, upload] = entry;
        const zip = upload.committed as Buffer;
        if (message['size'] !== String(zip.length))
          return refuse(res, `size ${String(message['size'])} ≠ ${zip.length}`);
        const hash = `sha256:${createHash('sha256').update(zip).digest('hex')}`;
        if (message['hash'] !== hash) return refuse(res, `hash ${String(message['hash'])} ≠ ${hash}`);
        pending.delete(key);
        const id = nextId++;
        artifacts.push({ id, name, zip, files: unzipAll(zip) });
        return json(res, { ok: true, artifact_id: String(id) });
      }
      return refuse(res, `unknown method ${method}`);
    }
    if (url.pathname.startsWith('/blob/')) {
      const upload = pending.get(url.pathname.slice('/blob/'.length));
      if (!upload || url.searchParams.get('sig') !== 'fake-signature')
        return refuse(res, 'blob request without a signed URL');
      if (req.method !== 'PUT') return refuse(res, `${req.method} on a blob`);
      const comp = url.searchParams.get('comp');
      if (comp === 'block') {
        const blockId = url.searchParams.get('blockid');
        if (!blockId) return refuse(res, 'block without an id');
        upload.blocks.set(blockId, body);
      } else if (comp === 'blocklist') {
        const ids = [...body.toString('utf8').matchAll(/<(?:Latest|Uncommitted|Committed)>([^<]*)<\//g)].map(
          (m) => m[1] ?? '',
        );
        const parts = ids.map((id) => upload.blocks.get(id));
        if (ids.length === 0 || parts.some((p) => p === undefined))
          return refuse(res, 'block list names unknown blocks');
        upload.committed = Buffer.concat(parts as Buffer[]);
      } else if (req.headers['x-ms-blob-type'] === 'BlockBlob') {
        upload.committed = body;
      } else {
        return refuse(res, `blob PUT with comp=${String(comp)}`);
      }
      res.writeHead(201, {
        etag: `"0x${createHash('md5').update(body).digest('hex').slice(0, 16)}"`,
        'last-modified': new Date().toUTCString(),
        'x-ms-request-id': randomUUID(),
        'x-ms-version': String(req.headers['x-ms-version'] ?? '2025-01-05'),
        'x-ms-request-server-encrypted': 'true',
        'content-length': '0',
      });
      return res.end();
    }
    refuse(res, `unexpected ${req.method} ${url.pathname}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: address(),
    artifacts,
    requests,
    violations,
    failWith: (status) => {
      failure = status;
    },
    env: () => ({ ACTIONS_RUNTIME_TOKEN: token, ACTIONS_RESULTS_URL: `${address()}/` }),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** A JWT with the claims the client reads; the client decodes it without checking a signature. */
function unsignedJwt(claims: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.c2lnbmF0dXJl`;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Every entry of a zip, read by the system `unzip` (a real reader, not the writer's own code). */
function unzipAll(zip: Buffer): Record<string, string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'artifact-zip-'));
  try {
    const file = path.join(dir, 'a.zip');
    writeFileSync(file, zip);
    const names = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).split('\n').filter(Boolean);
    assert.ok(names.length > 0, 'the artifact zip has entries');
    return Object.fromEntries(
      names.map((name) => [
        name,
        execFileSync('unzip', ['-p', file, name], { encoding: 'utf8', maxBuffer: 64 << 20 }),
      ]),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
