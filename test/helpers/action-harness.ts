/**
 * One end-to-end setting: the fake GitHub server, the fake model and the built action wired
 * together, plus the payload builders the GitHub tests share.
 */
import { after, afterEach, before } from 'node:test';
import type { Permission } from '../../src/inputs.js';
import { type GitHubServer, startGitHubServer } from '../fakes/github-server.js';
import { type FakeOpenAI, startFakeOpenAI } from '../fakes/openai-server.js';
import { type ActionRun, type ActionRunOptions, runAction } from './run-action.js';
import { webhookExample } from './webhook-examples.js';

/** The API key the action is given; no request may ever carry it anywhere but the model's endpoint. */
export const API_KEY = 'sk-e2eTestKey1234567890abcdefghijklmnopqrstuv';

export interface Harness {
  github: GitHubServer;
  openai: FakeOpenAI;
  run(eventName: string, payload: unknown, options?: Partial<ActionRunOptions>): Promise<ActionRun>;
  close(): Promise<void>;
}

/** A tiny repository whose `npm test` prints the environment commands get (it must hold no secret). */
export const DEFAULT_FILES: Record<string, string> = {
  'README.md': '# Hello-World\n',
  'src/greet.js': "export const greet = () => 'helo';\n",
  'package.json': `${JSON.stringify({ name: 'hello-world', private: true, scripts: { test: 'node print-env.mjs' } })}\n`,
  'print-env.mjs': 'console.log(JSON.stringify(process.env));\n',
};

/**
 * Starts both fakes; `run` drives the built action against them. `fromDir` seeds the repository
 * from a folder as well (symlinks stay symlinks).
 */
export async function startHarness(
  files: Record<string, string> = DEFAULT_FILES,
  fromDir?: string,
): Promise<Harness> {
  const github = await startGitHubServer({ files, ...(fromDir ? { fromDir } : {}) });
  const openai = await startFakeOpenAI();
  return {
    github,
    openai,
    run: (eventName, payload, options = {}) =>
      runAction({
        eventName,
        payload,
        ...options,
        inputs: {
          'api-key': API_KEY,
          'base-url': openai.url,
          model: 'fake-model',
          sandbox: 'off',
          ...options.inputs,
        },
        env: { ...github.actionEnv(), GITHUB_RUN_ID: '4242', ...options.env },
      }),
    close: async () => {
      await openai.close();
      await github.close();
    },
  };
}

/**
 * One harness for a test file: started before its tests with the given users, closed after them,
 * and after every test the fake GitHub server must have seen no request that breaks GitHub's
 * OpenAPI description. The returned object is filled in when the harness starts.
 */
export function useHarness(
  files: Record<string, string> = DEFAULT_FILES,
  users: Record<string, Permission> = { alice: 'write', rita: 'read' },
): Harness {
  const harness = {} as Harness;
  before(async () => {
    Object.assign(harness, await startHarness(files));
    for (const [login, permission] of Object.entries(users)) {
      harness.github.state.addUser(login, { permission });
    }
  });
  after(() => harness.close());
  afterEach(() => {
    harness.github.assertNoViolations();
    harness.openai.clear();
  });
  return harness;
}

/** A real `issues.labeled` payload pointed at an issue of the fake. */
export function labeledPayload(
  issue: { number: number; title: string; body: string | null },
  sender: string,
) {
  const payload = webhookExample('issues', 'labeled');
  payload['label'] = { ...payload['label'], name: 'agent' };
  Object.assign(payload['issue'], { number: issue.number, title: issue.title, body: issue.body });
  payload['sender'] = { ...payload['sender'], login: sender, type: 'User' };
  return payload;
}

/** A real `issue_comment.created` payload; `pullRequest` makes it a comment on a PR. */
export function commentPayload(
  issue: { number: number; title: string; body: string | null },
  comment: { id: number; body: string; user: string },
  pullRequest = false,
) {
  const payload = webhookExample('issue_comment', 'created');
  Object.assign(payload['issue'], { number: issue.number, title: issue.title, body: issue.body });
  if (pullRequest)
    payload['issue']['pull_request'] = {
      url: `https://api.github.com/repos/Codertocat/Hello-World/pulls/${issue.number}`,
    };
  Object.assign(payload['comment'], { id: comment.id, body: comment.body });
  payload['comment']['user'] = { ...payload['comment']['user'], login: comment.user, type: 'User' };
  payload['sender'] = { ...payload['sender'], login: comment.user };
  return payload;
}

/** Every request body and URL either fake received, for "no secret anywhere" assertions. */
export function everythingSent(h: Harness): string {
  const github = h.github.requests.map((r) => `${r.method} ${r.url}\n${r.body}`);
  const openai = h.openai.requests.map((r) => JSON.stringify(r.body));
  return [...github, ...openai].join('\n');
}
