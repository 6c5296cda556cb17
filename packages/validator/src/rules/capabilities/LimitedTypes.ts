import { Capability, Op, definitionOf, type ModuleIndex } from '@spvkit/core';
import type { ModuleDeclarations } from './ModuleDeclarations.js';

// 0: not known yet.
const NO = 1;
const YES = 2;
const VISITING = 3;

/**
 * The types that hold an 8 or 16-bit scalar the module may declare but not compute with: an 8-bit
 * integer without Int8, a 16-bit integer without Int16, a 16-bit float without Float16 (declared
 * through a storage capability). Composites hold what their members hold; a pointer holds nothing.
 */
export class LimitedTypes {
  private readonly memo: Uint8Array;

  private constructor(
    private readonly scan: ModuleIndex,
    private readonly int8: boolean,
    private readonly int16: boolean,
    private readonly float16: boolean,
  ) {
    this.memo = new Uint8Array(scan.idLimit);
  }

  /** The limited types of the module, or undefined where it declares none (the common case: nothing to check). */
  static of(scan: ModuleIndex, declared: ModuleDeclarations): LimitedTypes | undefined {
    const int8 = !declared.capabilities.has(Capability.Int8);
    const int16 = !declared.capabilities.has(Capability.Int16);
    const float16 = !declared.capabilities.has(Capability.Float16);
    for (let i = 0; i < scan.count; i++) {
      const op = scan.opcode[i];
      if ((op !== Op.TypeInt && op !== Op.TypeFloat) || scan.end[i] <= scan.operandStart[i]) continue;
      const width = scan.words[scan.operandStart[i]];
      if (op === Op.TypeInt ? (width === 8 && int8) || (width === 16 && int16) : width === 16 && float16) return new LimitedTypes(scan, int8, int16, float16);
    }
    return undefined;
  }

  /** Whether type `id` is or holds a limited scalar. */
  contains(id: number): boolean {
    if (id >= this.memo.length) return false;
    const known = this.memo[id];
    if (known === YES || known === NO) return known === YES;
    if (known === VISITING) return false; // a cycle through a forward pointer holds nothing more
    this.memo[id] = VISITING;
    const found = this.compute(id);
    this.memo[id] = found ? YES : NO;
    return found;
  }

  private compute(id: number): boolean {
    const scan = this.scan;
    const d = definitionOf(scan, id);
    if (d < 0) return false;
    const start = scan.operandStart[d];
    const end = scan.end[d];
    if (end <= start) return false;
    switch (scan.opcode[d]) {
      case Op.TypeInt: {
        const width = scan.words[start];
        return (width === 8 && this.int8) || (width === 16 && this.int16);
      }
      case Op.TypeFloat:
        return scan.words[start] === 16 && end - start === 1 && this.float16;
      case Op.TypeVector:
      case Op.TypeMatrix:
      case Op.TypeArray:
      case Op.TypeRuntimeArray:
        return this.contains(scan.words[start]);
      case Op.TypeStruct:
        for (let w = start; w < end; w++) if (this.contains(scan.words[w])) return true;
        return false;
      default:
        return false;
    }
  }
}
