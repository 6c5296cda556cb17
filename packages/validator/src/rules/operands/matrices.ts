import { Op } from '@spvkit/core';
import { Scalar } from '../../types/TypeQueries.js';
import type { OperandCheck } from './OperandCheck.js';

/**
 * The matrix instructions: OpTranspose swaps a matrix's rows and columns; OpMatrixTimesScalar,
 * OpVectorTimesMatrix, OpMatrixTimesVector, OpMatrixTimesMatrix and OpOuterProduct take float
 * matrices and vectors of one component type whose sizes multiply out to the result type.
 */
export function checkMatrix(c: OperandCheck): void {
  const { t, f, result } = c;
  if (c.n < (c.op === Op.Transpose ? 1 : 2)) return;
  const a = c.type(0);
  const b = c.type(1);
  switch (c.op) {
    case Op.Transpose:
      if (f.opcode(result) !== Op.TypeMatrix) return fail(c, 'the result type %0 is not a matrix');
      if (f.opcode(a) !== Op.TypeMatrix) return fail(c, 'the operand %0 is not a matrix', [c.operand(0)]);
      if (component(c, a) !== component(c, result))
        return fail(c, 'the components of %0 are not of the component type of the result type %1', [c.operand(0), result]);
      if (columns(c, a) !== rows(c, result) || rows(c, a) !== columns(c, result)) {
        fail(c, 'the columns and column size of %0 are not the column size and columns of the result type %1', [c.operand(0), result]);
      }
      return;
    case Op.MatrixTimesScalar: {
      // A float cooperative matrix scales too (spirv-val), by a scalar of its component type.
      const cooperative = t.matrixComponent(result);
      if (!matrix(c, result) && t.scalar(cooperative) !== Scalar.Float) return fail(c, 'the result type %0 is not a float matrix');
      if (a !== result) return fail(c, 'the matrix %0 is not of the result type %1', [c.operand(0), result]);
      if (b !== (cooperative !== 0 ? cooperative : component(c, result))) fail(c, 'the scalar %0 is not of the component type of the matrix', [c.operand(1)]);
      return;
    }
    case Op.VectorTimesMatrix:
      if (!vector(c, result)) return fail(c, 'the result type %0 is not a float vector');
      if (!vector(c, a)) return fail(c, 'the left operand %0 is not a float vector', [c.operand(0)]);
      if (!matrix(c, b)) return fail(c, 'the right operand %0 is not a float matrix', [c.operand(1)]);
      if (component(c, a) !== component(c, result) || component(c, b) !== component(c, result)) {
        return fail(c, 'the components of the operands are not of the component type of the result type %0');
      }
      if (t.components(a) !== rows(c, b)) return fail(c, 'the vector %0 does not have as many components as the matrix has rows', [c.operand(0)]);
      if (columns(c, b) !== t.components(result)) fail(c, 'the matrix %0 does not have as many columns as the result type has components', [c.operand(1)]);
      return;
    case Op.MatrixTimesVector:
      if (!vector(c, result)) return fail(c, 'the result type %0 is not a float vector');
      if (!matrix(c, a)) return fail(c, 'the left operand %0 is not a float matrix', [c.operand(0)]);
      if (!vector(c, b)) return fail(c, 'the right operand %0 is not a float vector', [c.operand(1)]);
      if (f.field(a, 0) !== result) return fail(c, 'the columns of the matrix %0 are not of the result type %1', [c.operand(0), result]);
      if (columns(c, a) !== t.components(b)) return fail(c, 'the matrix %0 does not have as many columns as the vector has components', [c.operand(0)]);
      if (component(c, b) !== component(c, result)) fail(c, 'the components of the vector %0 are not of the component type of the result type', [c.operand(1)]);
      return;
    case Op.MatrixTimesMatrix:
      if (!matrix(c, result)) return fail(c, 'the result type %0 is not a float matrix');
      if (!matrix(c, a)) return fail(c, 'the left operand %0 is not a float matrix', [c.operand(0)]);
      if (!matrix(c, b)) return fail(c, 'the right operand %0 is not a float matrix', [c.operand(1)]);
      if (f.field(a, 0) !== f.field(result, 0)) return fail(c, 'the columns of the left operand %0 are not of the column type of the result', [c.operand(0)]);
      if (columns(c, b) !== columns(c, result)) return fail(c, 'the right operand %0 does not have as many columns as the result type', [c.operand(1)]);
      if (columns(c, a) !== rows(c, b)) return fail(c, 'the left operand has not as many columns as the right operand %0 has rows', [c.operand(1)]);
      if (component(c, b) !== component(c, result))
        fail(c, 'the components of the right operand %0 are not of the component type of the result', [c.operand(1)]);
      return;
    case Op.OuterProduct:
      if (!matrix(c, result)) return fail(c, 'the result type %0 is not a float matrix');
      if (a !== f.field(result, 0)) return fail(c, 'the left operand %0 is not of the column type of the result type %1', [c.operand(0), result]);
      if (!vector(c, b)) return fail(c, 'the right operand %0 is not a float vector', [c.operand(1)]);
      if (component(c, b) !== component(c, result))
        return fail(c, 'the components of the right operand %0 are not of the component type of the result', [c.operand(1)]);
      if (t.components(b) !== columns(c, result))
        fail(c, 'the right operand %0 does not have as many components as the result type has columns', [c.operand(1)]);
      return;
  }
}

function matrix(c: OperandCheck, type: number): boolean {
  return c.f.opcode(type) === Op.TypeMatrix && c.t.scalar(c.f.field(type, 0)) === Scalar.Float;
}

function vector(c: OperandCheck, type: number): boolean {
  return c.t.isVector(type) && c.t.scalar(type) === Scalar.Float;
}

/** Columns of a matrix type. */
function columns(c: OperandCheck, type: number): number {
  return c.f.field(type, 1);
}

/** Components of a matrix type's columns. */
function rows(c: OperandCheck, type: number): number {
  return c.t.components(c.f.field(type, 0));
}

/** The component type of a matrix or vector type. */
function component(c: OperandCheck, type: number): number {
  return c.f.opcode(type) === Op.TypeMatrix ? c.t.scalarType(c.f.field(type, 0)) : c.t.scalarType(type);
}

/** Reports `what`, its `%k` standing for the name of `ids[k]` (the result type when no ids are given). */
function fail(c: OperandCheck, what: string, ids: readonly number[] = [c.result]): void {
  c.fail('spvkit-types-matrix', (name) => what.replace(/%(\d)/g, (_, k: string) => name(ids[Number(k)])), ids);
}
