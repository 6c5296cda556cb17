import { describe, expect, it } from 'vitest';
import { Op } from '../grammar/index.js';
import { Instruction } from './Instruction.js';

describe('Instruction.clone', () => {
  it('gives a copy that neither a write to the original nor one to the copy reaches', () => {
    const original = new Instruction(Op.IAdd, 1, 2, [3, 4]);
    const copy = original.clone();
    expect(Array.from(copy.operands)).toEqual([3, 4]);
    original.setWord(0, 9);
    expect(Array.from(copy.operands)).toEqual([3, 4]);
    copy.setWord(1, 7);
    expect(Array.from(original.operands)).toEqual([9, 4]);
    expect(Array.from(copy.operands)).toEqual([3, 7]);
    const again = copy.clone();
    again.setOperands([5]);
    expect(Array.from(copy.operands)).toEqual([3, 7]);
  });

  it('leaves the words it was viewing alone, and keeps the span', () => {
    const words = new Uint32Array([10, 11, 12, 13]);
    const view = Instruction.view(Op.IAdd, 1, 2, words, 1, 2);
    view.span = { start: 4, end: 9, line: 3, column: 1 };
    const copy = view.clone();
    copy.setWord(0, 99);
    view.setWord(1, 98);
    expect(Array.from(words)).toEqual([10, 11, 12, 13]);
    expect(Array.from(copy.operands)).toEqual([99, 12]);
    expect(Array.from(view.operands)).toEqual([11, 98]);
    expect(copy.span).toBe(view.span);
  });
});
