/**
 * The effects the effects run still observes today, per path and level
 * (test/fixtures/oracle/known-effects.json): the test fails on an effect not listed here, and on
 * a listed one that no longer happens, so the list only shrinks as the sandbox closes them. The
 * target is an empty list at every namespace level and no `secret` at level `none`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { Effect } from './effects-direct.js';

/** `action` (through dist/index.js) or `direct` (the sandbox layer, policy skipped), then the level. */
export type KnownEffects = Record<'action' | 'direct', Record<string, string[]>>;

export const KNOWN_EFFECTS_FILE = new URL('../fixtures/oracle/known-effects.json', import.meta.url);

export function loadKnownEffects(): KnownEffects {
  return JSON.parse(readFileSync(KNOWN_EFFECTS_FILE, 'utf8')) as KnownEffects;
}

export function saveKnownEffects(known: KnownEffects): void {
  writeFileSync(KNOWN_EFFECTS_FILE, `${JSON.stringify(known, null, 2)}\n`);
}

/** One effect as a stable line: run-specific parts (folders, uids, pids, ids) left out. */
export function effectKey(effect: Effect, workspace: string): string {
  const detail = effect.detail
    .replaceAll(workspace, '<ws>')
    .replace(/ \(uid \d+\)$/, '')
    .replace(/^process \d+ /, 'process ')
    .replace(/^IPC object (\w+) key \S+ id \d+$/, 'IPC object $1')
    .replace(/sandbox-test-\w+|effects-ws-\w+|runner-temp-\w+|agentsbx-[\w-]+/g, '<tmp>')
    .replace(/tool result #\d+/, 'tool result');
  return `${effect.kind}: ${detail}${effect.command ? ` ← ${JSON.stringify(effect.command)}` : ''}`;
}

/** Effects observed but not listed, and listed ones not observed. */
export function compareKnown(
  observed: readonly string[],
  listed: readonly string[],
): { fresh: string[]; gone: string[] } {
  const seen = new Set(observed);
  const known = new Set(listed);
  return {
    fresh: [...seen].filter((e) => !known.has(e)).sort(),
    gone: [...known].filter((e) => !seen.has(e)).sort(),
  };
}
