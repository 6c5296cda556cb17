import { Op, definitionOf, type ModuleIndex } from '@spvkit/core';

/** The scalar kinds the type rules speak of. */
export const enum Scalar {
  None = 0,
  Bool = 1,
  Int = 2,
  Float = 3,
}

/**
 * Questions about types, answered from the scan's words where the type is declared (no table is
 * built: a type instruction is a few words away through `defOf`).
 */
export class TypeQueries {
  constructor(private readonly scan: ModuleIndex) {}

  /** The type of value `id` (its result type), or 0 when `id` is not a value. */
  typeOf(id: number): number {
    const d = definitionOf(this.scan, id);
    return d < 0 ? 0 : this.scan.typeId[d];
  }

  /** The component type of a vector type, else the type itself. */
  scalarType(type: number): number {
    const d = definitionOf(this.scan, type);
    return d >= 0 && this.scan.opcode[d] === Op.TypeVector ? this.scan.words[this.scan.operandStart[d]] : type;
  }

  /** The scalar kind of a scalar or vector type, or None for any other type. */
  scalar(type: number): Scalar {
    const d = definitionOf(this.scan, this.scalarType(type));
    if (d < 0) return Scalar.None;
    switch (this.scan.opcode[d]) {
      case Op.TypeBool:
        return Scalar.Bool;
      case Op.TypeInt:
        return Scalar.Int;
      case Op.TypeFloat:
        return Scalar.Float;
      default:
        return Scalar.None;
    }
  }

  /** Components of a vector type, 1 for a scalar type. */
  components(type: number): number {
    const d = definitionOf(this.scan, type);
    return d >= 0 && this.scan.opcode[d] === Op.TypeVector ? this.scan.words[this.scan.operandStart[d] + 1] : 1;
  }

  /** Whether `type` is a vector type. */
  isVector(type: number): boolean {
    const d = definitionOf(this.scan, type);
    return d >= 0 && this.scan.opcode[d] === Op.TypeVector;
  }

  /** Bit width of an int or float scalar or vector type, 0 otherwise. */
  width(type: number): number {
    const d = definitionOf(this.scan, this.scalarType(type));
    if (d < 0) return 0;
    const op = this.scan.opcode[d];
    return op === Op.TypeInt || op === Op.TypeFloat ? this.scan.words[this.scan.operandStart[d]] : 0;
  }

  /** Whether an int scalar or vector type is signed. */
  signed(type: number): boolean {
    const d = definitionOf(this.scan, this.scalarType(type));
    return d >= 0 && this.scan.opcode[d] === Op.TypeInt && this.scan.words[this.scan.operandStart[d] + 1] === 1;
  }
}
