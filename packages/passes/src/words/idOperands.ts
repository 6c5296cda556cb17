// Where the <id> operands of an instruction are, read straight from words: what the dead-code
// passes count uses with and what compact-ids renumbers, without making an object per instruction
// of a large module. Core's IdOperandWalker reads them from the grammar's operand layouts; this
// gives it the module's operand context and keeps the passes' interface to it.
import { IdOperandWalker, Op, OperandTables, SHAPE_RESULT, SHAPE_TYPE, instructionShape, type Instruction, type Module } from '@spvkit/core';

/** Receives the index (into the words given to {@link IdOperands.visit}) of each id operand. */
export type IdVisitor = (index: number) => void;

/**
 * Finds the <id> operands of instructions held as words, the result type and result id included,
 * in operand order. Made for one module: it learns the module's types and imported instruction
 * sets from its global instructions (an OpSwitch on a 64-bit selector, whose literals take two
 * words, makes it learn the result type of every value it is shown).
 *
 * Hot loops call {@link collect}, which leaves the indexes in {@link found}: no callback per id.
 *
 * @example
 * ```ts
 * const ids = new IdOperands(module);
 * const n = ids.collect(words, pos, wordCount);
 * for (let k = 0; k < n; k++) uses.add(words[ids.found[k]]);
 * ```
 */
export class IdOperands {
  /** The indexes {@link collect} found (the first `n` entries). */
  found = new Int32Array(64);
  private scratch = new Uint32Array(64);
  private readonly tables: OperandTables;
  private readonly walker: IdOperandWalker;
  /** The module has integers wider than 32 bits: OpSwitch literals may take two words. */
  private readonly wideInts: boolean;

  /** `bodyWords`: about how many words the function bodies hold (sizes the table of result types). */
  constructor(module: Module, bodyWords = 0) {
    this.tables = new OperandTables(module.header.bound, bodyWords + 1024);
    let wide = false;
    // What the tables learn (imported sets; widths and result types, which only types, constants,
    // variables and module-scope OpExtInst have) is in these two sections: the names, decorations
    // and sources (most of a -g module's globals) teach them nothing.
    for (const inst of module.extInstImports) this.tables.note(inst);
    for (const inst of module.globals) {
      this.tables.note(inst);
      if (inst.opcode === Op.TypeInt && inst.word(0) > 32) wide = true;
    }
    this.wideInts = wide;
    this.walker = new IdOperandWalker(this.tables);
  }

  /**
   * Calls `use` with each id an instruction object uses: its result type (operand -1), then its
   * id operands (operand index after the result type and id). The result id is not a use. `use`
   * must not call back into this object (its buffers are reused).
   */
  uses(inst: Instruction, use: (id: number, operand: number) => void): void {
    // The instruction's words, laid out as in a binary, go through the same walk as body words.
    const shape = instructionShape[inst.opcode];
    const typeAt = (shape & SHAPE_TYPE) !== 0 ? 1 : 0;
    const resultAt = (shape & SHAPE_RESULT) !== 0 ? typeAt + 1 : 0;
    const head = 1 + (typeAt !== 0 ? 1 : 0) + (resultAt !== 0 ? 1 : 0);
    const n = head + inst.operandCount;
    if (this.scratch.length < n) this.scratch = new Uint32Array(n * 2);
    const words = this.scratch;
    words[0] = ((n << 16) | inst.opcode) >>> 0;
    if (typeAt !== 0) words[typeAt] = inst.typeId;
    if (resultAt !== 0) words[resultAt] = inst.resultId;
    for (let i = 0; i < inst.operandCount; i++) words[head + i] = inst.word(i);
    const count = this.collect(words, 0, n);
    const found = this.found;
    for (let k = 0; k < count; k++) {
      const at = found[k];
      if (at === resultAt) continue;
      use(words[at], at === typeAt ? -1 : at - head);
    }
  }

  /** Calls `visit` with the index of each id operand of the instruction at `words[pos]`. */
  visit(words: Uint32Array, pos: number, wordCount: number, visit: IdVisitor): void {
    const n = this.collect(words, pos, wordCount);
    const found = this.found;
    for (let k = 0; k < n; k++) visit(found[k]);
  }

  /**
   * Finds the indexes of the id operands of the instruction at `words[pos]` (result type and result
   * id included, in operand order): the first n entries of {@link found}, n returned.
   */
  collect(words: Uint32Array, pos: number, wordCount: number): number {
    if (this.found.length < wordCount) this.found = new Int32Array(wordCount * 2);
    return this.collectInto(this.found, 0, words, pos, wordCount);
  }

  /**
   * {@link collect}, writing the indexes into `out` from `base` (which must have room for
   * `wordCount` more): a walk over many instructions fills one array, copying nothing.
   */
  collectInto(out: Int32Array, base: number, words: Uint32Array, pos: number, wordCount: number): number {
    if (this.wideInts) {
      const shape = instructionShape[words[pos] & 0xffff];
      if ((shape & SHAPE_TYPE) !== 0 && (shape & SHAPE_RESULT) !== 0 && wordCount > 2) this.tables.noteType(words[pos + 2], words[pos + 1]);
    }
    return this.walker.collectInto(out, base, words, pos, wordCount);
  }
}
