/**
 * The edit tools through the built action: a scripted model fixes an issue with one apply_patch
 * touching two files, and another with an edit_file whose old_string is a near miss.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { reply } from '../fakes/openai-server.js';
import { DEFAULT_FILES, labeledPayload, useHarness } from '../helpers/action-harness.js';

const PRICE = `export function price(item) {
\tconst base = item.cost;
\treturn base;
}
`;
const PRICE_TEST = `import { price } from './price.js';

console.assert(price({ cost: 2 }) === 2);
`;
const STORE = `class Store:
    def get(self, key):
        if key in self.items:
            return self.items[key]
        return None
`;

/** Edited on two systems: CRLF and LF lines in one file. Every untouched line must keep its ending. */
const SETTINGS = '[server]\r\nhost = localhost\nport = 8080\r\n\r\n[client]\nretries = 3\r\n';
const CART = `class Cart:
    def total(self):
        if self.items:
            return sum(self.items)
        return 0
`;

const h = useHarness({
  ...DEFAULT_FILES,
  'settings.ini': SETTINGS,
  'cart.py': CART,
  'src/price.js': PRICE,
  'src/price.test.js': PRICE_TEST,
  'store.py': STORE,
});

/** The tool results the model received, in order. */
function toolResults(): string[] {
  const last = h.openai.requests.at(-1)?.body.messages as Array<{ role: string; content: unknown }>;
  return last.filter((m) => m.role === 'tool').map((m) => String(m.content));
}

