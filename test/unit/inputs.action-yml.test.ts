import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { parse } from 'yaml';
import { SEVERITIES } from '../../src/findings/review-severity.js';
import {
  API_FORMATS,
  AUTH_MODES,
  CO_AUTHOR,
  COMMIT_SIGNING,
  IMAGE_SETTINGS,
  INPUT_DEFAULTS,
  INPUT_NAMES,
  MODES,
  NETWORK_MODES,
  PERMISSIONS,
  REASONING_EFFORTS,
  SANDBOX_LEVELS,
} from '../../src/inputs.js';
import { OIDC_PROVIDERS } from '../../src/llm/oidc/recipe.js';

const actionYml = parse(readFileSync(new URL('../../action.yml', import.meta.url), 'utf8')) as {
  inputs: Record<string, { description: string; default?: string }>;
};

/** The inputs whose value is one of a fixed list, with the list `src/inputs.ts` accepts. */
const CHOICES: Record<string, readonly string[]> = {
  mode: MODES,
  'min-permission': PERMISSIONS,
  sandbox: SANDBOX_LEVELS,
  network: NETWORK_MODES,
  api: API_FORMATS,
  'reasoning-effort': REASONING_EFFORTS,
  'commit-signing': COMMIT_SIGNING,
  'co-author': CO_AUTHOR,
  'review-min-severity': SEVERITIES,
  images: IMAGE_SETTINGS,
  auth: AUTH_MODES,
  'oidc-provider': OIDC_PROVIDERS,
};

describe('src/inputs.ts and action.yml', () => {
  it('declare the same inputs', () => {
    assert.deepEqual([...INPUT_NAMES].sort(), Object.keys(actionYml.inputs).sort());
  });

  it('agree on every default the runner fills in', () => {
    for (const [name, spec] of Object.entries(actionYml.inputs)) {
      const declared = String(spec.default ?? '');
      // The runner expands this expression; direct use has no equivalent, so there is no default here.
      if (declared === '${{ github.token }}') continue;
      assert.equal(INPUT_DEFAULTS[name as keyof typeof INPUT_DEFAULTS] ?? '', declared, `default of ${name}`);
    }
  });

  for (const [name, values] of Object.entries(CHOICES)) {
    it(`name every accepted value of ${name} in its description, and default to one of them`, () => {
      const spec = actionYml.inputs[name];
      assert.ok(spec, `${name} is not in action.yml`);
      for (const value of values) {
        assert.match(
          spec.description,
          new RegExp(`(^|[^\\w-])${value.replace(/[.-]/g, '\\$&')}([^\\w-]|$)`),
          `${name}: ${value}`,
        );
      }
      if (spec.default) assert.ok(values.includes(spec.default), `${name} defaults to ${spec.default}`);
    });
  }
});
