/**
 * `test/fixtures/hostile-texts.json`: texts an outsider could write, each with what must (not)
 * survive on each path out, and the secret values the redactor is given for them.
 */
import { readFileSync } from 'node:fs';

/** What the text must and must not show once it has gone a path. */
export interface Expectations {
  absent?: string[];
  present?: string[];
}

export interface HostileEntry {
  id: string;
  description?: string;
  text: string;
  /** Into the prompt (`sanitizeUntrusted`, `wrapUntrusted`). */
  prompt?: Expectations;
  /** Onto GitHub (`preparePublishedMarkdown`). */
  published?: Expectations;
  /** Into the job log (`printUntrusted`). */
  log?: Pick<Expectations, 'present'>;
}

export interface HostileCorpus {
  secrets: { SECRET: string; TOKEN: string; API_KEY: string };
  entries: HostileEntry[];
}

/** The corpus, read once per test file. */
export const hostileTexts = JSON.parse(
  readFileSync(new URL('../fixtures/hostile-texts.json', import.meta.url), 'utf8'),
) as HostileCorpus;
