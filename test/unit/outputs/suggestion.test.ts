import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import {
  parseUnifiedDiff,
  presentThreadReplyPatch,
  renderSuggestion,
  type SuggestionTarget,
} from '../../../src/outputs/suggestion.js';

const FILE = 'src/calc.ts';
const ORIGINAL = Array.from({ length: 20 }, (_, i) => `line ${i + 1}`).join('\n') + '\n';

/** `git diff HEAD` after changing `files` in a fresh repository seeded with `before`: real git output. */
function gitDiff(
  before: Record<string, string>,
  after: Record<string, string | null>,
  extra: string[] = [],
): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'suggestion-'));
  const env = { ...process.env, GIT_CONFIG_NOSYSTEM: '1', HOME: dir };
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=T', '-c', 'user.email=t@x', ...args], {
      cwd: dir,
      env,
      encoding: 'utf8',
    });
  git('init', '-q', '.');
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  };
  for (const [file, text] of Object.entries(before)) write(file, text);
  git('add', '-A');
  git('commit', '-qm', 'base');
  for (const [file, text] of Object.entries(after)) {
    if (text === null) git('rm', '-q', file);
    else write(file, text);
  }
  git('add', '-A', '--intent-to-add');
  return git('diff', ...extra, 'HEAD');
}

function edit(text: string, change: (lines: string[]) => void): string {
  const lines = text.split('\n').slice(0, -1);
  change(lines);
  return lines.join('\n') + '\n';
}

const on = (
  startLine: number | null,
  line: number | null,
  side: 'LEFT' | 'RIGHT' = 'RIGHT',
): SuggestionTarget => ({
  path: FILE,
  startLine,
  line,
  side,
});

function present(after: string, target: SuggestionTarget, extra: string[] = []) {
  return presentThreadReplyPatch(gitDiff({ [FILE]: ORIGINAL }, { [FILE]: after }, extra), target, ORIGINAL);
}

function suggestion(result: ReturnType<typeof presentThreadReplyPatch>): string[] {
  assert.equal(result.kind, 'suggestion', result.kind === 'diff' ? result.reason : 'no change');
  return result.kind === 'suggestion' ? result.replacement : [];
}

function diffReason(result: ReturnType<typeof presentThreadReplyPatch>): string {
  assert.equal(result.kind, 'diff');
  return result.kind === 'diff' ? result.reason : '';
}

