import { describe, expect, it } from 'vitest';
import { SpirvError, type SpirvErrorCode } from '../errors/SpirvError.js';
import { Op, SHAPE_KNOWN, SHAPE_RESULT, SHAPE_TYPE } from '../grammar/index.js';
import { InstructionWalker, instructionAt, instructionEnd, wordCountAt } from './InstructionWalker.js';

const op = (opcode: number, ...operands: number[]): number[] => [((operands.length + 1) << 16) | opcode, ...operands];

// %4 = OpFunction %2 None %3; %5 = OpLabel; %7 = OpFunctionCall %2 %9 %6; OpStore %8 %6; OpReturn; OpFunctionEnd
const BODY = [
  ...op(Op.Function, 2, 4, 0, 3),
  ...op(Op.Label, 5),
  ...op(Op.FunctionCall, 2, 7, 9, 6),
  ...op(Op.Store, 8, 6),
  ...op(Op.Return),
  ...op(Op.FunctionEnd),
];

function walkAll(words: Uint32Array, start?: number): string[] {
  const walk = new InstructionWalker(words, start);
  const seen: string[] = [];
  while (walk.next()) {
    const operands = Array.from(words.subarray(walk.operandStart, walk.end));
    seen.push(`${walk.pos}+${walk.end - walk.pos} op${walk.opcode} t${walk.typeId} r${walk.resultId} [${operands.join(' ')}]`);
  }
  return seen;
}

function expectError(run: () => unknown, code: SpirvErrorCode, offset: number): void {
  let caught: unknown;
  try {
    run();
  } catch (e) {
    caught = e;
  }
  expect(caught).toBeInstanceOf(SpirvError);
  expect((caught as SpirvError).code).toBe(code);
  expect((caught as SpirvError).offset).toBe(offset);
}

describe('InstructionWalker', () => {
  it('steps through every instruction with its result type, result id and operands', () => {
    expect(walkAll(new Uint32Array(BODY))).toEqual([
      '0+5 op54 t2 r4 [0 3]',
      '5+2 op248 t0 r5 []',
      '7+5 op57 t2 r7 [9 6]',
      '12+3 op62 t0 r0 [8 6]',
      '15+1 op253 t0 r0 []',
      '16+1 op56 t0 r0 []',
    ]);
  });

  it('starts where it is told, and stops for good at the end of the words', () => {
    const words = new Uint32Array([0xdead, ...BODY]);
    expect(walkAll(words, 13)).toEqual(['13+3 op62 t0 r0 [8 6]', '16+1 op253 t0 r0 []', '17+1 op56 t0 r0 []']);
    const walk = new InstructionWalker(words.subarray(0, 6), 1);
    expect(walk.next()).toBe(true);
    expect(walk.next()).toBe(false);
    expect(walk.next()).toBe(false);
    expect(walk.opcode).toBe(Op.Function); // the last instruction stays readable
  });

  it('gives the shape bits of the grammar', () => {
    const walk = new InstructionWalker(new Uint32Array([...op(Op.Store, 8, 6), ...op(Op.Load, 1, 2, 8)]));
    walk.next();
    expect(walk.shape).toBe(SHAPE_KNOWN);
    walk.next();
    expect(walk.shape).toBe(SHAPE_KNOWN | SHAPE_TYPE | SHAPE_RESULT);
  });

  it('makes the same instruction view as instructionAt, over the same words', () => {
    const words = new Uint32Array(BODY);
    const walk = new InstructionWalker(words);
    while (walk.next()) {
      const a = walk.instruction();
      const b = instructionAt(words, walk.pos, wordCountAt(words, walk.pos));
      expect([a.opcode, a.typeId, a.resultId, Array.from(a.operands)]).toEqual([b.opcode, b.typeId, b.resultId, Array.from(b.operands)]);
    }
  });

  it('an unknown opcode has no result type or id: all its words are operands', () => {
    expect(walkAll(new Uint32Array([(3 << 16) | 0xfff0, 1, 2]))).toEqual(['0+3 op65520 t0 r0 [1 2]']);
  });

  it('fails on a word count of zero, instead of looping forever', () => {
    const words = new Uint32Array([...op(Op.Return), 0, 0]);
    expectError(() => walkAll(words), 'WORD_COUNT_ZERO', 4);
  });

  it('fails on a word count past the end of the words', () => {
    const words = new Uint32Array([...op(Op.Return), ...op(Op.Store, 8, 6)]);
    expectError(() => walkAll(words.subarray(0, 3)), 'WORD_COUNT_PAST_END', 4);
    expectError(() => wordCountAt(words.subarray(0, 3), 1), 'WORD_COUNT_PAST_END', 4);
    expect(walkAll(words)).toHaveLength(2);
  });

  it('fails on an instruction too short for its result type and id', () => {
    expectError(() => walkAll(new Uint32Array([...op(Op.Return), ...op(Op.FunctionCall, 2)])), 'INSTRUCTION_TOO_SHORT', 4);
    expectError(() => walkAll(new Uint32Array(op(Op.Load))), 'INSTRUCTION_TOO_SHORT', 0);
  });

  it('instructionEnd is its step without state: the same ends, the same checks', () => {
    // instructionEnd counts head words from these bits without a branch.
    expect([SHAPE_TYPE, SHAPE_RESULT]).toEqual([2, 4]);
    const words = new Uint32Array(BODY);
    const ends: number[] = [];
    for (let pos = 0, end: number; pos < words.length; pos = end) ends.push((end = instructionEnd(words, pos)));
    const walk = new InstructionWalker(words);
    const walked: number[] = [];
    while (walk.next()) walked.push(walk.end);
    expect(ends).toEqual(walked);
    expectError(() => instructionEnd(new Uint32Array([0, 0]), 0), 'WORD_COUNT_ZERO', 0);
    expectError(() => instructionEnd(new Uint32Array(op(Op.Store, 8, 6)).subarray(0, 2), 0), 'WORD_COUNT_PAST_END', 0);
    expectError(() => instructionEnd(new Uint32Array(op(Op.FunctionCall, 2)), 0), 'INSTRUCTION_TOO_SHORT', 0);
    expectError(() => instructionEnd(new Uint32Array(op(Op.Label)), 0), 'INSTRUCTION_TOO_SHORT', 0);
  });
});
