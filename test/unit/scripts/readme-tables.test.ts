import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import {
  parseActionMetadata,
  readExamples,
  replaceBetweenMarkers,
  updateReadmeTables,
} from '../../../scripts/readme-tables.js';
import { HELP } from '../../../src/cli/help.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const readme = await readFile(`${root}/README.md`, 'utf8');
const actionYml = await readFile(`${root}/action.yml`, 'utf8');
// Read straight from the YAML here rather than through the script, so a bug in the script's
// parser cannot make both sides agree.
const action = parse(actionYml) as {
  inputs: Record<string, { default?: unknown }>;
  outputs: Record<string, unknown>;
};

/** The rows of the Markdown table between `<!-- name:start -->` and `<!-- name:end -->`. */
function tableRows(text: string, name: string): string[][] {
  const start = text.indexOf(`<!-- ${name}:start -->`);
  const end = text.indexOf(`<!-- ${name}:end -->`);
  assert.ok(start >= 0 && end > start, `README.md has the ${name} markers`);
  return text
    .slice(start, end)
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .slice(2) // header and separator
    .map((line) =>
      line
        .slice(1, -1)
        .split(/(?<!\\)\|/)
        .map((cell) => cell.trim()),
    );
}

const unquote = (cell: string | undefined): string =>
  cell === '—' ? '' : (cell ?? '').replace(/^`|`$/g, '');

describe('README inputs and outputs tables', () => {
  it('list every input of action.yml, in order, with its default', () => {
    const rows = tableRows(readme, 'inputs');
    const fromReadme = rows.map((r) => [unquote(r[0]), unquote(r[1])]);
    const fromAction = Object.entries(action.inputs).map(([name, spec]) => [
      name,
      spec.default === undefined ? '' : String(spec.default),
    ]);
    assert.deepEqual(fromReadme, fromAction);
    assert.ok(fromAction.length >= 20, 'the spec has at least 20 inputs');
  });

  it('list every output of action.yml, in order', () => {
    const names = tableRows(readme, 'outputs').map((r) => unquote(r[0]));
    assert.deepEqual(names, Object.keys(action.outputs));
  });

  it('are exactly what npm run readme generates (descriptions and examples included)', async () => {
    const regenerated = updateReadmeTables(readme, parseActionMetadata(actionYml), await readExamples(root));
    assert.ok(regenerated === readme, 'README.md is out of date; run: npm run readme');
  });

  it('would catch a changed default', () => {
    const drifted = readme.replace('| `max-turns` | `40` |', '| `max-turns` | `50` |');
    assert.notEqual(drifted, readme);
    const row = tableRows(drifted, 'inputs').find((r) => r[0] === '`max-turns`');
    assert.equal(unquote(row?.[1]), '50');
    assert.notEqual(unquote(row?.[1]), String(action.inputs['max-turns']?.default));
  });

  it('refuses to regenerate without markers rather than appending somewhere', () => {
    assert.throws(() => replaceBetweenMarkers('# no markers', 'inputs', 'x'), /inputs:start/);
  });
});

describe('docs/examples workflows', async () => {
  const examples = await readExamples(root);

  it('cover every trigger of the spec and are embedded in README', () => {
    const events = new Set<string>();
    for (const [name, text] of Object.entries(examples)) {
      assert.ok(readme.includes(`<!-- example:${name}:start -->`), `${name} is embedded in README.md`);
      for (const event of Object.keys((parse(text) as { on: object }).on)) events.add(event);
    }
    for (const event of [
      'issues',
      'issue_comment',
      'pull_request_review_comment',
      'workflow_run',
      'workflow_dispatch',
      'check_run',
      'schedule',
    ]) {
      assert.ok(events.has(event), `an example handles ${event}`);
    }
  });

  it('each declare permissions and a concurrency group that is never cancelled mid-run', () => {
    for (const [name, text] of Object.entries(examples)) {
      const workflow = parse(text) as {
        permissions: Record<string, string>;
        jobs: Record<string, { concurrency?: { group: string; 'cancel-in-progress': boolean } }>;
      };
      assert.equal(typeof workflow.permissions, 'object', `${name} sets permissions`);
      assert.ok(!('write-all' in workflow.permissions), name);
      for (const job of Object.values(workflow.jobs)) {
        assert.match(job.concurrency?.group ?? '', /^agent-/, `${name} has a concurrency group`);
        assert.equal(job.concurrency?.['cancel-in-progress'], false, name);
      }
    }
  });

  it('ask for actions: write only where CI is dispatched', () => {
    for (const [name, text] of Object.entries(examples)) {
      const permissions = (parse(text) as { permissions: Record<string, string> }).permissions;
      const dispatchesCi = /ci-workflow:/.test(text);
      assert.equal(permissions['actions'] === 'write', dispatchesCi, name);
    }
  });
});

describe('README local runner section', () => {
  it('lists exactly the flags that --help documents', () => {
    const section = readme.slice(readme.indexOf('## Trying it locally'), readme.indexOf('## Contributing'));
    const fromReadme = new Set(
      section
        .split('\n')
        .filter((line) => line.startsWith('| `--'))
        .flatMap((line) => Array.from(line.split('|')[1]!.matchAll(/--[a-z-]+/g), (m) => m[0])),
    );
    const fromHelp = new Set(Array.from(HELP.matchAll(/^ {2}(?:-h, )?(--[a-z-]+)/gm), (m) => m[1]!));
    assert.deepEqual([...fromReadme].sort(), [...fromHelp].sort());
    assert.ok(fromHelp.size >= 10);
  });
});
