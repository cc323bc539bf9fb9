/**
 * The `network` input's part of the policy. Commands that download packages (`npm ci`,
 * `pip install -r …`, `go mod download` …) are refused when commands have no network, where they
 * could only hang until they time out. The refusal is soft: an `allowed-commands` rule naming the
 * command lifts it. It applies only to commands their own rule allows (installing by name stays
 * refused whatever the network).
 */
import { type Denial, notAllowed } from './denial.js';
import { type ExtraRule, matchExtraRule } from './extra-rules.js';
import type { Step } from './syntax.js';

/** The `network` input. */
export type CommandNetwork = 'off' | 'allowlist' | 'on';

/** `true` for the words of a command that fetches packages (a lockfile install or a download). */
export function downloadsPackages(words: readonly string[]): boolean {
  const [name, ...args] = words;
  const positional = args.filter((a) => !a.startsWith('-'));
  const [sub] = positional;
  switch (name) {
    case 'npm':
      return sub === 'ci' || sub === 'clean-install' || sub === 'install' || sub === 'i';
    case 'pnpm':
      return sub === 'install' || sub === 'i';
    case 'yarn':
      return (
        (sub === undefined && !args.some((a) => /^(-v|--version|-h|--help)$/.test(a))) || sub === 'install'
      );
    case 'pip':
    case 'pip3':
      return sub === 'install';
    case 'python':
    case 'python3':
      return args[0] === '-m' && (args[1] === 'pip' || args[1] === 'pip3') && args.includes('install');
    case 'go':
      return sub === 'mod' && positional[1] === 'download';
    case 'bun':
      return sub === 'install' || sub === 'i';
    case 'bundle':
    case 'composer':
      return sub === 'install';
    case 'mix':
      return sub === 'deps.get';
    case 'terraform':
      return sub === 'init';
    default:
      return false;
  }
}

/** The denial for one step under `network`, or undefined. */
export function networkDenial(
  step: Step,
  network: CommandNetwork,
  extraRules: readonly ExtraRule[],
): Denial | undefined {
  if (step.kind !== 'command') return undefined;
  const words = step.words.map((w) => w.value);
  if (matchExtraRule(words, extraRules)) return undefined;
  if (network === 'off' && downloadsPackages(words)) {
    return notAllowed(
      'network-off',
      `\`${words.slice(0, 3).join(' ')}\` downloads packages, and agent-run commands have no network (\`network: off\`). Work with the dependencies already installed; a maintainer can set \`network: allowlist\` with the registry in \`allowed-domains\`.`,
    );
  }
  return undefined;
}
