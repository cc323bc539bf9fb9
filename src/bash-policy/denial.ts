/**
 * A policy refusal. `hard` denials come from the fixed rules (shell structure, paths, secrets,
 * network, interpreters); the `allowed-commands` input can lift only the soft ones
 * ("not on the allowlist", "formatter in write mode").
 */
export interface Denial {
  /** Short, stable rule name, e.g. `git-config-flag`; shown to the model and in the transcript. */
  rule: string;
  /** What was refused and what to do instead, written for the model. */
  message: string;
  hard: boolean;
}

/** A hard denial: the `allowed-commands` input cannot override it. */
export function deny(rule: string, message: string): Denial {
  return { rule, message, hard: true };
}

/** A soft denial: an `allowed-commands` rule matching the command lifts it. */
export function notAllowed(rule: string, message: string): Denial {
  return { rule, message, hard: false };
}
