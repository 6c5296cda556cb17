import { Op, type TypeManager } from '@spvkit/core';
import { nullOf, partsOf, type ConstantValue } from '../../specialize/constantValue.js';

/**
 * What conditional constant propagation knows of an id: nothing yet (absent from the table), one
 * value on every path that runs (a fixed constant's `value`, or a spec constant's own `id`, whose
 * value is not known before specialization), or `VARYING`. A value only ever moves down: from
 * nothing to a constant to varying, which is what makes the propagation end.
 */
export type LatticeValue = { readonly key: string; readonly value?: ConstantValue; readonly id?: number } | typeof VARYING;

/** The bottom of the lattice: more than one value, or one not known at compile time. */
export const VARYING = 'varying';

/** The lattice value of a fixed constant's value. */
export function constantLattice(value: ConstantValue, types: TypeManager): LatticeValue {
  return { key: valueKey(value, types), value };
}

/** The lattice value of a spec constant: itself, never folded with. */
export function specConstantLattice(id: number): LatticeValue {
  return { key: `#${id}`, id };
}

/**
 * The meet of what an id held and what it now computes: the same constant stays, anything else
 * falls to varying (no sideways moves between two constants, so nothing cycles).
 */
export function meet(old: LatticeValue | undefined, next: LatticeValue): LatticeValue {
  if (old === undefined) return next;
  if (old === VARYING || next === VARYING) return VARYING;
  return old.key === next.key ? old : VARYING;
}

/** Spec constants: values CCP may pass on (an OpPhi of one on every edge is it) but not compute with. */
export const SPEC_CONSTANTS: ReadonlySet<number> = new Set([
  Op.SpecConstantTrue,
  Op.SpecConstantFalse,
  Op.SpecConstant,
  Op.SpecConstantComposite,
  Op.SpecConstantOp,
]);

/**
 * A string equal for equal values of one type: a null scalar or vector reads as its zeros (as it is
 * declared), so `OpConstantNull %v2uint` and `{0, 0}` meet as the same constant.
 */
function valueKey(value: ConstantValue, types: TypeManager): string {
  switch (value.kind) {
    case 'scalar':
      return `${value.typeId}:${value.bits}`;
    case 'composite':
      return `${value.typeId}(${value.parts.map((p) => valueKey(p, types)).join(',')})`;
    case 'null': {
      const scalar = nullOf(types, value.typeId);
      if (scalar.kind === 'scalar') return valueKey(scalar, types);
      if (types.def(value.typeId)?.opcode === Op.TypeVector) {
        const parts = partsOf(value, types);
        if (parts !== undefined) return valueKey({ kind: 'composite', typeId: value.typeId, parts }, types);
      }
      return `${value.typeId}:null`;
    }
  }
}
