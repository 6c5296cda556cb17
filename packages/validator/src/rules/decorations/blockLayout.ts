import { Op } from '@spvkit/core';
import type { RuleCode } from '../../report/rules.js';
import { alignUp, isAlignedTo, type BufferLayout } from './bufferLayout.js';

/** Which layout a block is judged by. */
export interface LayoutRules {
  /** std140's extended alignment (a Uniform Block without uniform buffer standard layout); else std430's base alignment. */
  readonly extended: boolean;
  /** VK_KHR_relaxed_block_layout: a vector needs only its component's alignment, but must not straddle improperly. */
  readonly relaxed: boolean;
  /** VK_EXT_scalar_block_layout: every type aligned to its scalar component; padding may be reused. */
  readonly scalar: boolean;
}

/** The first way a block breaks its layout: where, and what to say. */
export interface LayoutFailure {
  readonly code: RuleCode;
  /** The structure whose member breaks it (a nested structure, or the block). */
  readonly struct: number;
  readonly member: number;
  /** What is wrong, after "member N": "at offset 4 is not aligned to 16", ... */
  readonly what: string;
}

/** Deeper than any valid module nests structures: a guard against cycles in damaged ones. */
const MAX_DEPTH = 256;

/**
 * Checks the members of `struct` (placed at `base` within its block) against the layout rules, the
 * way spirv-val does: members in offset order, each offset aligned (a vector under relaxed layout to
 * its component only), no member overlapping the one before (nor, but under scalar layout, the
 * padding after a structure or array), no vector straddling a 16-byte boundary improperly under
 * relaxed layout, matrix and array strides aligned and arrays' strides no smaller than their
 * elements, nested structures (and up to 16 placements of structures in arrays) checked in turn.
 * Returns the first failure, or undefined. Every member must have an Offset (checked before).
 */
