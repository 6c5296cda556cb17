import { Op, definitionOf, type ModuleIndex } from '@spvkit/core';

/**
 * Reads the operands of the instruction that declares a type (or defines a constant) straight
 * from the scan's words: the kind of type an id names, a pointer's storage class and pointee, an
 * image type's parameters, a function type's return and parameter types. Nothing is built or
 * cached, so asking costs a few array reads.
 *
 * @example
 * ```ts
 * const f = new TypeFields(scan);
 * if (f.opcode(type) === Op.TypePointer) console.log(f.storageClass(type), f.pointee(type));
 * ```
 */
export class TypeFields {
  constructor(private readonly scan: ModuleIndex) {}

  /** The opcode of the instruction defining `id`, or 0 where `id` is defined nowhere. */
  opcode(id: number): number {
    const d = definitionOf(this.scan, id);
    return d < 0 ? 0 : this.scan.opcode[d];
  }

  /** How many operands follow the result id of the instruction defining `id` (0 where there is none). */
  count(id: number): number {
    const d = definitionOf(this.scan, id);
    return d < 0 ? 0 : this.scan.end[d] - this.scan.operandStart[d];
  }

  /** Operand `k` after the result id of the instruction defining `id`, or 0 where it has none. */
  field(id: number, k: number): number {
    const d = definitionOf(this.scan, id);
    if (d < 0) return 0;
    const w = this.scan.operandStart[d] + k;
    return w < this.scan.end[d] ? this.scan.words[w] : 0;
  }

  /** The pointee type of an OpTypePointer, 0 for any other type. */
  pointee(type: number): number {
    return this.opcode(type) === Op.TypePointer ? this.field(type, 1) : 0;
  }

  /** The storage class of an OpTypePointer or OpTypeUntypedPointerKHR, -1 for any other type. */
  storageClass(type: number): number {
    const op = this.opcode(type);
    return op === Op.TypePointer || op === Op.TypeUntypedPointerKHR ? this.field(type, 0) : -1;
  }

  /** Whether `type` is an OpTypeInt, of `width` bits where a width is given. */
  isIntScalar(type: number, width = 0): boolean {
    return this.opcode(type) === Op.TypeInt && (width === 0 || this.field(type, 0) === width);
  }

  /** Whether `type` is an OpTypeFloat, of `width` bits where a width is given. */
  isFloatScalar(type: number, width = 0): boolean {
    return this.opcode(type) === Op.TypeFloat && (width === 0 || this.field(type, 0) === width);
  }

  /** The value of a 32-bit integer OpConstant, or undefined (a spec constant, a wider one, no constant). */
  constant32(id: number): number | undefined {
    return this.opcode(id) === Op.Constant && this.count(id) === 1 ? this.field(id, 0) : undefined;
  }
}
