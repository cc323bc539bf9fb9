/** `allowed-commands` lines parsed as the action parses them at admission; a bad line fails the test. */
import assert from 'node:assert/strict';
import { type ExtraRule, parseAllowedCommands } from '../../src/bash-policy/index.js';

export async function commandRules(...lines: string[]): Promise<ExtraRule[]> {
  const parsed = await parseAllowedCommands(lines);
  assert.equal(parsed.kind, 'rules', `not rules: ${JSON.stringify(parsed)}`);
  return parsed.kind === 'rules' ? parsed.rules : [];
}
