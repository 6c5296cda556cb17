import { SHAPE_KNOWN, SHAPE_RESULT, SHAPE_TYPE, enumerantParameters, instructionShape, isExtInst } from '../grammar/shapes.js';
import type { ExtInstSetInfo } from '../grammar/types.js';
import { terminatorWord } from './literalString.js';
import type { OperandContext } from './operandContext.js';
import {
  OperandClass,
  OperandQuantity,
  enumerantLayout,
  extInstLayout,
  layoutCodes,
  layoutKindName,
  layoutKinds,
  layoutParameterTables,
  opcodeLayout,
} from './operandLayout.js';

/** What a step returns where the walk ends early: an operand that is missing or cannot be read. */
const STOPPED = -1;
const EMPTY = new Uint32Array(0);

/**
 * Finds the `<id>` operands of instructions held as words: the word index of each, in operand
 * order, with or without the result type and result id. It reads the grammar's operand layouts
 * ({@link opcodeLayout}) and finds the ids core's operand walker (`walkOperands`) reports as
 * IdRef, IdScope and IdMemorySemantics, and where it stops, this stops too: at a missing operand,
 * an unterminated string, an unknown enumerant. Ids are read through enumerants' parameters, the
 * operands of an OpSpecConstantOp's opcode and those of an OpExtInst's set, as the walker reads
 * them; `context` gives what that needs (number widths, the selector types of OpSwitch, the
 * imported sets), as it does the walker.
 *
 * It allocates nothing per instruction: {@link collect} leaves the indexes in {@link found}, and
 * {@link collectInto} writes them where its caller wants (one array for a whole walk).
 *
 * @example
 * ```ts
 * const walker = new IdOperandWalker(moduleOperandContext(module));
 * for (let pos = 0, end: number; pos < words.length; pos = end) {
 *   end = instructionEnd(words, pos);
 *   const n = walker.collect(words, pos, end - pos);
 *   for (let k = 0; k < n; k++) uses.add(words[walker.found[k]]);
 * }
 * ```
 */
export class IdOperandWalker {
  /** The indexes the last {@link collect} or {@link collectOperands} found (the first `n` entries). */
  found = new Int32Array(64);

  // The instruction the general steps read: the fields of one walk.
  private words: Uint32Array = EMPTY;
  private end = 0;
  private out: Int32Array = this.found;
  private count = 0;
  private opcode = 0;
  private typeId = 0;
  private operandStart = 0;

  constructor(private readonly context: OperandContext) {}

  /**
   * Finds the ids of the instruction of `wordCount` words at `words[pos]`, its result type and
   * result id included (first, where it has them): the first n entries of {@link found}, n
   * returned.
   */
  collect(words: Uint32Array, pos: number, wordCount: number): number {
    if (this.found.length < wordCount) this.found = new Int32Array(wordCount * 2);
    return this.walk(this.found, 0, words, pos, wordCount, true);
  }

  /** {@link collect} without the result type and result id: the ids the instruction uses as operands. */
  collectOperands(words: Uint32Array, pos: number, wordCount: number): number {
    if (this.found.length < wordCount) this.found = new Int32Array(wordCount * 2);
    return this.walk(this.found, 0, words, pos, wordCount, false);
  }

  /**
   * {@link collect}, writing the indexes into `out` from `base` (which must have room for
   * `wordCount` more): a walk over many instructions fills one array, copying nothing.
   */
  collectInto(out: Int32Array, base: number, words: Uint32Array, pos: number, wordCount: number): number {
    return this.walk(out, base, words, pos, wordCount, true);
  }

  /** {@link collectOperands}, writing the indexes as {@link collectInto} does. */
  collectOperandsInto(out: Int32Array, base: number, words: Uint32Array, pos: number, wordCount: number): number {
    return this.walk(out, base, words, pos, wordCount, false);
  }

  private walk(out: Int32Array, base: number, words: Uint32Array, pos: number, wordCount: number, results: boolean): number {
    const opcode = words[pos] & 0xffff;
    const shape = instructionShape[opcode];
    const end = pos + wordCount;
    let at = pos + 1;
    let c = base;
    if ((shape & SHAPE_TYPE) !== 0) {
      if (results && at < end) out[c++] = at;
      at++;
    }
    if ((shape & SHAPE_RESULT) !== 0) {
      if (results && at < end) out[c++] = at;
      at++;
    }
    // Ids and one-word literals here, in the loop: this runs for every instruction of a body walk,
    // and most have nothing else. Past the end of the words, nothing is an id: a missing operand
    // ends the walk, a missing optional one is no operand.
    const codes = layoutCodes;
    for (let slot = opcodeLayout[opcode]; at < end; slot++) {
      const code = codes[slot];
      if (code === 0) break; // words left over: not operands
      const cls = code >>> 2;
      if (cls <= OperandClass.Semantics) {
        if ((code & 3) === OperandQuantity.Many) for (; at < end; at++) out[c++] = at;
        else out[c++] = at++;
      } else if (cls <= OperandClass.Word) at = (code & 3) === OperandQuantity.Many ? end : at + 1;
      else {
        this.words = words;
        this.end = end;
        this.out = out;
        this.count = c;
        this.opcode = opcode;
        this.typeId = (shape & SHAPE_TYPE) !== 0 && pos + 1 < end ? words[pos + 1] : 0;
        this.operandStart = pos + 1 + ((shape >>> 1) & 1) + ((shape >>> 2) & 1);
        at = this.operand(slot, at, undefined);
        c = this.count;
        this.words = EMPTY;
        if (at < 0) break;
      }
    }
    return c - base;
  }

