/**
 * The bash-policy corpora (test/fixtures/bash-corpus): hostile commands, each with the class
 * of bypass it belongs to and its real-world target, and benign commands from projects' CI.
 * An entry only dangerous after an earlier file write records it in `setup`;
 * {@link applySetups} performs those writes in a workspace the way write_file would.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface HostileEntry {
  /** The class of bypass (1–10, as in docs/bash-policy.md). */
  class: number;
  /** What an attacker reaches if the command runs. */
  target: string;
  technique: string;
  command: string;
  /** Running the project's code: denied at level `none`, contained by a namespace sandbox. */
  contained?: boolean;
  setup?: { write: string; content: string };
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

/** Writes every entry's setup file into `root`; returns their real paths (what the agent wrote). */
export function applySetups(root: string, entries: readonly HostileEntry[]): string[] {
  const written = new Set<string>();
  for (const entry of entries) {
    if (!entry.setup) continue;
    const file = path.join(root, entry.setup.write);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, entry.setup.content);
    written.add(file);
  }
  return [...written];
}

/** A read tracker's `wasWritten` over `files`. */
export function writtenTracker(files: readonly string[]): { wasWritten(real: string): boolean } {
  return { wasWritten: (real) => files.some((f) => f === real || f.startsWith(`${real}/`)) };
}
