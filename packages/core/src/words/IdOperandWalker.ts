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
/** The first slot codes (class << 2 | quantity) of the one-word literals and of the classes after them. */
const FIRST_WORD_CODE = OperandClass.Integer << 2;
const FIRST_STRING_CODE = OperandClass.String << 2;
/** A Value and a Bits slot of quantity One. */
const VALUE_CODE = OperandClass.Value << 2;
const BITS_CODE = OperandClass.Bits << 2;

// Whether a word is an enumerant of a core kind that brings no operands (a StorageClass, a
// FunctionControl mask): asked of most variables, functions and merges, so the answers are kept
// per kind (by its layoutKinds number), and the grammar is asked once per value or bit.
/** Per kind: bit v set where value v (below 32) was found to be an enumerant. */
const knownSmallValues = new Uint32Array(256);
/** Per kind: the bits found to be enumerants. */
const knownBits = new Uint32Array(256);

function isCoreValue(kind: number, value: number): boolean {
  return value < 32 && ((knownSmallValues[kind] >>> value) & 1) !== 0 ? true : learnValue(kind, value);
}

function areCoreBits(kind: number, value: number): boolean {
  return (value & ~knownBits[kind]) === 0 ? true : learnBits(kind, value);
}

/** {@link isCoreValue} where it does not know the answer: the grammar's. */
function learnValue(kind: number, value: number): boolean {
  if (enumerantParameters(layoutKindName(kind), value) === undefined) return false;
  if (value < 32) knownSmallValues[kind] |= 1 << value;
  return true;
}