describe('edit tools through the built action', () => {
  it('fixes an issue with one apply_patch that changes two files', async () => {
    const issue = h.github.state.addIssue({
      title: 'Price ignores the tax',
      body: 'Add 20% tax.',
      user: 'alice',
    });
    h.openai.enqueue(
      reply().tool('read_file', { path: 'src/price.js' }).tool('read_file', { path: 'src/price.test.js' }),
      reply().tool('apply_patch', {
        patch: [
          '*** Begin Patch',
          '*** Update File: src/price.js',
          '@@ export function price(item) {',
          ' \tconst base = item.cost;',
          '-\treturn base;',
          '+\treturn base * 1.2;',
          '*** Update File: src/price.test.js',
          '@@',
          '-console.assert(price({ cost: 2 }) === 2);',
          '+console.assert(price({ cost: 10 }) === 12);',
          '*** End Patch',
        ].join('\n'),
      }),
      reply().text('Add the tax to price\n\nprice() now adds 20% tax; the test checks it.'),
    );
    const run = await h.run('issues', labeledPayload(issue, 'alice'));
    assert.equal(run.exitCode, 0, run.stdout + run.stderr);
    assert.equal(run.outputs['conclusion'], 'pr-opened', run.stdout);
    const branch = `agent/issue-${issue.number}`;
    assert.equal(
      await h.github.git.readFile(branch, 'src/price.js'),
      PRICE.replace('return base;', 'return base * 1.2;'),
    );
    assert.equal(
      await h.github.git.readFile(branch, 'src/price.test.js'),
      PRICE_TEST.replace('price({ cost: 2 }) === 2', 'price({ cost: 10 }) === 12'),
    );
    assert.match(
      toolResults().at(-1) ?? '',
      /^Applied the patch: Updated src\/price\.js \(1 hunk\); Updated src\/price\.test\.js \(1 hunk\)\.$/,
    );
    const [commit] = await h.github.git.log(branch, 1);
    assert.equal(commit?.subject, 'Add the tax to price');
    assert.match(h.github.state.pulls().at(-1)?.body ?? '', /apply_patch/);
    // The model was offered apply_patch, and told it is the way to make multi-place edits.
    const first = h.openai.requests[0]?.body;
    assert.ok(
      (first.tools as Array<{ function: { name: string } }>).some((t) => t.function.name === 'apply_patch'),
    );
    assert.match(first.messages[0].content, /apply_patch \(edits in several places or files/);
  });

  it('fixes an issue with a near-miss edit_file and says how it matched', async () => {
    const issue = h.github.state.addIssue({ title: 'get raises', body: 'Return a default.', user: 'alice' });
    h.openai.enqueue(
      reply().tool('read_file', { path: 'store.py' }),
      // Written at the wrong indentation and with read_file's line numbers copied in.
      reply().tool('edit_file', {
        path: 'store.py',
        old_string:
          '2→def get(self, key):\n3→    if key in self.items:\n4→        return self.items[key]\n5→    return None',
        new_string:
          'def get(self, key, default=None):\n    if key in self.items:\n        return self.items[key]\n    return default',
      }),
      reply().text('Return a default from get\n\nget() takes a default.'),
    );
    const run = await h.run('issues', labeledPayload(issue, 'alice'));
    assert.equal(run.outputs['conclusion'], 'pr-opened', run.stdout);
    assert.equal(
      await h.github.git.readFile(`agent/issue-${issue.number}`, 'store.py'),
      STORE.replace('def get(self, key):', 'def get(self, key, default=None):').replace(
        'return None',
        'return default',
      ),
    );
    assert.match(
      toolResults().at(-1) ?? '',
      /^Edited store\.py: 1 replacement at line 2, matched after removing line-number prefixes and after re-indenting/,
    );
  });

  it('applies the edits other agents send: wrapped patches, add-only hunks, flat strings, any line ending', async () => {
    const issue = h.github.state.addIssue({ title: 'Tidy settings', body: 'Log and retry.', user: 'alice' });
    h.openai.enqueue(
      reply().tool('read_file', { path: 'settings.ini' }).tool('read_file', { path: 'cart.py' }),
      // A patch as a model writes it for a shell: %%bash, a heredoc, an indented header, an
      // add-only hunk before a hunk near the top, a blank line after End of File, CRLF lines.
      reply().tool('apply_patch', {
        patch: [
          '%%bash',
          'apply_patch <<"EOF"',
          '*** Begin Patch',
          '  *** Update File: settings.ini',
          '@@',
          '+[log]',
          '+level = info',
          '@@',
          ' [server]',
          '-host = localhost',
          '+host = 0.0.0.0',
          '*** End Patch',
          'EOF',
        ].join('\r\n'),
      }),
      reply().tool('edit_file', {
        path: 'settings.ini',
        old_string: 'retries = 3\r\n',
        new_string: 'retries = 5\r\ntimeout = 30\r\n',
      }),
      // Both strings without any indentation.
      reply().tool('edit_file', {
        path: 'cart.py',
        old_string: 'if self.items:\nreturn sum(self.items)',
        new_string: 'if self.items:\nlog("summing")\nreturn sum(self.items)',
      }),
      reply().text('Tidy the settings\n\nListen everywhere, log, retry more.'),
    );
    const run = await h.run('issues', labeledPayload(issue, 'alice'));
    assert.equal(run.outputs['conclusion'], 'pr-opened', run.stdout + run.stderr);
    const branch = `agent/issue-${issue.number}`;
    assert.equal(
      await h.github.git.readFile(branch, 'settings.ini'),
      '[server]\r\nhost = 0.0.0.0\nport = 8080\r\n\r\n[client]\nretries = 5\r\ntimeout = 30\r\n[log]\r\nlevel = info\r\n',
    );
    assert.equal(
      await h.github.git.readFile(branch, 'cart.py'),
      CART.replace('            return sum', '            log("summing")\n            return sum'),
    );
    const results = toolResults();
    assert.match(results.at(-3) ?? '', /^Applied the patch: Updated settings\.ini \(2 hunks\)\.$/);
    assert.match(
      results.at(-1) ?? '',
      /^Edited cart\.py: 1 replacement at line 3, matched with runs of whitespace collapsed/,
    );
  });
});
