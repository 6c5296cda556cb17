import { AddressingModel, Decoration, Op, definitionOf, type ModuleIndex } from '@spvkit/core';
import { NO_MEMBER, type DecorationTable } from './DecorationTable.js';

/** Deeper than any valid module nests types: a guard against cycles in damaged ones. */
const MAX_DEPTH = 256;

/** Rounds `x` up to a multiple of `alignment` (a power of two), in 32-bit arithmetic as spirv-val does. */
export function alignUp(x: number, alignment: number): number {
  return ((x + alignment - 1) & ~(alignment - 1)) >>> 0;
}

/** Whether `offset` is a multiple of `alignment`; an alignment of 0 admits offset 0 only. */
export function isAlignedTo(offset: number, alignment: number): boolean {
  return alignment === 0 ? offset === 0 : offset % alignment === 0;
}

/**
 * Sizes and alignments of the types in a buffer block, as spirv-val computes them for the Vulkan
 * layouts: the base alignment of std430 (storage buffers, push constants), the extended alignment
 * of std140 (uniform buffers: arrays, structures and matrices rounded up to 16 bytes), and the
 * scalar alignment of VK_EXT_scalar_block_layout. A matrix is laid out by the RowMajor/ColMajor and
 * MatrixStride of the structure member it is (or is an array element of).
 *
 * Sizes follow spirv-val to the letter, including where it is lenient: the size of a structure is
 * the offset of its last member plus that member's size, read with the default (column-major,
 * stride 0) matrix layout; a runtime array and an array sized by a specialization constant have
 * size 0.
 */
export class BufferLayout {
  private readonly words: Uint32Array;
  /** The size and alignment of a pointer: 8 for 64-bit physical addressing, 4 for 32-bit, 0 for logical. */
  readonly pointerSize: number;

  constructor(
    private readonly scan: ModuleIndex,
    private readonly table: DecorationTable,
  ) {
    this.words = scan.words;
    let pointerSize = 0;
    for (let i = 0; i < scan.count; i++) {
      if (scan.opcode[i] !== Op.MemoryModel || scan.end[i] <= scan.operandStart[i]) continue;
      const model = this.words[scan.operandStart[i]];
      pointerSize =
        model === AddressingModel.Physical32 ? 4 : model === AddressingModel.Physical64 || model === AddressingModel.PhysicalStorageBuffer64 ? 8 : 0;
      break;
    }
    this.pointerSize = pointerSize;
  }

  /** The opcode declaring `type`, or 0. */
  opcodeOf(type: number): number {
    const d = definitionOf(this.scan, type);
    return d < 0 ? 0 : this.scan.opcode[d];
  }

  /** Operand `k` (after the result id) of the instruction declaring `type`, or 0. */
  operand(type: number, k: number): number {
    const d = definitionOf(this.scan, type);
    if (d < 0) return 0;
    const w = this.scan.operandStart[d] + k;
    return w < this.scan.end[d] ? this.words[w] : 0;
  }

  /** The member types of a structure type: words `[memberStart, memberEnd)`. */
  memberStart(struct: number): number {
    const d = definitionOf(this.scan, struct);
    return d < 0 ? 0 : this.scan.operandStart[d];
  }

  memberEnd(struct: number): number {
    const d = definitionOf(this.scan, struct);
    return d < 0 ? 0 : this.scan.end[d];
  }

  /** The member type at word `w` of a structure declaration (between {@link memberStart} and {@link memberEnd}). */
  memberTypeAt(w: number): number {
    return this.words[w];
  }

  /** Whether the array type has an ArrayStride decoration. */
  hasArrayStride(array: number): boolean {
    return this.table.find(array, Decoration.ArrayStride, NO_MEMBER) >= 0;
  }

  /** The length of an array type when it is a 32-bit integer OpConstant (0 for anything else: a specialization constant, a 64-bit length). */
  constantLength(array: number): number {
    const length = this.operand(array, 1);
    const op = this.opcodeOf(length);
    if (op !== Op.Constant) return 0;
    const d = definitionOf(this.scan, length);
    const type = this.scan.typeId[d];
    return this.opcodeOf(type) === Op.TypeInt && this.operand(type, 0) === 32 ? this.operand(length, 0) : 0;
  }

  /** Whether member `member` of `struct` is RowMajor (the default is column-major). */
  rowMajor(struct: number, member: number): boolean {
    let row = false;
    const t = this.table;
    for (let k = t.start(struct); k < t.end(struct); k++) {
      const r = t.at(k);
      if (t.member[r] !== member) continue;
      if (t.kind[r] === Decoration.RowMajor) row = true;
      else if (t.kind[r] === Decoration.ColMajor) row = false;
    }
    return row;
  }

  /** The MatrixStride of member `member` of `struct`, or 0. */
  matrixStride(struct: number, member: number): number {
    return Math.max(0, this.table.memberParam(struct, member, Decoration.MatrixStride));
  }

  /** The Offset of member `member` of `struct`, or 0xffffffff where it has none. */
  offset(struct: number, member: number): number {
    const v = this.table.memberParam(struct, member, Decoration.Offset);
    return v < 0 ? 0xffffffff : v;
  }

