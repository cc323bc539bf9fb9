/**
 * The core allowed where the policy is the only barrier (isolation `none`): commands whose every
 * option and operand the policy types, that run no program the workspace names and read no
 * configuration that names one. Reading, listing and searching, read-only git, print-only sed,
 * jq/yq filters built from known operators, and moving files inside the workspace. No awk
 * programs, no interpreters, package managers, build tools, test runners, linters or formatters
 * (each reads workspace configuration or code), no `xargs` (its words are unseen).
 */
import { type Denial, deny } from './denial.js';
import type { Isolation } from './isolation.js';

const core = new Set(
  [
    // Text and look-ups.
    'echo printf true false : pwd date sleep seq uname nproc whoami id yes locale which exit test [ type command',
    // Readers.
    'cat tac nl rev fold fmt expand unexpand cut paste join comm wc head tail tr sort uniq column',
    'md5sum sha1sum sha256sum sha512sum b2sum cksum base64 od hexdump strings xxd file stat du tree',
    'readlink realpath basename dirname diff cmp ls',
    // Searching and filters.
    'grep egrep fgrep rg fd find sed jq yq',
    // Files inside the workspace (typed writes), archive listings.
    'mkdir rmdir touch tee chmod cp mv rm tar unzip',
    // Read-only git, and wrappers whose command is checked again.
    'git time timeout nice stdbuf env',
  ]
    .join(' ')
    .split(' '),
);

/** The refusal for a command outside the core when the policy is the only barrier. */
export function coreDenial(name: string, isolation: Isolation): Denial | undefined {
  if (isolation !== 'none' || core.has(name)) return undefined;
  return deny(
    'unsandboxed-core',
    `\`${name}\` is not allowed on this runner: it has no sandbox (no user namespaces or passwordless sudo) to isolate arbitrary code from the action's own secrets, so only reading, listing and searching commands, read-only git and file moves inside the workspace run here (no interpreters, build tools, test runners, linters, awk or xargs: each can run code or reads configuration that names programs). Use the file tools to read and change code; to run the project's tools, use a runner with user namespaces or passwordless sudo, or set \`sandbox: off\` to accept the risk.`,
  );
}
