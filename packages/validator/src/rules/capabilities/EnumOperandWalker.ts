import { enumerantParameters, instructionOperands, operandCategory, type OperandSpec, type ModuleIndex } from '@spvkit/core';

/**
 * Told of each enumerant operand: its kind, its value (for a mask, each set bit in turn) and the
 * operand's number as spirv-val counts them (from 1, the result type and result id included).
 */
export type EnumOperandVisitor = (kind: string, value: number, operand: number) => void;

/** Told of each memory scope operand (an IdScope right before an IdMemorySemantics: atomics, barriers) by its word index. */
export type MemoryScopeVisitor = (at: number) => void;

const KNOWN = 1;
const ENUMS = 2;
const MEMORY_SCOPE = 4;
/** Per opcode: {@link KNOWN}, and whether its grammar operands hold an enumerant kind or a memory scope (computed on first sight). */
const shapeOf = new Uint8Array(65536);

function shape(opcode: number): number {
  let k = shapeOf[opcode];
  if (k === 0) {
    k = KNOWN;
    const specs = instructionOperands(opcode) ?? [];
    specs.forEach((s, i) => {
      const c = operandCategory(s.kind);
      if (c === 'ValueEnum' || c === 'BitEnum') k |= ENUMS;
      if (s.kind === 'IdScope' && specs[i + 1]?.kind === 'IdMemorySemantics') k |= MEMORY_SCOPE;
    });
    shapeOf[opcode] = k;
  }
  return k;
}

/**
 * Walks the enumerant operands of an instruction through the grammar, their parameters included
 * (a Decoration's BuiltIn, an ImageOperands bit's ids), reading the words in place: nothing is
 * allocated. Operands after one whose width it cannot tell alone (a context-dependent literal, an
 * OpSpecConstantOp opcode, OpSwitch's pairs) are not walked: no enumerant follows those. An
 * unknown enumerant ends the walk, as its parameters cannot be told.
 */
export class EnumOperandWalker {
  private words: Uint32Array;
  private p = 0;
  private end = 0;
  private operand = 0;
  private stopped = false;
  /** Word index of an IdScope operand walked just before, or -1: followed by memory semantics, it is a memory scope. */
  private scopeAt = -1;

  constructor(
    private readonly scan: ModuleIndex,
    private readonly visit: EnumOperandVisitor,
    private readonly visitMemoryScope: MemoryScopeVisitor,
  ) {
    this.words = scan.words;
  }

  /** Whether instructions with this opcode have enumerant operands at all (most do not). */
  static hasEnumOperands(opcode: number): boolean {
    return (shape(opcode) & ENUMS) !== 0;
  }

  /** Whether instructions with this opcode have a memory scope operand. */
  static hasMemoryScope(opcode: number): boolean {
    return (shape(opcode) & MEMORY_SCOPE) !== 0;
  }

  /** Visits the enumerant operands of instruction `i`. */
  walk(i: number): void {
    const scan = this.scan;
    const specs = instructionOperands(scan.opcode[i]);
    if (specs === undefined) return;
    this.words = scan.words;
    this.p = scan.operandStart[i];
    this.end = scan.end[i];
    this.operand = 1 + (this.p - scan.pos[i] - 1);
    this.stopped = false;
    this.scopeAt = -1;
    let k = 0;
    while (k < specs.length && (specs[k].kind === 'IdResultType' || specs[k].kind === 'IdResult')) k++;
    this.walkList(specs, k);
  }

  private walkList(specs: readonly OperandSpec[], from: number): void {
    for (let k = from; k < specs.length && !this.stopped; k++) {
      const s = specs[k];
      if (s.quantifier === '') {
        if (this.p >= this.end) return;
        this.one(s.kind);
      } else if (s.quantifier === '?') {
        if (this.p < this.end) this.one(s.kind);
      } else {
        while (this.p < this.end && !this.stopped) this.one(s.kind);
      }
    }
  }

  private one(kind: string): void {
    const category = operandCategory(kind);
    this.scopeAt = category === 'Id' ? this.scopeAt : -1;
    if (category === 'ValueEnum') {
      const value = this.words[this.p++];
      const operand = this.operand++;
      this.visit(kind, value, operand);
      this.parameters(kind, value);
    } else if (category === 'BitEnum') {
      const mask = this.words[this.p++];
      const operand = this.operand++;
      for (let bit = 1; bit !== 0 && bit <= mask; bit = (bit << 1) >>> 0) if ((mask & bit) !== 0) this.visit(kind, bit, operand);
      // Each set bit's parameters follow the mask, lowest bit first.
      for (let bit = 1; bit !== 0 && bit <= mask && !this.stopped; bit = (bit << 1) >>> 0) if ((mask & bit) !== 0) this.parameters(kind, bit);
    } else if (category === 'Id') {
      if (kind === 'IdMemorySemantics' && this.scopeAt >= 0) this.visitMemoryScope(this.scopeAt);
      this.scopeAt = kind === 'IdScope' ? this.p : -1;
      this.p++;
      this.operand++;
      return;
    } else if (kind === 'LiteralString') {
      // The string ends with the word that holds its terminating nul.
      while (this.p < this.end) {
        const w = this.words[this.p++];
        if ((w & 0xff) === 0 || (w & 0xff00) === 0 || (w & 0xff0000) === 0 || (w & 0xff000000) === 0) break;
      }
      this.operand++;
    } else if (kind === 'LiteralInteger' || kind === 'LiteralExtInstInteger' || kind === 'LiteralFloat') {
      this.p++;
      this.operand++;
    } else if (kind === 'PairIdRefLiteralInteger' || kind === 'PairIdRefIdRef') {
      this.p += 2;
      this.operand += 2;
    } else {
      this.stopped = true;
    }
  }

  private parameters(kind: string, value: number): void {
    const params = enumerantParameters(kind, value);
    if (params === undefined) this.stopped = true;
    else if (params.length > 0) this.walkList(params, 0);
  }
}
