// Where the <id> operands of an instruction are, read straight from words: what the dead-code
// passes count uses with and what compact-ids renumbers, without making an object per instruction
// of a large module. Most opcodes have a fixed layout (a few single words, then a run of ids or of
// literals), which is compiled once per opcode into a plan; the rest (strings, OpSwitch, enumerants
// with operands, OpSpecConstantOp) are walked by core's grammar walker on a view of the words.
import {
  Op,
  OperandTables,
  SHAPE_RESULT,
  SHAPE_TYPE,
  enumHasParameters,
  enumerantParameters,
  extInstOperands,
  instructionAt,
  instructionOperands,
  instructionShape,
  operandCategory,
  walkOperands,
  type ExtInstSetInfo,
  type Instruction,
  type Module,
  type OperandSpec,
} from '@spvkit/core';

/** What follows the fixed words of a plan. */
const TAIL_NONE = 0;
const TAIL_IDS = 1;
const TAIL_LITERALS = 2;
/** `(id, literal)` pairs (OpGroupMemberDecorate). */
const TAIL_ID_LITERAL_PAIRS = 3;
/** An optional BitEnum whose set bits bring single-word operands (MemoryAccess, ImageOperands). */
const TAIL_MASK = 4;

/** A compiled layout: `fixed[i]` is 1 where word `1 + i` of the instruction is an id. */
interface Plan {
  readonly fixed: Uint8Array;
  readonly tail: number;
  /** For TAIL_MASK: per bit, 1/0 per operand word it brings (id or not); null: not single words. */
  readonly bits: readonly (Uint8Array | null)[] | null;
}

/** A plan: every one has all three fields (bits null but for TAIL_MASK). */
const makePlan = (fixed: readonly number[], tail: number, bits: readonly (Uint8Array | null)[] | null = null): Plan => ({
  fixed: Uint8Array.from(fixed),
  tail,
  bits,
});

const ID_KINDS = new Set(['IdRef', 'IdResultType', 'IdResult', 'IdScope', 'IdMemorySemantics']);

/** 1 for an id, 0 for a single-word literal or parameterless enumerant, undefined otherwise. */
function singleWord(kind: string, set: ExtInstSetInfo | undefined): number | undefined {
  if (ID_KINDS.has(kind)) return 1;
  if (kind === 'LiteralInteger' || kind === 'LiteralFloat' || kind === 'LiteralExtInstInteger') return 0;
  const category = operandCategory(kind, set);
  if ((category === 'ValueEnum' || category === 'BitEnum') && !enumHasParameters(kind, set)) return 0;
  return undefined;
}

function maskBits(kind: string, set: ExtInstSetInfo | undefined): (Uint8Array | null)[] {
  const bits: (Uint8Array | null)[] = [];
  for (let bit = 0; bit < 32; bit++) {
    const params = enumerantParameters(kind, (1 << bit) >>> 0, set);
    if (params === undefined) {
      bits.push(null);
      continue;
    }
    const words: number[] = [];
    let simple = true;
    for (const p of params) {
      const w = p.quantifier === '' ? singleWord(p.kind, set) : undefined;
      if (w === undefined) simple = false;
      else words.push(w);
    }
    bits.push(simple ? Uint8Array.from(words) : null);
  }
  return bits;
}

/** Compiles an operand list, or undefined when it needs the general walker. */
function compile(specs: readonly OperandSpec[], set: ExtInstSetInfo | undefined, prefix: readonly number[]): Plan | undefined {
  const fixed = [...prefix];
  for (let i = 0; i < specs.length; i++) {
    const { kind, quantifier } = specs[i];
    const last = i === specs.length - 1;
    if (quantifier === '') {
      if (kind === 'LiteralContextDependentNumber' && last) return makePlan(fixed, TAIL_LITERALS);
      const w = singleWord(kind, set);
      if (w !== undefined) fixed.push(w);
      else if (last && operandCategory(kind, set) === 'BitEnum') return makePlan(fixed, TAIL_MASK, maskBits(kind, set));
      else return undefined;
      continue;
    }
    if (!last) return undefined;
    if (kind === 'PairIdRefIdRef') return makePlan(fixed, TAIL_IDS);
    if (kind === 'PairIdRefLiteralInteger') return makePlan(fixed, TAIL_ID_LITERAL_PAIRS);
    const w = singleWord(kind, set);
    if (w !== undefined) return makePlan(fixed, w === 1 ? TAIL_IDS : TAIL_LITERALS);
    if (operandCategory(kind, set) === 'BitEnum') return makePlan(fixed, TAIL_MASK, maskBits(kind, set));
    return undefined;
  }
  return makePlan(fixed, TAIL_NONE);
}

/** Receives the index (into the words given to {@link IdOperands.visit}) of each id operand. */
export type IdVisitor = (index: number) => void;

