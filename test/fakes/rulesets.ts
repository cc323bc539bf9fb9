/**
 * A repository ruleset for the fake GitHub server: "Require signed commits" makes receive-pack
 * refuse every push that brings new commits, with the GH013 text GitHub sends, through a real
 * `pre-receive` hook in the served bare repository. Commits GitHub creates itself (the API's
 * `createCommitOnBranch`) do not go through receive-pack, so they land, as they do on GitHub.
 */
import { chmod, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { BareRepo } from './bare-repo.js';

/** Turns the signed-commits rule on (`serverUrl` is for the rules link in the message) or off. */
export async function requireSignedCommits(repo: BareRepo, serverUrl: string | false): Promise<void> {
  const hook = path.join(repo.gitDir, 'hooks', 'pre-receive');
  if (serverUrl === false) return rm(hook, { force: true });
  const fullName = path.relative(repo.root, repo.gitDir).replace(/\.git$/, '');
  const script = `#!/bin/sh
zero=0000000000000000000000000000000000000000
status=0
while read old new ref; do
  [ "$new" = "$zero" ] && continue
  commits=$(git rev-list "$new" --not --all)
  [ -z "$commits" ] && continue
  count=$(printf '%s\\n' "$commits" | wc -l | tr -d ' ')
  encoded=$(printf '%s' "$ref" | sed 's|/|%2F|g')
  {
    echo "error: GH013: Repository rule violations found for $ref."
    echo "Review all repository rules at ${serverUrl}/${fullName}/rules?ref=$encoded"
    echo ""
    echo "- Commits must have verified signatures."
    echo "  Found $count violation(s):"
    echo ""
    printf '%s\\n' "$commits" | sed 's/^/  /'
    echo ""
  } >&2
  status=1
done
exit $status
`;
  await writeFile(hook, script);
  await chmod(hook, 0o755);
}
