import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { apiCannotExpress, type ChangedPath } from '../../../src/git/change-set.js';

const change = (
  status: ChangedPath['status'],
  oldMode: string,
  newMode: string,
  file = 'f',
): ChangedPath => ({
  path: file,
  status,
  oldMode,
  newMode,
  blob: 'b'.repeat(40),
});

describe('apiCannotExpress', () => {
  it('lets regular additions, edits, deletions and edits of executables through', () => {
    assert.equal(
      apiCannotExpress([
        change('A', '000000', '100644'),
        change('M', '100644', '100644'),
        change('D', '100644', '000000'),
        change('M', '100755', '100755'),
        change('D', '120000', '000000'),
      ]),
      undefined,
    );
  });

  it('names what needs git: an executable bit, a new executable, a symlink, a submodule', () => {
    assert.equal(
      apiCannotExpress([change('M', '100644', '100755', 'run.sh')]),
      'the executable bit of `run.sh` changes',
    );
    assert.equal(
      apiCannotExpress([change('M', '100755', '100644', 'run.sh')]),
      'the executable bit of `run.sh` changes',
    );
    assert.equal(
      apiCannotExpress([change('A', '000000', '100755', 'new.sh')]),
      '`new.sh` is a new executable file',
    );
    assert.equal(apiCannotExpress([change('A', '000000', '120000', 'link')]), '`link` is a symbolic link');
    assert.equal(apiCannotExpress([change('T', '100644', '120000', 'link')]), '`link` is a symbolic link');
    assert.equal(
      apiCannotExpress([change('M', '160000', '160000', 'vendor/lib')]),
      '`vendor/lib` is a submodule',
    );
  });
});
