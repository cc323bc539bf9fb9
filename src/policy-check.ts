#!/usr/bin/env node
/**
 * Entry of `dist/policy-check/index.js`: the bash policy as the action builds it, for checking
 * command lines without running them (and for measuring the built policy). Reads one JSON
 * object on stdin and prints one JSON object:
 *
 *     { "workspace": "/path", "sandbox": { "level": "none", "deliberate": false },
 *       "written": ["evil.mjs"], "commands": ["git status", "cat /etc/passwd"] }
 *     → { "verdicts": [{ "allowed": true, "ms": 0.05 }, { "allowed": false, "rule": "system-path", … }] }
 *
 * `written` lists workspace files the agent wrote this run (as the file tools record them, by
 * path and by content); `readOnly: true` checks as a review run does. `"record": true` adds to
 * each allowed verdict what the policy approved (`approval`: the simple commands with their argv,
 * which run project code, and the typed paths).
 */
import { createHash } from 'node:crypto';
import { readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { createBashPolicy } from './bash-policy/index.js';

interface Request {
  workspace: string;
  sandbox: { level: string; deliberate: boolean };
  written?: string[];
  readOnly?: boolean;
  commands: string[];
  /** Check every command this many times and report the median (for timing). */
  rounds?: number;
  /** Add the approval record to allowed verdicts. */
  record?: boolean;
}

const request = JSON.parse(readFileSync(0, 'utf8')) as Request;
const root = realpathSync(request.workspace);
const written = new Set((request.written ?? []).map((f) => path.resolve(root, f)));
const contents = new Set<string>();
for (const file of written) {
  try {
    contents.add(createHash('sha256').update(readFileSync(file)).digest('hex'));
  } catch {
    // not there (any more): recorded by path only
  }
}
const policy = await createBashPolicy({
  workspace: root,
  sandbox: request.sandbox,
  ...(request.readOnly ? { readOnly: true } : {}),
  readTracker: {
    wasWritten: (real) => written.has(real) || [...written].some((w) => w.startsWith(`${real}/`)),
    wroteContent: (hash) => contents.has(hash),
  },
});
const rounds = Math.max(1, request.rounds ?? 1);
const verdicts = request.commands.map((command) => {
  const times: number[] = [];
  const record = request.record === true;
  let verdict = policy.check(command, { record });
  for (let r = 0; r < rounds; r++) {
    const start = performance.now();
    verdict = policy.check(command, { record });
    times.push(performance.now() - start);
  }
  return { ...verdict, ms: times };
});
process.stdout.write(`${JSON.stringify({ verdicts })}\n`);
