/**
 * The read-only git commands the bash policy allows, as a table both sandbox suites run through
 * the sandbox in every runner mode: each must succeed on the runner's checkout.
 */

export const GIT_READ_COMMANDS = [
  'git status',
  'git status --short',
  'git log --oneline',
  'git log -n 1 --stat',
  'git diff',
  'git diff HEAD --stat',
  'git show HEAD',
  'git show HEAD:README.md',
  'git blame README.md',
  'git ls-files',
  'git grep -n -F "#"',
  'git rev-parse HEAD',
  'git rev-parse --show-toplevel',
  'git branch --list',
  'git branch -a',
  'git tag --list',
  'git ls-tree HEAD',
  'git cat-file -p HEAD',
  'git describe --always',
  'git shortlog -sn HEAD',
  'git rev-list --count HEAD',
  'git for-each-ref',
  'git show-ref',
  'git merge-base HEAD HEAD',
  'git name-rev HEAD',
  'git diff-tree --no-commit-id -r HEAD',
  'git count-objects -v',
  'git reflog -n 1',
];
