import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LoadedTools } from '../../../src/tools/tool-shelf.js';
import { sampleShelf } from '../../helpers/shelved-tools.js';

const shelf = sampleShelf();

describe('ToolShelf', () => {
  it('ranks name matches above description matches and keeps one server with `server:`', () => {
    const found = shelf.search('issue');
    assert.deepEqual(
      found.matches.map((m) => m.tool.name),
      ['mcp__github__create_issue', 'mcp__github__list_issues', 'mcp__docs__search'],
    );
    assert.deepEqual(
      shelf.search('server:GitHub').matches.map((m) => m.originalName),
      ['create_issue', 'get_file_contents', 'list_issues'],
    );
    const one = shelf.search('server:docs issue');
    assert.equal(one.server, 'docs');
    assert.deepEqual(
      one.matches.map((m) => m.originalName),
      ['search'],
    );
    assert.equal(shelf.search('kubernetes').total, 0);
  });

  it('counts tools per server, the failed ones included, and filters into a new shelf', () => {
    assert.deepEqual(
      [...shelf.servers()],
      [
        ['docs', 1],
        ['github', 3],
        ['jira', 0],
      ],
    );
    const readOnly = shelf.filter((entry) => entry.tool.readOnly);
    assert.deepEqual(readOnly.names(), [
      'mcp__docs__search',
      'mcp__github__get_file_contents',
      'mcp__github__list_issues',
    ]);
    assert.equal(readOnly.problems().get('jira'), 'did not start: exited with code 1');
  });
});

describe('LoadedTools', () => {
  it('loads in the order asked, once, and reports names not on the shelf', () => {
    const loaded = new LoadedTools(shelf);
    assert.deepEqual(loaded.load(['mcp__github__list_issues', 'mcp__docs__search', 'nope']), {
      loaded: ['mcp__github__list_issues', 'mcp__docs__search'],
      already: [],
      unknown: ['nope'],
    });
    assert.deepEqual(loaded.load(['mcp__docs__search', 'mcp__github__create_issue']).already, [
      'mcp__docs__search',
    ]);
    assert.deepEqual(
      loaded.list().map((t) => t.name),
      ['mcp__github__list_issues', 'mcp__docs__search', 'mcp__github__create_issue'],
    );
    assert.equal(new LoadedTools(shelf).list().length, 0, 'another agent starts with nothing loaded');
    assert.equal(new LoadedTools(shelf, true).list().length, 4, 'a preloaded set has everything');
  });
});
