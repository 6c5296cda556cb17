import {
  OperandClass,
  OperandQuantity,
  enumerantLayout,
  enumerantParameters,
  layoutCodes,
  layoutKindName,
  layoutKinds,
  layoutParameterTables,
  opcodeLayout,
  type ModuleIndex,
} from '@spvkit/core';

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
/** Per opcode: {@link KNOWN}, and whether its operand layout holds an enumerant or a memory scope (read on first sight). */
const shapeOf = new Uint8Array(65536);

function shape(opcode: number): number {
  let k = shapeOf[opcode];
  if (k === 0) {
    k = KNOWN;
    for (let slot = opcodeLayout[opcode]; layoutCodes[slot] !== 0; slot++) {
      const cls = layoutCodes[slot] >>> 2;
      if (cls >= OperandClass.Value) k |= ENUMS;
      if (cls === OperandClass.Scope && layoutCodes[slot + 1] >>> 2 === OperandClass.Semantics) k |= MEMORY_SCOPE;
    }
    shapeOf[opcode] = k;
  }
  return k;
}

/**
 * Walks the enumerant operands of an instruction through its operand layout, their parameters
 * included (a Decoration's BuiltIn, an ImageOperands bit's ids), reading the words in place:
 * nothing is allocated. Operands after one whose width it cannot tell alone (a context-dependent
 * literal, an OpSpecConstantOp opcode, OpSwitch's pairs) are not walked: no enumerant follows
 * those. An unknown enumerant ends the walk, as its parameters cannot be told.
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
    this.words = scan.words;
    this.p = scan.operandStart[i];
    this.end = scan.end[i];
    this.operand = this.p - scan.pos[i];
    this.stopped = false;
    this.scopeAt = -1;
    this.walkList(opcodeLayout[scan.opcode[i]]);
  }

  private walkList(slot: number): void {
    for (; layoutCodes[slot] !== 0 && !this.stopped; slot++) {
      const quantity = layoutCodes[slot] & 3;
      if (quantity === OperandQuantity.One) {
        if (this.p >= this.end) return;
        this.one(slot);
      } else if (quantity === OperandQuantity.Optional) {
        if (this.p < this.end) this.one(slot);
      } else {
        while (this.p < this.end && !this.stopped) this.one(slot);
      }
    }
  }

  private one(slot: number): void {
    const cls = layoutCodes[slot] >>> 2;
    if (cls <= OperandClass.Semantics) {
      if (cls === OperandClass.Semantics && this.scopeAt >= 0) this.visitMemoryScope(this.scopeAt);
      this.scopeAt = cls === OperandClass.Scope ? this.p : -1;
      this.p++;
      this.operand++;
      return;
    }
    this.scopeAt = -1;
    switch (cls) {
      case OperandClass.Value:
      case OperandClass.ValueParameters: {
        const kind = layoutKindName(layoutKinds[slot]);
        const value = this.words[this.p++];
        this.visit(kind, value, this.operand++);
        this.parameters(slot, kind, value);
        return;
      }
      case OperandClass.Bits:
      case OperandClass.BitsParameters: {
        const kind = layoutKindName(layoutKinds[slot]);
        const mask = this.words[this.p++];
        const operand = this.operand++;
        for (let bit = 1; bit !== 0 && bit <= mask; bit = (bit << 1) >>> 0) if ((mask & bit) !== 0) this.visit(kind, bit, operand);
        // Each set bit's parameters follow the mask, lowest bit first.
        for (let bit = 1; bit !== 0 && bit <= mask && !this.stopped; bit = (bit << 1) >>> 0) if ((mask & bit) !== 0) this.parameters(slot, kind, bit);
        return;
      }
      case OperandClass.String:
        // The string ends with the word that holds its terminating nul.
        while (this.p < this.end) {
          const w = this.words[this.p++];
          if ((w & 0xff) === 0 || (w & 0xff00) === 0 || (w & 0xff0000) === 0 || (w & 0xff000000) === 0) break;
        }
        this.operand++;
        return;
      case OperandClass.Integer:
      case OperandClass.Float:
      case OperandClass.ExtNumber:
        this.p++;
        this.operand++;
        return;
      case OperandClass.PairIdLiteral:
      case OperandClass.PairIdId:
        this.p += 2;
        this.operand += 2;
        return;
      default:
        // Number, SpecOpcode, PairLiteralId: how many words they take depends on other instructions
        // (and Word, which no core operand list has).
        this.stopped = true;
    }
  }

  /** The operands enumerant `value` of slot `slot` (of kind `kind`) brings; an unknown one stops the walk. */
  private parameters(slot: number, kind: string, value: number): void {
    const cls = layoutCodes[slot] >>> 2;
    if (cls === OperandClass.Value || cls === OperandClass.Bits) {
      // None of the kind's enumerants brings operands: only whether it has this one.
      if (enumerantParameters(kind, value) === undefined) this.stopped = true;
      return;
    }
    const layout = enumerantLayout(layoutParameterTables[slot], value);
    if (layout < 0) this.stopped = true;
    else this.walkList(layout);
  }
}
