/**
 * The parser's blind spots: every character of a line must belong to a node the walk
 * understood, and here-documents are read the way bash reads them (delimiter after quote
 * removal, where the body ends, what an unquoted body expands). Each refused case is checked
 * against real bash where it matters: bash does run the hidden command.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { type BashPolicy, createBashPolicy } from '../../../src/bash-policy/index.js';
import { makePolicyWorkspace } from '../../helpers/bash-policy-workspace.js';

const ws = makePolicyWorkspace();
let policy: BashPolicy;
before(async () => {
  policy = await createBashPolicy({ workspace: ws.root, sandbox: { level: 'userns', deliberate: false } });
});
after(() => ws.cleanup());

const rule = (command: string) => {
  const verdict = policy.check(command);
  return verdict.allowed ? 'allowed' : verdict.rule;
};

/** What bash prints running `command` in a scratch folder (to show the hidden part runs). */
const bash = (command: string) =>
  execFileSync('bash', ['--norc', '-c', command], { cwd: ws.root, encoding: 'utf8' });

describe('bash policy: here-documents as bash reads them', () => {
  it('refuses a body whose end differs between bash and the parser (delimiter after quote removal)', () => {
    const command = "cat <<E'O'F\nx\nEOF\necho hidden\nE'O'F";
    assert.match(
      bash(`${command} 2>/dev/null; true`),
      /hidden/,
      'bash ends the body at EOF and runs the next line',
    );
    assert.equal(rule(command), 'heredoc');
    // Other spellings end in a parse error or show the hidden line as a command: refused either way.
    assert.notEqual(rule('cat <<"E"OF\nx\nEOF\nid\n"E"OF'), 'allowed');
    assert.notEqual(rule('cat <<E\\OF\nx\nEOF\nid\nE\\OF'), 'allowed');
  });

  it('refuses `$`, backquotes and backslash-newlines in an unquoted body, wherever the grammar puts them', () => {
    assert.match(bash('cat <<EOF\n`echo ran`\nEOF'), /ran/);
    for (const command of [
      'cat <<EOF\n`id`\nEOF',
      'cat <<EOF\n$(id)\nEOF',
      'cat <<EOF\n${HOME}\nEOF',
      // The execution oracle's finding: a tab-indented `<<-` body has no substitution node at all.
      'cat <<-EOF\n\t$(id)\nEOF',
      'cat <<-EOF\n\ta`touch x`b\nEOF',
    ])
      assert.equal(rule(command), 'heredoc', command);
    assert.notEqual(rule('cat <<EOF\nx\\\nEOF\nid\nEOF'), 'allowed');
  });

  it('allows quoted delimiters with any body, and plain unquoted bodies', () => {
    assert.equal(rule("cat <<'EOF' > notes.txt\nhello $USER `x`\nEOF"), 'allowed');
    assert.equal(rule('cat <<"EOF"\n$(id)\nEOF'), 'allowed');
    assert.equal(rule("cat <<-'EOF'\n\tindented\n\tEOF"), 'allowed');
    assert.equal(rule('cat <<EOF\nplain text\nEOF'), 'allowed');
    assert.equal(rule("cat <<'EOF' && git status\nbody\nEOF"), 'allowed');
  });

  it('refuses two here-documents on one line, a continued command line and a missing end', () => {
    assert.notEqual(rule('cat <<A; cat <<B\na\nA\nid\nB'), 'allowed');
    assert.notEqual(rule("cat <<'A' <<B\na\nA\n`id`\nB"), 'allowed');
    assert.notEqual(rule("cat <<'EOF' \\\n| sh\nid\nEOF"), 'allowed');
    assert.notEqual(rule("cat <<'EOF'\nid\n"), 'allowed');
    assert.notEqual(rule('cat <<\'EOF\'; echo "a\nEOF\nid\n"\nbody\nEOF'), 'allowed');
  });
});

describe('bash policy: every character accounted for', () => {
  it('allows blank space, comments and continuations between words', () => {
    assert.equal(rule('git status \\\n  --short # the short form'), 'allowed');
    assert.equal(rule('go test -run=^$ ./...'), 'allowed'); // a `$` ending a word is literal
  });

  it('refuses text the grammar left outside every node, and a `$` inside a word', () => {
    assert.notEqual(rule('echo a$/b; id'), 'allowed');
    assert.notEqual(rule('echo a`id`b'), 'allowed');
  });
});
