import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { InstructionBudget } from '../../../src/context/instruction-budget.js';

describe('InstructionBudget', () => {
  it('takes whole texts, then cuts the one that passes it at a line end, then takes nothing', () => {
    const budget = new InstructionBudget(30);
    assert.deepEqual(budget.take('0123456789\n'), { kind: 'whole', text: '0123456789\n', bytes: 11 });
    assert.deepEqual(budget.take('line one\nline two\nline three\n'), {
      kind: 'cut',
      text: 'line one\nline two\n',
      bytes: 18,
      droppedBytes: 11,
    });
    assert.equal(budget.left, 1);
    assert.deepEqual(budget.take('x'.repeat(40)), { kind: 'cut', text: 'x', bytes: 1, droppedBytes: 39 });
    assert.deepEqual(budget.take('more'), { kind: 'none' });
  });

  it('counts bytes, and never splits a character', () => {
    const budget = new InstructionBudget(5);
    const taken = budget.take('ééé');
    assert.deepEqual(taken, { kind: 'cut', text: 'éé', bytes: 4, droppedBytes: 2 });
  });
});