  /** The ArrayStride of an array type, or 0. */
  arrayStride(array: number): number {
    const r = this.table.find(array, Decoration.ArrayStride, NO_MEMBER);
    return r < 0 ? 0 : Math.max(0, this.table.param(r));
  }

  /**
   * The base alignment of `type` (std430), or with `roundUp` its extended alignment (std140).
   * `rowMajor` is the layout of a matrix reached through arrays from a structure member.
   */
  baseAlignment(type: number, roundUp: boolean, rowMajor: boolean, depth = 0): number {
    if (depth > MAX_DEPTH) return 1;
    switch (this.opcodeOf(type)) {
      case Op.TypeInt:
      case Op.TypeFloat:
        return this.operand(type, 0) >>> 3;
      case Op.TypeVector: {
        const n = this.operand(type, 1);
        return this.baseAlignment(this.operand(type, 0), roundUp, rowMajor, depth + 1) * (n === 3 ? 4 : n);
      }
      case Op.TypeMatrix: {
        const column = this.operand(type, 0);
        let a: number;
        if (!rowMajor) a = this.baseAlignment(column, roundUp, rowMajor, depth + 1);
        else {
          // A row-major matrix of C columns is aligned as a vector of C components.
          const columns = this.operand(type, 1);
          a = this.baseAlignment(this.operand(column, 0), roundUp, rowMajor, depth + 1) * (columns === 3 ? 4 : columns);
        }
        return roundUp ? alignUp(a, 16) : a;
      }
      case Op.TypeArray:
      case Op.TypeRuntimeArray: {
        const a = this.baseAlignment(this.operand(type, 0), roundUp, rowMajor, depth + 1);
        return roundUp ? alignUp(a, 16) : a;
      }
      case Op.TypeStruct: {
        let a = 1;
        const start = this.memberStart(type);
        for (let w = start; w < this.memberEnd(type); w++) {
          a = Math.max(a, this.baseAlignment(this.words[w], roundUp, this.rowMajor(type, w - start), depth + 1));
        }
        return roundUp ? alignUp(a, 16) : a;
      }
      case Op.TypePointer:
        return this.pointerSize;
      default:
        return 1;
    }
  }

  /** The scalar alignment of `type` (VK_EXT_scalar_block_layout): that of its scalar components. */
  scalarAlignment(type: number, depth = 0): number {
    if (depth > MAX_DEPTH) return 1;
    switch (this.opcodeOf(type)) {
      case Op.TypeInt:
      case Op.TypeFloat:
        return this.operand(type, 0) >>> 3;
      case Op.TypeVector:
      case Op.TypeMatrix:
      case Op.TypeArray:
      case Op.TypeRuntimeArray:
        return this.scalarAlignment(this.operand(type, 0), depth + 1);
      case Op.TypeStruct: {
        let a = 1;
        for (let w = this.memberStart(type); w < this.memberEnd(type); w++) a = Math.max(a, this.scalarAlignment(this.words[w], depth + 1));
        return a;
      }
      case Op.TypePointer:
        return this.pointerSize;
      default:
        return 1;
    }
  }

  /**
   * The size of `type` without padding at the end of a structure or array, with a matrix laid out
   * by `rowMajor` and `matrixStride`.
   */
  size(type: number, rowMajor: boolean, matrixStride: number, depth = 0): number {
    if (depth > MAX_DEPTH) return 0;
    switch (this.opcodeOf(type)) {
      case Op.TypeInt:
      case Op.TypeFloat:
        return this.operand(type, 0) >>> 3;
      case Op.TypeVector:
        return Math.imul(this.size(this.operand(type, 0), rowMajor, matrixStride, depth + 1), this.operand(type, 1)) >>> 0;
      case Op.TypeArray: {
        const length = this.operand(type, 1);
        const lengthOp = this.opcodeOf(length);
        if (lengthOp !== Op.Constant) return 0; // a specialization constant: unknown
        const n = this.operand(length, 0);
        const element = this.size(this.operand(type, 0), rowMajor, matrixStride, depth + 1);
        return (Math.imul(n - 1, this.arrayStride(type)) + element) >>> 0;
      }
      case Op.TypeMatrix: {
        const columns = this.operand(type, 1);
        if (!rowMajor) return Math.imul(columns, matrixStride) >>> 0;
        const column = this.operand(type, 0);
        const rows = this.operand(column, 1);
        const scalar = this.size(this.operand(column, 0), rowMajor, matrixStride, depth + 1);
        return (Math.imul(rows - 1, matrixStride) + Math.imul(columns, scalar)) >>> 0;
      }
      case Op.TypeStruct: {
        const start = this.memberStart(type);
        const n = this.memberEnd(type) - start;
        if (n <= 0) return 0;
        // spirv-val sizes the last member with the default matrix layout.
        return (this.offset(type, n - 1) + this.size(this.words[start + n - 1], false, 0, depth + 1)) >>> 0;
      }
      case Op.TypePointer:
        return this.pointerSize;
      default:
        return 0;
    }
  }
}
