// The id walker against core's operand walker (ir/operands.ts), the rules it follows: on random
// words for every opcode of the grammar (operands missing, left over, unknown enumerants, strings
// without an end, 64-bit OpSwitch selectors, OpSpecConstantOp, OpExtInst of every set), the same
// ids in the same order.
import { describe, expect, it } from 'vitest';
import { Op, SHAPE_RESULT, SHAPE_TYPE, extInstSetInfos, extInstOperands, instructionShape, knownOpcodes, type ExtInstSetInfo } from '../grammar/index.js';
import { instructionAt } from '../ir/InstructionWalker.js';
import { walkOperands } from '../ir/operands.js';
import { IdOperandWalker } from './IdOperandWalker.js';
import type { OperandContext } from './operandContext.js';

/** A seeded generator (mulberry32): the same words on every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SETS = extInstSetInfos();
const WIDTHS = [0, 16, 32, 64, 8, 128];

/** Widths, result types and imported sets that depend on the id alone. */
const context: OperandContext = {
  typeWidth: (id) => WIDTHS[id % WIDTHS.length],
  typeOf: (id) => (id * 7) % 50,
  extInstSet: (id): ExtInstSetInfo | undefined => (id % (SETS.length + 1) === SETS.length ? undefined : SETS[id % (SETS.length + 1)]),
};

const OPCODES = knownOpcodes();

/** One operand word: small ids and enumerants, bit masks, opcodes, words with and without a nul byte, anything. */
function operandWord(next: () => number): number {
  const r = next();
  if (r < 0.3) return Math.floor(next() * 40);
  if (r < 0.45) return Math.floor(next() * 8);
  if (r < 0.55) return (1 << Math.floor(next() * 32)) >>> 0;
  if (r < 0.65) return OPCODES[Math.floor(next() * OPCODES.length)];
  if (r < 0.75) return 0x41414141;
  if (r < 0.85) return 0x00414141;
  return Math.floor(next() * 4294967296);
}

function instruction(opcode: number, next: () => number): Uint32Array {
  const shape = instructionShape[opcode];
  const head = ((shape & SHAPE_TYPE) !== 0 ? 1 : 0) + ((shape & SHAPE_RESULT) !== 0 ? 1 : 0);
  const operands: number[] = [];
  const count = Math.floor(next() * 12);
  for (let i = 0; i < count; i++) operands.push(operandWord(next));
  if ((opcode === Op.ExtInst || opcode === Op.ExtInstWithForwardRefsKHR) && count >= 2 && next() < 0.8) {
    // A known instruction of the set the context gives, most of the time.
    const set = context.extInstSet(operands[0]);
    if (set !== undefined) {
      const numbers = extInstSetNumbers(set);
      operands[1] = numbers[Math.floor(next() * numbers.length)];
    }
  }
  const words = [0, ...Array.from({ length: head }, () => 1 + Math.floor(next() * 40)), ...operands];
  words[0] = ((words.length << 16) | opcode) >>> 0;
  return Uint32Array.from(words);
}

const setNumbers = new Map<ExtInstSetInfo, number[]>();
function extInstSetNumbers(set: ExtInstSetInfo): number[] {
  let numbers = setNumbers.get(set);
  if (numbers === undefined) {
    numbers = [];
    for (let n = 0; n < 1000; n++) if (extInstOperands(set, n) !== undefined) numbers.push(n);
    setNumbers.set(set, numbers);
  }
  return numbers;
}

/** The word indexes of the ids core's walker reports, after the result type and result id where `results`. */
function walkedIds(words: Uint32Array, results: boolean): number[] {
  const inst = instructionAt(words, 0, words.length);
  const shape = instructionShape[inst.opcode];
  const head = 1 + ((shape & SHAPE_TYPE) !== 0 ? 1 : 0) + ((shape & SHAPE_RESULT) !== 0 ? 1 : 0);
  const ids: number[] = results ? Array.from({ length: head - 1 }, (_, i) => 1 + i) : [];
  walkOperands(inst, context, (kind, start, count) => {
    if (kind === 'IdRef' || kind === 'IdScope' || kind === 'IdMemorySemantics') for (let k = 0; k < count; k++) ids.push(head + start + k);
  });
  return ids;
}

describe('IdOperandWalker', () => {
  it('finds the ids core operand walker reports, for every opcode', () => {
    const next = random(30);
    const walker = new IdOperandWalker(context);
    const differences: string[] = [];
    let compared = 0;
    for (const opcode of OPCODES) {
      for (let round = 0; round < 120; round++) {
        const words = instruction(opcode, next);
        const all = walker.collect(words, 0, words.length);
        const found = Array.from(walker.found.subarray(0, all)).join(' ');
        const operands = walker.collectOperands(words, 0, words.length);
        const foundOperands = Array.from(walker.found.subarray(0, operands)).join(' ');
        const expected = walkedIds(words, true).join(' ');
        const expectedOperands = walkedIds(words, false).join(' ');
        if (found !== expected || foundOperands !== expectedOperands) {
          differences.push(`words ${Array.from(words).join(' ')}: found [${found}] / [${foundOperands}], walker [${expected}] / [${expectedOperands}]`);
        }
        compared++;
      }
    }
    expect(differences.slice(0, 5)).toEqual([]);
    expect(compared).toBeGreaterThan(90_000);
  });

  it('writes into a caller array from any base, words anywhere in a larger array', () => {
    // %5 = OpIAdd %1 %3 %4 after an OpNop, and an OpPhi with two pairs.
    const words = Uint32Array.from([(1 << 16) | Op.Nop, (5 << 16) | Op.IAdd, 1, 5, 3, 4, (7 << 16) | Op.Phi, 1, 9, 5, 10, 6, 11]);
    const walker = new IdOperandWalker(context);
    const out = new Int32Array(16);
    expect(walker.collectInto(out, 3, words, 1, 5)).toBe(4);
    expect(Array.from(out.subarray(3, 7))).toEqual([2, 3, 4, 5]);
    expect(walker.collectOperandsInto(out, 0, words, 6, 7)).toBe(4);
    expect(Array.from(out.subarray(0, 4))).toEqual([9, 10, 11, 12]);
  });
});
