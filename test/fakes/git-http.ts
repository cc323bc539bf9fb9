/**
 * Git smart HTTP for the fake GitHub server: hands `/{owner}/{repo}.git/...` requests to the real
 * `git http-backend` CGI, after checking the credentials actions/checkout sends
 * (`Authorization: basic base64(x-access-token:<token>)` through `http.extraheader`).
 */
import { spawn } from 'node:child_process';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Matches the URL paths git uses for a repository served at `/{owner}/{repo}.git`. */
export const GIT_PATH = /^\/[^/]+\/[^/]+\.git(\/|$)/;

export interface GitHttpOptions {
  /** Folder holding `{owner}/{repo}.git`. */
  projectRoot: string;
  /** Tokens accepted as the basic-auth password. */
  tokens: readonly string[];
}

/** True when the request carries basic credentials whose password is one of `tokens`. */
export function hasGitCredentials(header: string | undefined, tokens: readonly string[]): boolean {
  const match = /^basic\s+(\S+)$/i.exec(header?.trim() ?? '');
  if (!match) return false;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const password = decoded.slice(decoded.indexOf(':') + 1);
  return decoded.includes(':') && tokens.includes(password);
}

/** Serves one git request; `body` is the request body already read. */
export function serveGit(
  req: IncomingMessage,
  res: ServerResponse,
  body: Buffer,
  options: GitHttpOptions,
): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://git.invalid');
  if (!hasGitCredentials(req.headers.authorization, options.tokens)) {
    res.writeHead(401, { 'www-authenticate': 'Basic realm="GitHub"', 'content-type': 'text/plain' });
    res.end('Invalid username or token. Password authentication is not supported for Git operations.\n');
    return Promise.resolve();
  }
  const env: Record<string, string> = {
    PATH: process.env['PATH'] ?? '',
    GIT_PROJECT_ROOT: options.projectRoot,
    GIT_HTTP_EXPORT_ALL: '1',
    GIT_CONFIG_NOSYSTEM: '1',
    PATH_INFO: decodeURIComponent(url.pathname),
    QUERY_STRING: url.search.slice(1),
    REQUEST_METHOD: req.method ?? 'GET',
    CONTENT_TYPE: req.headers['content-type'] ?? '',
    CONTENT_LENGTH: String(body.length),
    REMOTE_USER: 'x-access-token',
    REMOTE_ADDR: '127.0.0.1',
  };
  if (req.headers['content-encoding']) env['HTTP_CONTENT_ENCODING'] = req.headers['content-encoding'];
  if (req.headers['git-protocol']) env['GIT_PROTOCOL'] = String(req.headers['git-protocol']);
  return new Promise((resolve, reject) => {
    const cgi = spawn('git', ['http-backend'], { env, stdio: ['pipe', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    let stderr = '';
    cgi.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    cgi.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    cgi.on('error', reject);
    cgi.on('close', (code) => {
      try {
        writeCgiResponse(res, Buffer.concat(chunks), code, stderr);
        resolve();
      } catch (error) {
        reject(error);
      }
    });
    cgi.stdin.on('error', () => {});
    cgi.stdin.end(body);
  });
}

function writeCgiResponse(res: ServerResponse, output: Buffer, code: number | null, stderr: string): void {
  let split = output.indexOf('\r\n\r\n');
  let gap = 4;
  if (split < 0) {
    split = output.indexOf('\n\n');
    gap = 2;
  }
  if (split < 0) {
    res.writeHead(500, { 'content-type': 'text/plain' });
    res.end(`git http-backend failed (exit ${code}): ${stderr}`);
    return;
  }
  let status = 200;
  const headers: Record<string, string> = {};
  for (const line of output.subarray(0, split).toString('latin1').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (name === 'status') status = Number.parseInt(value, 10);
    else headers[name] = value;
  }
  res.writeHead(status, headers);
  res.end(output.subarray(split + gap));
}