  /** The operands of a layout from word `at`: the word after them, or STOPPED. */
  private list(slot: number, at: number, set: ExtInstSetInfo | undefined): number {
    for (; ; slot++) {
      const code = layoutCodes[slot];
      if (code === 0) return at;
      if (at >= this.end) {
        if ((code & 3) === OperandQuantity.One) return STOPPED;
        continue;
      }
      at = this.operand(slot, at, set);
      if (at < 0) return STOPPED;
    }
  }

  /** The operand of `slot` at word `at` (which is before the end), all of them for a Many one: the word after, or STOPPED. */
  private operand(slot: number, at: number, set: ExtInstSetInfo | undefined): number {
    const many = (layoutCodes[slot] & 3) === OperandQuantity.Many;
    do at = this.one(slot, at, set);
    while (many && at >= 0 && at < this.end);
    return at;
  }

  /** One operand of `slot`'s class at word `at` (the rules of core's operand walker): the word after it, or STOPPED. */
  private one(slot: number, at: number, set: ExtInstSetInfo | undefined): number {
    const words = this.words;
    const end = this.end;
    switch (layoutCodes[slot] >>> 2) {
      case OperandClass.Id:
      case OperandClass.Scope:
      case OperandClass.Semantics:
        this.out[this.count++] = at;
        return at + 1;
      case OperandClass.String: {
        const last = terminatorWord(words, at, end);
        return last === end ? STOPPED : last + 1;
      }
      case OperandClass.Number: {
        const width = this.context.typeWidth(this.typeId);
        const count = width > 32 ? Math.ceil(width / 32) : width > 0 ? 1 : end - at;
        return at + count > end ? STOPPED : at + count;
      }
      case OperandClass.ExtNumber: {
        if (!isExtInst(this.opcode)) return at + 1;
        const extSet = this.context.extInstSet(words[this.operandStart]);
        return this.list(extInstLayout(extSet, words[at]), at + 1, extSet);
      }
      case OperandClass.SpecOpcode: {
        const opcode = words[at];
        if (opcode > 0xffff || (instructionShape[opcode] & SHAPE_KNOWN) === 0) return STOPPED;
        return this.list(opcodeLayout[opcode], at + 1, set);
      }
      case OperandClass.PairLiteralId: {
        // OpSwitch: the literals are as wide as the selector's type.
        const literal = this.context.typeWidth(this.context.typeOf(words[this.operandStart])) > 32 ? 2 : 1;
        if (at + literal + 1 > end) return STOPPED;
        this.out[this.count++] = at + literal;
        return at + literal + 1;
      }
      case OperandClass.PairIdLiteral:
        if (at + 2 > end) return STOPPED;
        this.out[this.count++] = at;
        return at + 2;
      case OperandClass.PairIdId:
        if (at + 2 > end) return STOPPED;
        this.out[this.count++] = at;
        this.out[this.count++] = at + 1;
        return at + 2;
      case OperandClass.Value:
        return enumerantParameters(layoutKindName(layoutKinds[slot]), words[at], set) === undefined ? STOPPED : at + 1;
      case OperandClass.Bits: {
        const value = words[at];
        const kind = layoutKindName(layoutKinds[slot]);
        for (let bit = 0; bit < 32; bit++) {
          const mask = (1 << bit) >>> 0;
          if ((value & mask) !== 0 && enumerantParameters(kind, mask, set) === undefined) return STOPPED;
        }
        return at + 1;
      }
      case OperandClass.ValueParameters: {
        const layout = enumerantLayout(layoutParameterTables[slot], words[at]);
        return layout < 0 ? STOPPED : this.list(layout, at + 1, set);
      }
      case OperandClass.BitsParameters: {
        const value = words[at++];
        const table = layoutParameterTables[slot];
        for (let bit = 0; bit < 32 && at >= 0; bit++) {
          const mask = (1 << bit) >>> 0;
          if ((value & mask) === 0) continue;
          const layout = enumerantLayout(table, mask);
          at = layout < 0 ? STOPPED : this.list(layout, at, set);
        }
        return at;
      }
      default:
        // Integer, Float, Word: one word.
        return at + 1;
    }
  }
}
