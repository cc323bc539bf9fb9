import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { evaluate, tokenize } from '../src/calculator.js';

describe('evaluate', () => {
  it('adds and multiplies with the usual precedence', () => {
    assert.equal(evaluate('2 + 3 * 4'), 14);
    assert.equal(evaluate('(2 + 3) * 4'), 20);
  });

  it('handles decimals and unary minus', () => {
    assert.equal(evaluate('1.5 * -2'), -3);
  });

  it('subtracts left to right', () => {
    assert.equal(evaluate('10 - 4 - 3'), 3);
    assert.equal(evaluate('1 - 2 + 3'), 2);
  });

  it('divides left to right', () => {
    assert.equal(evaluate('8 / 4 / 2'), 1);
  });

  it('rejects what it cannot parse', () => {
    assert.throws(() => evaluate('2 +'), SyntaxError);
    assert.throws(() => evaluate('2 $ 3'), SyntaxError);
  });
});

describe('tokenize', () => {
  it('splits numbers, operators and parentheses', () => {
    assert.deepEqual(tokenize('(1+22)*3.5'), ['(', '1', '+', '22', ')', '*', '3.5']);
  });
});