/** {@link areCoreBits} where it does not know the answer: the grammar's. */
function learnBits(kind: number, value: number): boolean {
  const name = layoutKindName(kind);
  for (let bit = 0; bit < 32; bit++) {
    const mask = (1 << bit) >>> 0;
    if ((value & mask) === 0 || (knownBits[kind] & mask) !== 0) continue;
    if (enumerantParameters(name, mask) === undefined) return false;
    knownBits[kind] |= mask;
  }
  return true;
}

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
    return this.collectInto(this.found, 0, words, pos, wordCount);
  }

  /** {@link collect} without the result type and result id: the ids the instruction uses as operands. */
  collectOperands(words: Uint32Array, pos: number, wordCount: number): number {
    if (this.found.length < wordCount) this.found = new Int32Array(wordCount * 2);
    return this.collectOperandsInto(this.found, 0, words, pos, wordCount);
  }

  /** {@link collectOperands}, writing the indexes as {@link collectInto} does. */
  collectOperandsInto(out: Int32Array, base: number, words: Uint32Array, pos: number, wordCount: number): number {
    const n = this.collectInto(out, base, words, pos, wordCount);
    // The result type and result id come first, where the instruction has them: shift them out.
    const shape = instructionShape[words[pos] & 0xffff];
    const head = Math.min(((shape >>> 1) & 1) + ((shape >>> 2) & 1), wordCount - 1);
    if (head <= 0) return n;
    for (let k = base + head; k < base + n; k++) out[k - head] = out[k];
    return n - head;
  }

  /**
   * {@link collect}, writing the indexes into `out` from `base` (which must have room for
   * `wordCount` more): a walk over many instructions fills one array, copying nothing.
   */
  collectInto(out: Int32Array, base: number, words: Uint32Array, pos: number, wordCount: number): number {
    const opcode = words[pos] & 0xffff;
    const shape = instructionShape[opcode];
    const end = pos + wordCount;
    let at = pos + 1;
    let c = base;
    // The result type and result id, which the layouts leave out.
    if ((shape & SHAPE_TYPE) !== 0 && at < end) out[c++] = at++;
    if ((shape & SHAPE_RESULT) !== 0 && at < end) out[c++] = at++;
    // Ids, one-word literals and enumerants that bring no operands here, in the loop: this runs
    // for every instruction of a body walk, and most have nothing else. Past the end of the
    // words, nothing is an id: a missing operand ends the walk, a missing optional one is no
    // operand. The rest goes to list().
    const codes = layoutCodes;
    for (let slot = opcodeLayout[opcode]; at < end; slot++) {
      const code = codes[slot];
      if (code === 0) break; // words left over: not operands
      if (code < FIRST_WORD_CODE) {
        // An id (Id, Scope, Semantics).
        if ((code & 3) === OperandQuantity.Many) for (; at < end; at++) out[c++] = at;
        else out[c++] = at++;
      } else if (code < FIRST_STRING_CODE) at = (code & 3) === OperandQuantity.Many ? end : at + 1;
      else if (code === VALUE_CODE) {
        // A variable's storage class, ...: no id, but an unknown one ends the walk.
        if (!isCoreValue(layoutKinds[slot], words[at])) break;
        at++;
      } else if (code === BITS_CODE) {
        // A function's control mask, a selection's: the same.
        if (!areCoreBits(layoutKinds[slot], words[at])) break;
        at++;
      } else {
        this.words = words;
        this.end = end;
        this.out = out;
        this.count = c;
        this.opcode = opcode;
        this.typeId = (shape & SHAPE_TYPE) !== 0 ? words[pos + 1] : 0;
        this.operandStart = pos + 1 + ((shape >>> 1) & 1) + ((shape >>> 2) & 1);
        this.list(slot, at, undefined);
        c = this.count;
        this.words = EMPTY;
        break;
      }
    }
    return c - base;
  }

  /**
   * The operands of a layout from word `at`, by the rules of core's operand walker: the word after
   * them, or STOPPED. Called again for the operands an operand brings (an enumerant's parameters,
   * an OpExtInst's set's, an OpSpecConstantOp's opcode's). Apart from {@link collectInto}'s loop,
   * which few instructions leave: the loop stays small, and so does the code the optimizing
   * compiler makes of it wherever it is inlined (a cold run of the passes compiles it several
   * times).
   */
  private list(slot: number, at: number, set: ExtInstSetInfo | undefined): number {
    const words = this.words;
    const end = this.end;
    for (; ; slot++) {
      const code = layoutCodes[slot];
      if (code === 0) return at;
      if (at >= end) {
        if ((code & 3) === OperandQuantity.One) return STOPPED;
        continue;
      }
      const many = (code & 3) === OperandQuantity.Many;
      do {
        switch (code >>> 2) {
          case OperandClass.Id:
          case OperandClass.Scope:
          case OperandClass.Semantics:
            this.out[this.count++] = at++;
            break;
          case OperandClass.String: {
            const last = terminatorWord(words, at, end);
            at = last === end ? STOPPED : last + 1;
            break;
          }
          case OperandClass.Number: {
            const width = this.context.typeWidth(this.typeId);
            const count = width > 32 ? Math.ceil(width / 32) : width > 0 ? 1 : end - at;
            at = at + count > end ? STOPPED : at + count;
            break;
          }
          case OperandClass.ExtNumber:
            if (isExtInst(this.opcode)) {
              const extSet = this.context.extInstSet(words[this.operandStart]);
              at = this.list(extInstLayout(extSet, words[at]), at + 1, extSet);
            } else at++;
            break;
          case OperandClass.SpecOpcode: {
            const opcode = words[at];
            at = opcode > 0xffff || (instructionShape[opcode] & SHAPE_KNOWN) === 0 ? STOPPED : this.list(opcodeLayout[opcode], at + 1, set);
            break;
          }
          case OperandClass.PairLiteralId: {
            // OpSwitch: the literals are as wide as the selector's type.
            const literal = this.context.typeWidth(this.context.typeOf(words[this.operandStart])) > 32 ? 2 : 1;
            if (at + literal + 1 > end) at = STOPPED;
            else {
              this.out[this.count++] = at + literal;
              at += literal + 1;
            }
            break;
          }
          case OperandClass.PairIdLiteral:
            if (at + 2 > end) at = STOPPED;
            else {
              this.out[this.count++] = at;
              at += 2;
            }
            break;
          case OperandClass.PairIdId:
            if (at + 2 > end) at = STOPPED;
            else {
              this.out[this.count++] = at;
              this.out[this.count++] = at + 1;
              at += 2;
            }
            break;
          case OperandClass.Value: {
            const known =
              set === undefined
                ? isCoreValue(layoutKinds[slot], words[at])
                : enumerantParameters(layoutKindName(layoutKinds[slot]), words[at], set) !== undefined;
            at = known ? at + 1 : STOPPED;
            break;
          }
          case OperandClass.Bits: {
            const value = words[at];
            let known = true;
            if (set === undefined) known = areCoreBits(layoutKinds[slot], value);
            else {
              const kind = layoutKindName(layoutKinds[slot]);
              for (let bit = 0; bit < 32 && known; bit++) {
                const mask = (1 << bit) >>> 0;
                if ((value & mask) !== 0 && enumerantParameters(kind, mask, set) === undefined) known = false;
              }
            }
            at = known ? at + 1 : STOPPED;
            break;
          }
          case OperandClass.ValueParameters: {
            const layout = enumerantLayout(layoutParameterTables[slot], words[at]);
            at = layout < 0 ? STOPPED : this.list(layout, at + 1, set);
            break;
          }
          case OperandClass.BitsParameters: {
            const value = words[at++];
            const table = layoutParameterTables[slot];
            // Each set bit's operands, lowest bit first.
            for (let bit = 0; bit < 32 && at >= 0; bit++) {
              const mask = (1 << bit) >>> 0;
              if ((value & mask) === 0) continue;
              const layout = enumerantLayout(table, mask);
              at = layout < 0 ? STOPPED : this.list(layout, at, set);
            }
            break;
          }
          default:
            // Integer, Float, Word: one word.
            at++;
        }
        if (at < 0) return STOPPED;
      } while (many && at < end);
    }
  }
}
