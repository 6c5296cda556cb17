import { definitionOf, extInstSetByName, Op, type ExtInstSetInfo, type ModuleIndex, type OperandContext } from '@spvkit/core';
import { readString } from './readString.js';

/**
 * The operand context the operand walks need (literal widths, result types, ext-inst sets), read
 * from the scan instead of built up instruction by instruction.
 */
export class ScanOperandContext implements OperandContext {
  private readonly sets = new Map<number, ExtInstSetInfo | undefined>();
  constructor(private readonly scan: ModuleIndex) {}

  typeWidth(typeId: number): number {
    const d = definitionOf(this.scan, typeId);
    if (d < 0) return 0;
    const op = this.scan.opcode[d];
    return op === Op.TypeInt || op === Op.TypeFloat ? this.scan.words[this.scan.operandStart[d]] : 0;
  }

  typeOf(id: number): number {
    const d = definitionOf(this.scan, id);
    return d < 0 ? 0 : this.scan.typeId[d];
  }

  extInstSet(id: number): ExtInstSetInfo | undefined {
    if (this.sets.has(id)) return this.sets.get(id);
    const d = definitionOf(this.scan, id);
    const set =
      d >= 0 && this.scan.opcode[d] === Op.ExtInstImport
        ? extInstSetByName(readString(this.scan.words, this.scan.operandStart[d], this.scan.end[d]) ?? '')
        : undefined;
    this.sets.set(id, set);
    return set;
  }
}