describe('presentThreadReplyPatch', () => {
  it('suggests a one-line change on a single-line comment', () => {
    const result = present(
      edit(ORIGINAL, (l) => (l[2] = 'const THREE = 3;')),
      on(null, 3),
    );
    assert.deepEqual(suggestion(result), ['const THREE = 3;']);
    assert.equal(result.kind === 'suggestion' && result.markdown, '```suggestion\nconst THREE = 3;\n```');
  });

  it('replaces the whole range of a multi-line comment, keeping its unchanged lines', () => {
    const after = edit(ORIGINAL, (l) => {
      l[1] = 'LINE 2';
      l[3] = 'LINE 4';
    });
    assert.deepEqual(suggestion(present(after, on(2, 4))), ['LINE 2', 'line 3', 'LINE 4']);
  });

  it('fills lines of a wide range that the hunks do not show from the file itself', () => {
    const after = edit(ORIGINAL, (l) => (l[9] = 'LINE 10'));
    const replacement = suggestion(present(after, on(1, 20)));
    assert.equal(replacement.length, 20);
    assert.equal(replacement[0], 'line 1');
    assert.equal(replacement[9], 'LINE 10');
    assert.equal(replacement[19], 'line 20');
  });

  it('falls back to a diff when the change reaches outside the commented lines', () => {
    const after = edit(ORIGINAL, (l) => {
      l[2] = 'LINE 3';
      l[7] = 'LINE 8';
    });
    const result = present(after, on(null, 3));
    assert.match(diffReason(result), /outside the commented lines/);
    assert.match(
      result.kind === 'diff' ? result.markdown : '',
      /^```diff\ndiff --git a\/src\/calc\.ts b\/src\/calc\.ts\n[\s\S]*-line 8\n\+LINE 8\n line 9\n[\s\S]* line 11\n```$/,
    );
  });

  it('suggests an empty replacement when the commented lines are deleted', () => {
    const result = present(
      edit(ORIGINAL, (l) => l.splice(4, 2)),
      on(5, 6),
    );
    assert.deepEqual(suggestion(result), []);
    assert.equal(result.kind === 'suggestion' && result.markdown, '```suggestion\n```');
  });

  it('falls back to a diff when a deletion is outside the range', () => {
    assert.match(
      diffReason(
        present(
          edit(ORIGINAL, (l) => l.splice(5, 1)),
          on(null, 5),
        ),
      ),
      /removes lines outside/,
    );
  });

  it('keeps additions right after (or before) the commented lines in the suggestion', () => {
    const after = edit(ORIGINAL, (l) => l.splice(3, 0, 'added a', 'added b'));
    assert.deepEqual(suggestion(present(after, on(3, 3))), ['line 3', 'added a', 'added b']);
    assert.deepEqual(suggestion(present(after, on(4, 5))), ['added a', 'added b', 'line 4', 'line 5']);
    assert.match(diffReason(present(after, on(null, 2))), /adds lines outside/);
  });

  it('handles additions at the end of the file: a suggestion only on the last line', () => {
    const after = `${ORIGINAL}line 21\nline 22\n`;
    assert.deepEqual(suggestion(present(after, on(null, 20))), ['line 20', 'line 21', 'line 22']);
    assert.match(diffReason(present(after, on(null, 18))), /adds lines outside/);
  });

  it('computes insertion points of zero-context hunks correctly', () => {
    const after = edit(ORIGINAL, (l) => l.splice(5, 0, 'inserted'));
    assert.deepEqual(suggestion(present(after, on(null, 5), ['--unified=0'])), ['line 5', 'inserted']);
    assert.deepEqual(suggestion(present(after, on(null, 6), ['--unified=0'])), ['inserted', 'line 6']);
  });

  it('only suggests on the RIGHT side, on a current line, with the file text at hand', () => {
    const after = edit(ORIGINAL, (l) => (l[2] = 'LINE 3'));
    assert.match(diffReason(present(after, on(null, 3, 'LEFT'))), /base version/);
    assert.match(diffReason(present(after, on(null, null))), /not on a current line/);
    const diff = gitDiff({ [FILE]: ORIGINAL }, { [FILE]: after });
    assert.match(diffReason(presentThreadReplyPatch(diff, on(null, 3))), /not available/);
    // A file text that does not match the diff's context is not the commented version.
    assert.match(
      diffReason(presentThreadReplyPatch(diff, on(null, 3), ORIGINAL.replace('line 2', 'other'))),
      /does not match/,
    );
  });

  it('uses a diff for changes to other files, more than one file, new and deleted files', () => {
    const other = gitDiff({ [FILE]: ORIGINAL, 'b.ts': 'b\n' }, { 'b.ts': 'B\n' });
    assert.match(diffReason(presentThreadReplyPatch(other, on(null, 1), ORIGINAL)), /another file/);
    const two = gitDiff(
      { [FILE]: ORIGINAL, 'b.ts': 'b\n' },
      { 'b.ts': 'B\n', [FILE]: edit(ORIGINAL, (l) => (l[0] = 'x')) },
    );
    assert.match(diffReason(presentThreadReplyPatch(two, on(null, 1), ORIGINAL)), /more than one file/);
    const deleted = gitDiff({ [FILE]: ORIGINAL }, { [FILE]: null });
    assert.match(
      diffReason(presentThreadReplyPatch(deleted, on(null, 1), ORIGINAL)),
      /renames, creates, deletes/,
    );
    const mode = gitDiff({ [FILE]: ORIGINAL, 'x.bin': 'a\0b' }, { 'x.bin': 'a\0c' });
    assert.equal(parseUnifiedDiff(mode)[0]?.hunks.length, 0);
    assert.match(diffReason(presentThreadReplyPatch(mode, on(null, 1), ORIGINAL)), /another file/);
  });

  it('treats a missing final newline: fine as context, a diff when the change touches it', () => {
    const noNewline = ORIGINAL.slice(0, -1);
    const middle = gitDiff({ [FILE]: noNewline }, { [FILE]: noNewline.replace('line 18', 'LINE 18') });
    assert.deepEqual(suggestion(presentThreadReplyPatch(middle, on(null, 18), noNewline)), ['LINE 18']);
    const last = gitDiff({ [FILE]: noNewline }, { [FILE]: noNewline.replace('line 20', 'LINE 20') });
    assert.match(diffReason(presentThreadReplyPatch(last, on(null, 20), noNewline)), /end-of-file newline/);
  });

  it('answers none for an empty diff', () => {
    assert.deepEqual(presentThreadReplyPatch('', on(null, 3), ORIGINAL), { kind: 'none' });
  });
});

describe('renderSuggestion', () => {
  it('uses a fence longer than any backtick run in the code', () => {
    assert.equal(renderSuggestion(['const s = `x`;']), '```suggestion\nconst s = `x`;\n```');
    assert.equal(renderSuggestion(['```', 'code', '```']), '````suggestion\n```\ncode\n```\n````');
  });
});
