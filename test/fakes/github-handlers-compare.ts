/**
 * `GET /repos/{owner}/{repo}/compare/{base}...{head}` of the fake GitHub server, as GitHub answers
 * it: the status (`ahead`, `behind`, `diverged`, `identical`) from the merge base, the commits
 * from the merge base to the head, and the files changed between them. A SHA the repository does
 * not hold is a 404, as on GitHub once a force-pushed commit is gone.
 */

import { repoApiUrl, repoHtmlUrl } from './github-json.js';
import { commitJson, diffEntries } from './github-json-git.js';
import { type Handler, notFound, ok } from './github-reply.js';

const compare: Handler = async (input) => {
  const { git } = input;
  const [baseRef, headRef] = String(input.params['basehead']).split('...');
  if (!baseRef || !headRef) return notFound();
  const base = await git.resolve(baseRef);
  const head = await git.resolve(headRef);
  if (!base || !head) return notFound();
  const mergeBase = (await git.git(['merge-base', base, head]).catch(() => '')).trim();
  if (!mergeBase) return notFound();
  const count = async (range: string) => Number(await git.git(['rev-list', '--count', range]));
  const aheadBy = await count(`${base}..${head}`);
  const behindBy = await count(`${head}..${base}`);
  const status =
    aheadBy === 0 && behindBy === 0
      ? 'identical'
      : behindBy === 0
        ? 'ahead'
        : aheadBy === 0
          ? 'behind'
          : 'diverged';
  const shas = (await git.git(['rev-list', '--reverse', `${mergeBase}..${head}`]))
    .split('\n')
    .filter(Boolean);
  const basehead = `${base}...${head}`;
  return ok({
    url: `${repoApiUrl(input)}/compare/${basehead}`,
    html_url: `${repoHtmlUrl(input)}/compare/${basehead}`,
    permalink_url: `${repoHtmlUrl(input)}/compare/${basehead}`,
    diff_url: `${repoHtmlUrl(input)}/compare/${basehead}.diff`,
    patch_url: `${repoHtmlUrl(input)}/compare/${basehead}.patch`,
    base_commit: await commitJson(input, base, false),
    merge_base_commit: await commitJson(input, mergeBase, false),
    status,
    ahead_by: aheadBy,
    behind_by: behindBy,
    total_commits: shas.length,
    commits: await Promise.all(shas.map((sha) => commitJson(input, sha, false))),
    files: await diffEntries(input, mergeBase, head),
  });
};

export const compareHandlers: Record<string, Handler> = {
  'repos/compare-commits-with-basehead': compare,
};
