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
  /**
   * The component type of a cooperative matrix type (KHR or NV), or 0 for any other type. The
   * arithmetic and conversion instructions take cooperative matrices as they take vectors.
   */
  matrixComponent(type: number): number {
    const d = definitionOf(this.scan, type);
    if (d < 0) return 0;
    const op = this.scan.opcode[d];
    return op === Op.TypeCooperativeMatrixKHR || op === Op.TypeCooperativeMatrixNV ? this.scan.words[this.scan.operandStart[d]] : 0;
  }

  /**
   * Whether two cooperative matrix types have the same Scope, Rows, Columns and (KHR) Use where
   * both give them as 32-bit OpConstants (spirv-val compares only those; spec constants pass).
   * `useChanges` lets an Accumulator `b` become a MatrixA or MatrixB `a`: what a conversion may
   * do where the module declares CooperativeMatrixConversionsNV.
   */
  sameMatrixShape(a: number, b: number, useChanges = false): boolean {
    const da = definitionOf(this.scan, a);
    const db = definitionOf(this.scan, b);
    if (da < 0 || db < 0) return true;
    const khr = this.scan.opcode[da] === Op.TypeCooperativeMatrixKHR && this.scan.opcode[db] === Op.TypeCooperativeMatrixKHR;
    for (let k = 1; k <= (khr ? 4 : 3); k++) {
      const x = this.constant(this.scan.words[this.scan.operandStart[da] + k]);
      const y = this.constant(this.scan.words[this.scan.operandStart[db] + k]);
      // Use 2 is MatrixAccumulatorKHR; 0 and 1 are MatrixAKHR and MatrixBKHR.
      if (k === 4 && useChanges && y === 2 && (x === 0 || x === 1)) continue;
      if (x !== undefined && y !== undefined && x !== y) return false;
    }
    return true;
  }

  /** The FPEncoding operand of a float scalar or vector type (BFloat16KHR, Float8E4M3EXT, ...), -1 when it has none. */
  encoding(type: number): number {
    const d = definitionOf(this.scan, this.scalarType(type));
    if (d < 0 || this.scan.opcode[d] !== Op.TypeFloat) return -1;
    return this.scan.end[d] - this.scan.operandStart[d] > 1 ? this.scan.words[this.scan.operandStart[d] + 1] : -1;
  }

  private constant(id: number): number | undefined {
    const d = definitionOf(this.scan, id);
    return d >= 0 && this.scan.opcode[d] === Op.Constant && this.scan.end[d] - this.scan.operandStart[d] === 1
      ? this.scan.words[this.scan.operandStart[d]]
      : undefined;
  }
}
