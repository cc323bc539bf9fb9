/**
 * The bash-policy corpora (test/fixtures/bash-corpus): hostile commands, each with the class
 * of bypass it belongs to and its real-world target, and benign commands from projects' CI.
 * An entry only dangerous after earlier file writes records them in `setup`;
 * {@link applySetups} performs those writes in a workspace the way write_file would (or, with
 * `recorded: false`, the way the repository or a project script would have left them).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** One file an entry needs in the workspace before it runs. */
export interface SetupWrite {
  write: string;
  content: string;
  /** False for repository content (the agent did not write it). Default true. */
  recorded?: boolean;
  /** The same content also placed here, unrecorded (a copy another program made). */
  copyTo?: string;
}

export interface HostileEntry {
  /** The class of bypass (1–16, as in docs/bash-policy.md). */
  class: number;
  /** What an attacker reaches if the command runs. */
  target: string;
  technique: string;
  command: string;
  /** Running the project's code: denied at level `none`, contained by a namespace sandbox. */
  contained?: boolean;
  /** Hostile only in review runs (a write): checked with the read-only policy. */
  review?: boolean;
  /** Where it came from when not written for the corpus (e.g. `oracle` for the execution oracle's findings). */
  found?: string;
  setup?: SetupWrite | SetupWrite[];
}

export interface BenignEntry {
  ecosystem: string;
  /** Where commands like it come from. */
  source: string;
  command: string;
}

const corpus = new URL('../fixtures/bash-corpus/', import.meta.url);

export function loadHostile(): HostileEntry[] {
  return JSON.parse(readFileSync(new URL('hostile.json', corpus), 'utf8')) as HostileEntry[];
}

export function loadBenign(): BenignEntry[] {
  return JSON.parse(readFileSync(new URL('benign.json', corpus), 'utf8')) as BenignEntry[];
}

/** The setup writes of an entry, as a list. */
export function setupsOf(entry: HostileEntry): SetupWrite[] {
  return entry.setup === undefined ? [] : Array.isArray(entry.setup) ? entry.setup : [entry.setup];
}

/** What the agent wrote: real paths, and the SHA-256 of each content. */
export interface Written {
  files: string[];
  hashes: string[];
}

/** Writes every entry's setup files into `root`; returns what the agent wrote (the recorded ones). */
export function applySetups(root: string, entries: readonly HostileEntry[]): Written {
  const files = new Set<string>();
  const hashes = new Set<string>();
  const put = (relative: string, content: string) => {
    const file = path.join(root, relative);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, content);
    return file;
  };
  for (const entry of entries) {
    for (const setup of setupsOf(entry)) {
      const file = put(setup.write, setup.content);
      if (setup.copyTo) put(setup.copyTo, setup.content);
      if (setup.recorded === false) continue;
      files.add(file);
      hashes.add(createHash('sha256').update(setup.content).digest('hex'));
    }
  }
  return { files: [...files], hashes: [...hashes] };
}

/** A read tracker's `wasWritten` and `wroteContent` over what the agent wrote. */
export function writtenTracker(written: Written | readonly string[]): {
  wasWritten(real: string): boolean;
  wroteContent(hash: string): boolean;
} {
  const { files, hashes }: { files: readonly string[]; hashes: readonly string[] } = Array.isArray(written)
    ? { files: written, hashes: [] }
    : (written as Written);
  return {
    wasWritten: (real) => files.some((f) => f === real || f.startsWith(`${real}/`)),
    wroteContent: (hash) => hashes.includes(hash),
  };
}
