import type { Protection, Sandbox } from './sandbox.js';

const PROTECTION_TEXT: Record<Protection, string> = {
  'pid-namespace': 'own PID namespace (the action and its /proc/*/environ invisible)',
  'network-namespace': 'own network namespace (loopback only)',
  'separate-user': 'separate unprivileged user (runner files and sudo out of reach)',
  'scrubbed-env': 'scrubbed environment',
};

/** Extra facts a detected sandbox carries; a plain {@link Sandbox} has none of them. */
interface SandboxFacts {
  network?: 'off' | 'on';
  notes?: readonly string[];
  userName?: string;
  reachable?: string;
  workspaceAccess?: { kind: 'idmap' | 'acl' | 'group'; why?: string };
}

/**
 * One paragraph of markdown for the log, the job summary and the PR body: the level, what it
 * provides, and — when it is less than full isolation — what is missing and why.
 */
export function describeSandbox(sandbox: Sandbox & SandboxFacts): string {
  const provided = (['pid-namespace', 'network-namespace', 'separate-user'] as const).filter(
    (p) => !sandbox.missing.includes(p) && !(p === 'network-namespace' && sandbox.network === 'on'),
  );
  const parts = [`**Sandbox: \`${sandbox.level}\`**`];
  if (sandbox.level === 'none')
    parts.push(
      "this runner gives commands no isolation: they run as the runner's user, with its files, network and processes in reach; only the bash policy (and a scrubbed environment) stands in the way.",
    );
  else if (sandbox.level === 'landlock')
    parts.push(
      `commands confined by Landlock and seccomp: they write only inside the workspace's folders (never \`.git\` or \`.github\`) and a private home, cannot read the runner's home or temp folders, ${sandbox.network === 'on' ? '' : 'reach no network, '}and cannot reach the action's environment or other processes; they run as the runner's user and can read its other files.`,
    );
  else {
    const user = sandbox.userName ? ` \`${sandbox.userName}\`` : '';
    parts.push(
      `${provided
        .map((p) => PROTECTION_TEXT[p])
        .join('; ')
        .replace('separate unprivileged user', `separate unprivileged user${user}`)}.`,
    );
  }
  if (sandbox.workspaceAccess) parts.push(accessText(sandbox.workspaceAccess));
  if (sandbox.network === 'on') parts.push('Network is on (`network: on`).');
  if (sandbox.missing.length > 0) {
    parts.push(`⚠️ Missing: ${sandbox.missing.map((p) => PROTECTION_TEXT[p]).join('; ')}.`);
    if (sandbox.notes?.length) parts.push(`Why: ${sandbox.notes.join('; ')}.`);
  }
  if (sandbox.reachable) parts.push(`Reachable: ${sandbox.reachable}.`);
  return parts.join(' ');
}

/** How the throw-away user writes the workspace, and why not the cheap way. */
function accessText(access: NonNullable<SandboxFacts['workspaceAccess']>): string {
  if (access.kind === 'idmap')
    return "Workspace shared through an idmapped mount (files stay the runner's on disk; nothing handed back).";
  const how = access.kind === 'acl' ? 'ACLs' : "the user's group";
  return `Workspace shared through ${how}, with files handed back after each command${access.why ? ` (${access.why})` : ''}.`;
}
