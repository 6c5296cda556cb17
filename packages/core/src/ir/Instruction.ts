import type { SourceLocation } from '../errors/SpirvError.js';

/** A range of assembly source text an instruction came from (0-based offsets, end exclusive). */
export interface SourceSpan {
  readonly start: number;
  readonly end: number;
  readonly line: number;
  readonly column: number;
  readonly file?: string;
}

const EMPTY = new Uint32Array(0);

/**
 * A Uint32Array that cannot be written through: what {@link Instruction.operands} returns, since
 * its words may be the module's own buffer and an edit must go through the module (which keeps
 * the cached analyses right) or through {@link Instruction.setOperands} on a detached instruction.
 */
export interface ReadonlyUint32Array extends Iterable<number> {
  readonly length: number;
  readonly [index: number]: number;
  subarray(begin?: number, end?: number): ReadonlyUint32Array;
  /** A writable copy. */
  slice(begin?: number, end?: number): Uint32Array;
  indexOf(value: number, fromIndex?: number): number;
  includes(value: number, fromIndex?: number): boolean;
  every(predicate: (value: number, index: number) => unknown): boolean;
  some(predicate: (value: number, index: number) => unknown): boolean;
  entries(): IterableIterator<[number, number]>;
  values(): IterableIterator<number>;
}

/**
 * One SPIR-V instruction: opcode, optional result type and result id, and its other operand words
 * kept as words. Typed views (strings, enumerants, 64-bit literals, ext-inst operands) are read
 * through the grammar on demand by `parseOperands` and the readers beside it.
 *
 * Decoded instructions share the module's word buffer; the first write gives an instruction its
 * own copy, so nothing else ever sees the change.
 *
 * @example
 * ```ts
 * const load = new Instruction(Op.Load, uintType, module.ids.allocate(), [pointerId]);
 * block.instructions.splice(i, 0, load);
 * ```
 */
export class Instruction {
  /** Opcode (low 16 bits of the first word). */
  opcode: number;
  /** Result type id, or 0 when the instruction has none. */
  typeId: number;
  /** Result id, or 0 when the instruction has none. */
  resultId: number;
  private _words: Uint32Array;
  private _start: number;
  private _count: number;
  /** True while the words are shared with a decoded module's buffer or a clone (copy before writing). */
  private _shared: boolean;
  /** The assembly text this instruction came from, when it was assembled. */
  span: SourceSpan | undefined;

  constructor(opcode: number, typeId = 0, resultId = 0, operands: ArrayLike<number> = EMPTY) {
    this.opcode = opcode;
    this.typeId = typeId;
    this.resultId = resultId;
    this._words = operands.length === 0 ? EMPTY : Uint32Array.from(operands);
    this._start = 0;
    this._count = this._words.length;
    this._shared = false;
    this.span = undefined;
  }

  /**
   * An instruction whose operands are `count` words of `words` from `start`, not copied: the
   * cheap way to look at instructions in undecoded words (see `forEachWordInstruction`). The
   * first write copies them, so `words` is never changed.
   */
  static view(opcode: number, typeId: number, resultId: number, words: Uint32Array, start: number, count: number): Instruction {
    const inst = new Instruction(opcode, typeId, resultId);
    inst._words = words;
    inst._start = start;
    inst._count = count;
    inst._shared = true;
    return inst;
  }

  /** Number of operand words after the result type and result id. */
  get operandCount(): number {
    return this._count;
  }

  /** Operand word `i` (0-based, after the result type and result id). */
  word(i: number): number {
    return i < this._count ? this._words[this._start + i] : 0;
  }

  /**
   * The operand words, read-only (the module's buffer for a decoded instruction). To change an
   * instruction in a module use `module.setOperands` / `module.setOperand`, which keep the cached
   * analyses right; a detached one, {@link setOperands} or {@link setWord}.
   */
  get operands(): ReadonlyUint32Array {
    return this._words.subarray(this._start, this._start + this._count);
  }

  /** Replaces every operand word (of a detached instruction: in a module, use `module.setOperands`). */
  setOperands(operands: ArrayLike<number>): void {
    this._words = Uint32Array.from(operands);
    this._start = 0;
    this._count = this._words.length;
    this._shared = false;
  }

  /**
   * Sets operand word `i` of a detached instruction (in a module, use `module.setOperand`),
   * giving the instruction its own copy of its words first.
   */
  setWord(i: number, value: number): void {
    if (i >= this._count) throw new RangeError(`operand ${i} is past the end of a ${this._count}-operand instruction`);
    this.ownWords();
    this._words[i] = value >>> 0;
  }

  /** Total words this instruction occupies in a binary, including the opcode word. */
  get wordCount(): number {
    return 1 + (this.typeId !== 0 ? 1 : 0) + (this.resultId !== 0 ? 1 : 0) + this._count;
  }

  /** @internal Writes the instruction at `out[at]`, returning the next free index. */
  writeTo(out: Uint32Array, at: number): number {
    out[at++] = ((this.wordCount << 16) | this.opcode) >>> 0;
    if (this.typeId !== 0) out[at++] = this.typeId;
    if (this.resultId !== 0) out[at++] = this.resultId;
    const w = this._words;
    const s = this._start;
    const n = this._count;
    if (n < 8) for (let i = 0; i < n; i++) out[at + i] = w[s + i]!;
    else out.set(w.subarray(s, s + n), at);
    return at + n;
  }

  /** A deep copy with the same ids (use `module.ids` to give it new ones). */
  clone(): Instruction {
    // The two share the words until one writes: each is marked shared, so the first write copies.
    // The def-use tables clone every instruction an edit changes; copying the words each time
    // was garbage for nothing.
    this._shared = true;
    const copy = Instruction.view(this.opcode, this.typeId, this.resultId, this._words, this._start, this._count);
    copy.span = this.span;
    return copy;
  }

  private ownWords(): void {
    if (this._shared) {
      this._words = this._words.slice(this._start, this._start + this._count);
      this._start = 0;
      this._shared = false;
    }
  }
}

export type { SourceLocation };
