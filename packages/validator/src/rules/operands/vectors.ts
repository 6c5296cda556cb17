import { Op } from '@spvkit/core';
import { Scalar } from '../../types/TypeQueries.js';
import type { OperandCheck } from './OperandCheck.js';

/** The component index of OpVectorShuffle that stands for an undefined component. */
const UNDEFINED_COMPONENT = 0xffffffff;

/**
 * OpVectorShuffle: a vector result with one component literal per result component; two vector
 * operands whose component type is the result's; each literal below the two vectors' combined
 * size (or 0xFFFFFFFF, an undefined component).
 */
export function checkVectorShuffle(c: OperandCheck): void {
  const { t, f, result } = c;
  if (c.n < 2) return;
  if (f.opcode(result) !== Op.TypeVector) {
    c.fail('spvkit-types-vector-shuffle', (name) => `the result type ${name(result)} is not a vector`, [result]);
    return;
  }
  const literals = c.n - 2;
  const components = t.components(result);
  if (literals !== components) {
    c.fail('spvkit-types-vector-shuffle', (name) => `${literals} component literals, but the result type ${name(result)} has ${components} components`, [
      result,
    ]);
  }
  const component = t.scalarType(result);
  let size = 0;
  for (let k = 0; k < 2; k++) {
    const vector = c.operand(k);
    const type = c.type(k);
    if (f.opcode(type) !== Op.TypeVector) {
      c.fail('spvkit-types-vector-shuffle', (name) => `vector ${k + 1}, ${name(vector)}, is not a vector`, [vector]);
      return;
    }
    if (t.scalarType(type) !== component) {
      c.fail(
        'spvkit-types-vector-shuffle',
        (name) => `the component type of vector ${k + 1}, ${name(vector)}, is not that of the result type ${name(result)}`,
        [vector, result],
      );
    }
    size += t.components(type);
  }
  for (let k = 2; k < c.n; k++) {
    const index = c.operand(k);
    if (index !== UNDEFINED_COMPONENT && index >= size) {
      c.fail('spvkit-types-vector-shuffle', () => `component index ${index} is out of bounds of the vectors' combined size ${size}`);
    }
  }
}

/**
 * OpVectorExtractDynamic (a scalar result, the component type of its vector) and
 * OpVectorInsertDynamic (a vector result of its vector's type, a component of its component type);
 * both take an int scalar index.
 */
export function checkVectorDynamic(c: OperandCheck): void {
  const { t, f, result } = c;
  const extract = c.op === Op.VectorExtractDynamic;
  if (c.n < (extract ? 2 : 3)) return;
  const vector = c.operand(0);
  const vectorType = c.type(0);
  if (extract) {
    if (t.scalar(result) === Scalar.None || t.isVector(result)) {
      c.fail('spvkit-types-vector-dynamic', (name) => `the result type ${name(result)} is not a scalar type`, [result]);
    } else if (f.opcode(vectorType) !== Op.TypeVector) {
      c.fail('spvkit-types-vector-dynamic', (name) => `${name(vector)} is not a vector`, [vector]);
    } else if (t.scalarType(vectorType) !== result) {
      c.fail('spvkit-types-vector-dynamic', (name) => `the result type ${name(result)} is not the component type of ${name(vector)}`, [result, vector]);
    }
  } else if (f.opcode(result) !== Op.TypeVector) {
    c.fail('spvkit-types-vector-dynamic', (name) => `the result type ${name(result)} is not a vector`, [result]);
  } else if (vectorType !== result) {
    c.fail('spvkit-types-vector-dynamic', (name) => `${name(vector)} is not of the result type ${name(result)}`, [vector, result]);
  } else if (c.type(1) !== t.scalarType(result)) {
    const component = c.operand(1);
    c.fail('spvkit-types-vector-dynamic', (name) => `the component ${name(component)} is not of the component type of the result type ${name(result)}`, [
      component,
      result,
    ]);
  }
  const k = extract ? 1 : 2;
  if (!f.isIntScalar(c.type(k))) {
    const index = c.operand(k);
    c.fail('spvkit-types-vector-dynamic', (name) => `the index ${name(index)} is not an int scalar`, [index]);
  }
}
