/** What the GitHub Marketplace needs from action.yml before a release can be listed there. */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { parse } from 'yaml';

const action = parse(readFileSync(new URL('../../../action.yml', import.meta.url), 'utf8'));

/** The branding colours GitHub accepts. */
const COLORS = ['white', 'black', 'yellow', 'blue', 'green', 'orange', 'red', 'purple', 'gray-dark'];
/** Feather icons GitHub does not offer for branding. */
const EXCLUDED_ICONS = [
  'coffee',
  'columns',
  'divide-circle',
  'divide-square',
  'divide',
  'frown',
  'hexagon',
  'key',
  'meh',
  'mouse-pointer',
  'smile',
  'tool',
  'x-octagon',
];

describe('action.yml for the Marketplace', () => {
  it('has a name, an author and a description of at most 125 characters', () => {
    assert.equal(typeof action.name, 'string');
    assert.ok(action.name.trim().length > 0);
    assert.equal(typeof action.author, 'string');
    assert.ok(action.author.trim().length > 0);
    assert.equal(typeof action.description, 'string');
    assert.ok(action.description.length > 20, 'a real description');
    assert.ok(
      action.description.length <= 125,
      `${action.description.length} characters: ${action.description}`,
    );
  });

  it('has branding with a Feather icon GitHub offers and one of its colours', () => {
    assert.match(action.branding?.icon ?? '', /^[a-z0-9]+(-[a-z0-9]+)*$/);
    assert.ok(!EXCLUDED_ICONS.includes(action.branding.icon), `${action.branding.icon} is not offered`);
    assert.ok(COLORS.includes(action.branding?.color), `${action.branding?.color} is not a branding colour`);
  });

  it('runs the committed bundle on Node 24', () => {
    assert.deepEqual(action.runs, { using: 'node24', main: 'dist/index.js' });
  });
});