export function checkBlockLayout(layout: BufferLayout, struct: number, base: number, rules: LayoutRules, depth = 0): LayoutFailure | undefined {
  if (depth > MAX_DEPTH) return undefined;
  const start = layout.memberStart(struct);
  const n = layout.memberEnd(struct) - start;
  if (n <= 0) return undefined;
  // Members in offset order (a stable sort: equal offsets keep member order); sorted in place
  // on two small arrays, as the offsets are known only here.
  const members = new Int32Array(n);
  const offsets = new Float64Array(n);
  for (let m = 0; m < n; m++) {
    members[m] = m;
    offsets[m] = (base + layout.offset(struct, m)) >>> 0;
  }
  for (let a = 1; a < n; a++) {
    const m = members[a];
    const o = offsets[m];
    let b = a - 1;
    while (b >= 0 && offsets[members[b]] > o) {
      members[b + 1] = members[b];
      b--;
    }
    members[b + 1] = m;
  }
  let nextValid = 0;
  for (let k = 0; k < n; k++) {
    const m = members[k];
    const offset = offsets[m];
    const type = layout.memberTypeAt(start + m);
    const rowMajor = layout.rowMajor(struct, m);
    const matrixStride = layout.matrixStride(struct, m);
    const alignment = rules.scalar ? layout.scalarAlignment(type) : layout.baseAlignment(type, rules.extended, rowMajor);
    const op = layout.opcodeOf(type);
    const size = layout.size(type, rowMajor, matrixStride);
    if (!rules.scalar && rules.relaxed && op === Op.TypeVector) {
      const scalarAlignment = layout.scalarAlignment(layout.operand(type, 0));
      if (!isAlignedTo(offset, scalarAlignment)) {
        return failure(struct, m, 'spvkit-decorations-layout-offset', `at offset ${offset} is not aligned to its component size ${scalarAlignment}`);
      }
    } else if (!isAlignedTo(offset, alignment)) {
      return failure(struct, m, 'spvkit-decorations-layout-offset', `at offset ${offset} is not aligned to ${alignment}`);
    }
    if (offset < nextValid) {
      return failure(
        struct,
        m,
        'spvkit-decorations-layout-overlap',
        `at offset ${offset} overlaps the member before it, which ends at offset ${nextValid - 1}`,
      );
    }
    if (!rules.scalar && rules.relaxed && op === Op.TypeVector && improperStraddle(offset, size)) {
      return failure(
        struct,
        m,
        'spvkit-decorations-layout-straddle',
        size <= 16
          ? `is a vector of ${size} bytes at offset ${offset} that straddles a 16-byte boundary`
          : `is a vector of ${size} bytes at offset ${offset}, which is not a multiple of 16`,
      );
    }
    if (op === Op.TypeStruct) {
      const nested = checkBlockLayout(layout, type, offset, rules, depth + 1);
      if (nested !== undefined) return nested;
    }
    if (op === Op.TypeMatrix && !isAlignedTo(matrixStride, alignment)) {
      return failure(
        struct,
        m,
        'spvkit-decorations-layout-matrix-stride',
        `is a matrix with MatrixStride ${matrixStride}, not a multiple of its alignment ${alignment}`,
      );
    }
    // Arrays (of arrays): each stride aligned and no smaller than its element; structures inside
    // checked at up to 16 placements (their offsets modulo 16 repeat after that).
    let array = type;
    let arrayOp = op;
    let arrayAlignment = alignment;
    let guard = 0;
    while ((arrayOp === Op.TypeArray || arrayOp === Op.TypeRuntimeArray) && guard++ < MAX_DEPTH) {
      const element = layout.operand(array, 0);
      const stride = layout.arrayStride(array);
      const hasStride = layout.hasArrayStride(array);
      if (hasStride && stride === 0) return failure(struct, m, 'spvkit-decorations-layout-array-stride', `contains an array with ArrayStride 0`);
      if (hasStride && !isAlignedTo(stride, arrayAlignment)) {
        return failure(
          struct,
          m,
          'spvkit-decorations-layout-array-stride',
          `contains an array with ArrayStride ${stride}, not a multiple of the alignment ${alignment}`,
        );
      }
      const elementOp = layout.opcodeOf(element);
      if (elementOp === Op.TypeStruct) {
        const count = arrayOp === Op.TypeArray ? Math.max(1, layout.constantLength(array)) : 1;
        let seen = 0;
        for (let e = 0; e < count; e++) {
          const at = (Math.imul(e, stride) + offset) >>> 0;
          const bit = 1 << (at % 16);
          if ((seen & bit) !== 0) break;
          const nested = checkBlockLayout(layout, element, at, rules, depth + 1);
          if (nested !== undefined) return nested;
          seen |= bit;
        }
      }
      arrayAlignment = rules.scalar ? layout.scalarAlignment(element) : layout.baseAlignment(element, rules.extended, rowMajor);
      const elementSize = layout.size(element, rowMajor, matrixStride);
      if (elementSize > stride) {
        return failure(
          struct,
          m,
          'spvkit-decorations-layout-array-stride',
          `contains an array with ArrayStride ${stride}, smaller than its element's size ${elementSize}`,
        );
      }
      array = element;
      arrayOp = elementOp;
    }
    nextValid = (offset + size) >>> 0;
    if (!rules.scalar && (op === Op.TypeArray || op === Op.TypeStruct)) nextValid = alignUp(nextValid, alignment);
  }
  return undefined;
}

function failure(struct: number, member: number, code: RuleCode, what: string): LayoutFailure {
  return { code, struct, member, what };
}

/**
 * A vector straddles improperly when it is at most 16 bytes and crosses a 16-byte boundary, or
 * larger and does not start on one.
 */
function improperStraddle(offset: number, size: number): boolean {
  const last = offset + size - 1;
  return size <= 16 ? Math.floor(offset / 16) !== Math.floor(last / 16) : offset % 16 !== 0;
}
