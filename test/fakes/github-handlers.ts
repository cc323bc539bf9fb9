/**
 * Every operation the fake GitHub server implements, by operationId: the repository, permissions,
 * git data, plus the issue, pull-request and Actions handlers of the sibling files.
 */
import { actionHandlers } from './github-handlers-actions.js';
import { checkHandlers } from './github-handlers-checks.js';
import { compareHandlers } from './github-handlers-compare.js';
import { gateHandlers } from './github-handlers-gates.js';
import { issueHandlers } from './github-handlers-issues.js';
import { publishingHandlers } from './github-handlers-publishing.js';
import { pullHandlers } from './github-handlers-pulls.js';
import { reviewHandlers } from './github-handlers-reviews.js';
import { repositoryJson, userJson } from './github-json.js';
import { branchJson, commitJson, gitRefJson } from './github-json-git.js';
import { type Handler, notFound, ok, unprocessable } from './github-reply.js';

export type { Handler, HandlerInput, Reply } from './github-reply.js';

/** GitHub's legacy `permission` field knows only admin, write, read and none. */
const LEGACY_PERMISSION = {
  admin: 'admin',
  maintain: 'write',
  write: 'write',
  triage: 'read',
  read: 'read',
  none: 'none',
};

const repoHandlers: Record<string, Handler> = {
  'repos/get': (input) => ok(repositoryJson(input)),
  'repos/get-collaborator-permission-level': (input) => {
    const user = input.state.user(input.params['username']);
    const permissions = {
      admin: user.permission === 'admin',
      maintain: ['admin', 'maintain'].includes(user.permission),
      push: ['admin', 'maintain', 'write'].includes(user.permission),
      triage: !['read', 'none'].includes(user.permission),
      pull: user.permission !== 'none',
    };
    return ok({
      permission: LEGACY_PERMISSION[user.permission],
      role_name: user.permission,
      user: { ...userJson(input, user.login), permissions, role_name: user.permission },
    });
  },
  'repos/get-branch': async (input) => {
    const sha = await input.git.resolve(`refs/heads/${input.params['branch']}`);
    if (!sha) return { ...notFound(), body: { message: 'Branch not found', status: '404' } };
    return ok(await branchJson(input, input.params['branch'], sha));
  },
  'git/get-ref': async (input) => {
    const ref = `refs/${input.params['ref']}`;
    const exists = await input.git.git(['for-each-ref', '--format=%(objectname)', ref]);
    if (!exists || exists.includes('\n')) return notFound();
    return ok(gitRefJson(input, ref, exists));
  },
  'repos/get-commit': async (input) => {
    const sha = await input.git.resolve(input.params['ref']);
    if (!sha) return unprocessable(`No commit found for SHA: ${input.params['ref']}`);
    return ok(await commitJson(input, sha));
  },
  'rate-limit/get': () => {
    const reset = Math.floor(Date.now() / 1000) + 3600;
    const core = { limit: 5000, used: 0, remaining: 5000, reset };
    return ok({ resources: { core, search: core, graphql: core }, rate: core });
  },
};

/** Handlers by operationId; each checks the request is for the one repository the fake serves. */
export const HANDLERS: Record<string, Handler> = Object.fromEntries(
  Object.entries({
    ...repoHandlers,
    ...issueHandlers,
    ...pullHandlers,
    ...reviewHandlers,
    ...compareHandlers,
    ...actionHandlers,
    ...checkHandlers,
    ...publishingHandlers,
    ...gateHandlers,
  }).map(([id, handler]) => [
    id,
    (input) => {
      const { owner, repo } = input.params;
      const same = (a: unknown, b: string) => typeof a !== 'string' || a.toLowerCase() === b.toLowerCase();
      return same(owner, input.state.owner) && same(repo, input.state.repo) ? handler(input) : notFound();
    },
  ]),
);