/** `(literal, id)` pairs of a 32-bit OpSwitch. */
const TAIL_LITERAL_ID_PAIRS = 5;

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
  private readonly plans: (Plan | null | undefined)[] = [];
  private readonly extPlans = new Map<number, (Plan | null | undefined)[]>();
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
  }

  /**
   * Calls `use` with each id an instruction object uses: its result type (operand -1), then its
   * id operands (operand index after the result type and id). The result id is not a use. `use`
   * must not call back into this object (its buffers are reused).
   */
  uses(inst: Instruction, use: (id: number, operand: number) => void): void {
    // The instruction's words, laid out as in a binary, go through the same plans as body words.
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
    const opcode = words[pos] & 0xffff;
    let plan: Plan | null | undefined;
    if (opcode === Op.ExtInst && wordCount >= 5) plan = this.extPlan(words[pos + 3], words[pos + 4]);
    else {
      plan = this.plans[opcode];
      if (plan === undefined) plan = this.plans[opcode] = this.opcodePlan(opcode) ?? null;
    }
    if (this.wideInts) {
      const shape = instructionShape[opcode];
      if ((shape & SHAPE_TYPE) !== 0 && (shape & SHAPE_RESULT) !== 0 && wordCount > 2) this.tables.noteType(words[pos + 2], words[pos + 1]);
    }
    if (plan === null) return this.general(words, pos, wordCount, out, base);
    // The plan runs here, the common tails (ids, literals, nothing) too: this runs for every
    // instruction of a body walk, where a call per instruction costs more than the loop.
    const fixed = plan.fixed;
    const end = pos + wordCount;
    let at = pos + 1;
    let c = base;
    const n = fixed.length < wordCount - 1 ? fixed.length : wordCount - 1;
    for (let i = 0; i < n; i++, at++) if (fixed[i] === 1) out[c++] = at;
    // The common cases first.
    const tail = plan.tail;
    if (tail === TAIL_IDS) for (; at < end; at++) out[c++] = at;
    else if (tail !== TAIL_LITERALS && at < end) {
      // Words past a layout without a tail (tail() gives -1), or a tail the words do not fit: the
      // general walker decides.
      c = this.tail(plan, words, at, end, out, c);
      if (c < 0) return this.general(words, pos, wordCount, out, base);
    }
    return c - base;
  }

  private opcodePlan(opcode: number): Plan | undefined {
    if (opcode === Op.Switch && !this.wideInts) return makePlan([1, 1], TAIL_LITERAL_ID_PAIRS);
    const specs = instructionOperands(opcode);
    return specs === undefined ? undefined : compile(specs, undefined, []);
  }

  private extPlan(setId: number, number: number): Plan | null {
    let bySet = this.extPlans.get(setId);
    if (bySet === undefined) this.extPlans.set(setId, (bySet = []));
    let plan = bySet[number];
    if (plan === undefined) {
      const set = this.tables.extInstSet(setId);
      const specs = set === undefined ? undefined : extInstOperands(set, number);
      // Unknown sets and instructions: every operand an id, as core's walker and the
      // SPV_KHR_non_semantic_info rules have it.
      plan = bySet[number] = (specs === undefined ? makePlan([1, 1, 1, 0], TAIL_IDS) : compile(specs, set, [1, 1, 1, 0])) ?? null;
    }
    return plan;
  }

  /**
   * The pair and mask tails of a plan, from `words[at]` to `end`, writing from `found[c]`: the
   * next free index, or -1 when the words do not fit it (or the plan has no tail).
   */
  private tail(plan: Plan, words: Uint32Array, at: number, end: number, found: Int32Array, c: number): number {
    switch (plan.tail) {
      case TAIL_ID_LITERAL_PAIRS:
        for (; at < end; at += 2) found[c++] = at;
        return c;
      case TAIL_LITERAL_ID_PAIRS:
        for (at++; at < end; at += 2) found[c++] = at;
        return c;
      case TAIL_MASK: {
        const mask = words[at++];
        const bits = plan.bits!;
        for (let bit = 0; bit < 32; bit++) {
          if ((mask & ((1 << bit) >>> 0)) === 0) continue;
          const b = bits[bit];
          if (b === null) return -1;
          for (let k = 0; k < b.length && at < end; k++, at++) if (b[k] === 1) found[c++] = at;
        }
        return c;
      }
      default:
        return -1;
    }
  }

  private general(words: Uint32Array, pos: number, wordCount: number, found: Int32Array, base: number): number {
    const inst = instructionAt(words, pos, wordCount);
    const shape = instructionShape[inst.opcode];
    let at = pos + 1;
    let c = base;
    if ((shape & SHAPE_TYPE) !== 0) found[c++] = at++;
    if ((shape & SHAPE_RESULT) !== 0) found[c++] = at++;
    walkOperands(inst, this.tables, (kind, start) => {
      if (kind === 'IdRef' || kind === 'IdScope' || kind === 'IdMemorySemantics') found[c++] = at + start;
    });
    return c - base;
  }
}
