import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { appliesTo, parsePathInstructions } from '../../../src/context/apply-to.js';

describe('parsePathInstructions and appliesTo', () => {
  it('reads applyTo and excludeAgent from the front matter and returns the rest as the body', () => {
    const parsed = parsePathInstructions(
      '---\napplyTo: "src/**/*.ts, **/*.tsx"\nexcludeAgent: \'code-review\'\n---\nUse strict types.\n',
    );
    assert.deepEqual(parsed, {
      applyTo: ['src/**/*.ts', '**/*.tsx'],
      excludeAgent: 'code-review',
      body: 'Use strict types.\n',
    });
  });

  it('gives no globs to a file without front matter or applyTo', () => {
    assert.deepEqual(parsePathInstructions('Just text.\n'), { applyTo: [], body: 'Just text.\n' });
    assert.deepEqual(parsePathInstructions('---\ndescription: x\n---\nBody'), { applyTo: [], body: 'Body' });
  });

  it('matches repository paths against the globs; ** matches everything', () => {
    assert.equal(appliesTo(['src/**/*.ts'], 'src/a/b.ts'), true);
    assert.equal(appliesTo(['src/**/*.ts'], 'test/a.ts'), false);
    assert.equal(appliesTo(['**/*.py'], 'tools/x.py'), true);
    assert.equal(appliesTo(['**'], '.github/workflows/ci.yml'), true);
    assert.equal(appliesTo([], 'a.ts'), false);
  });
});
