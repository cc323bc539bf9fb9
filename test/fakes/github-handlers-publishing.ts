/**
 * What publishing needs beyond the pull request itself: creating, moving and deleting branch refs
 * through the API (`git/create-ref`, `git/update-ref`, `git/delete-ref`) and requesting reviewers, with GitHub's refusals (a ref
 * that exists already, a non-fast-forward update, a reviewer who is the author or no collaborator).
 */
import { nodeId, userJson } from './github-json.js';
import { gitRefJson, pullJson } from './github-json-git.js';
import { type Handler, type HandlerInput, notFound, ok, unprocessable } from './github-reply.js';

const ZERO = '0000000000000000000000000000000000000000';

async function isCommit(input: HandlerInput, sha: string): Promise<boolean> {
  return /^[0-9a-f]{40}$/.test(sha) && (await input.git.resolve(sha)) === sha;
}

function teamJson(input: HandlerInput, slug: string) {
  const org = input.state.owner;
  const id = 7000 + [...slug].reduce((n, c) => n + c.charCodeAt(0), 0);
  const url = `${input.urls.apiUrl}/organizations/1/team/${id}`;
  return {
    id,
    node_id: nodeId('Team', id),
    url,
    html_url: `${input.urls.serverUrl}/orgs/${org}/teams/${slug}`,
    name: slug,
    slug,
    description: null,
    privacy: 'closed',
    notification_setting: 'notifications_enabled',
    permission: 'push',
    members_url: `${url}/members{/member}`,
    repositories_url: `${url}/repos`,
    type: 'organization',
    parent: null,
  };
}

const NOT_COLLABORATOR = (input: HandlerInput) =>
  unprocessable(
    `Reviews may only be requested from collaborators. One or more of the users or teams you specified is not a collaborator of the ${input.state.fullName} repository.`,
  );

/** Handlers by operationId. */
export const publishingHandlers: Record<string, Handler> = {
  'git/create-ref': async (input) => {
    const { ref, sha } = input.body as { ref: string; sha: string };
    if (!/^refs\/[^/]+\/.+/.test(ref)) return unprocessable(`${ref} is not a valid ref name.`);
    if (!(await isCommit(input, sha))) return unprocessable('Object does not exist');
    if (await input.git.resolve(ref)) return unprocessable('Reference already exists');
    await input.git.git(['update-ref', ref, sha, ZERO]);
    return ok(gitRefJson(input, ref, sha), 201);
  },
  'git/update-ref': async (input) => {
    const ref = `refs/${input.params['ref']}`;
    const { sha, force } = input.body as { sha: string; force?: boolean };
    const current = await input.git.resolve(ref);
    if (!current) return unprocessable('Reference does not exist');
    if (!(await isCommit(input, sha))) return unprocessable('Object does not exist');
    if (!force) {
      const base = await input.git.git(['merge-base', current, sha]).catch(() => '');
      if (base !== current) return unprocessable('Update is not a fast forward');
    }
    await input.git.git(['update-ref', ref, sha, current]);
    return ok(gitRefJson(input, ref, sha));
  },
  'git/delete-ref': async (input) => {
    const ref = `refs/${input.params['ref']}`;
    if (!(await input.git.resolve(ref))) return unprocessable('Reference does not exist');
    await input.git.git(['update-ref', '-d', ref]);
    return { status: 204 };
  },
  'pulls/request-reviewers': async (input) => {
    const issue = input.state.issues.get(input.params['pull_number']);
    if (!issue?.pull) return notFound();
    const { reviewers = [], team_reviewers: teams = [] } = input.body as {
      reviewers?: string[];
      team_reviewers?: string[];
    };
    if (reviewers.some((login) => login.toLowerCase() === issue.user.toLowerCase()))
      return unprocessable('Review cannot be requested from pull request author.');
    const known = (login: string) =>
      input.state.users.has(login) && input.state.user(login).permission !== 'none';
    if (!reviewers.every(known) || !teams.every((t) => input.state.teams.has(t)))
      return NOT_COLLABORATOR(input);
    const requested = input.state.reviewRequests.get(issue.number) ?? { users: [], teams: [] };
    requested.users = [...new Set([...requested.users, ...reviewers])];
    requested.teams = [...new Set([...requested.teams, ...teams])];
    input.state.reviewRequests.set(issue.number, requested);
    const pull = await pullJson(input, issue, true);
    return ok(
      {
        ...pull,
        requested_reviewers: requested.users.map((login) => userJson(input, login)),
        requested_teams: requested.teams.map((slug) => teamJson(input, slug)),
      },
      201,
    );
  },
};
