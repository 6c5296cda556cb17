import { Decoration, Op } from '@spvkit/core';
import type { Instruction } from '@spvkit/core';
import type { ModuleContext } from '../ModuleContext.js';

/** One scalar or vector at a location: what a WGSL entry point parameter or output member holds. */
export interface LocationLeaf {
  readonly location: number;
  /** The SPIR-V type of the scalar or vector. */
  readonly typeId: number;
  /** The private copy's reference text for it (`g.m[1]`, `g.member`). */
  readonly target: string;
  /** A WGSL name suffix unique within the variable (`_1`, `_member_2`), empty for a plain variable. */
  readonly suffix: string;
  /** The decorations that set interpolation, from the variable and the struct members on the way. */
  readonly decorations: readonly number[];
}

/** The most locations one interface variable is flattened to (WebGPU's limits are far below). */
const MOST_LOCATIONS = 64;

/**
 * A user input or output of matrix, array or struct type, which WGSL locations cannot hold,
 * flattened to scalars and vectors at consecutive locations as Vulkan assigns them: a matrix takes
 * one location per column, an array one per element (times the element's), a struct member its
 * own Location or the next free one. The entry point copies each leaf to its place in the private
 * copy, which keeps the SPIR-V shape (see EntryPointWriter).
 */
export function flattenLocations(m: ModuleContext, v: Instruction, typeId: number, target: string, location: number): LocationLeaf[] {
  const leaves: LocationLeaf[] = [];
  const own = m.decorations.of(v.resultId).map((d) => d.decoration);
  const walk = (id: number, text: string, suffix: string, at: number, decorations: readonly number[]): number => {
    if (leaves.length > MOST_LOCATIONS) throw m.refuser.error('a user input or output taking this many locations', v);
    const t = m.types.def(id);
    switch (t.opcode) {
      case Op.TypeInt:
      case Op.TypeFloat:
      case Op.TypeVector:
        leaves.push({ location: at, typeId: id, target: text, suffix, decorations });
        return at + 1;
      case Op.TypeMatrix:
      case Op.TypeArray: {
        const n = t.opcode === Op.TypeMatrix ? t.word(1) : m.types.constLength(t.word(1));
        if (n === undefined) throw m.refuser.error('a user input or output array sized by a spec constant', v, 'its locations would not be known');
        let next = at;
        for (let i = 0; i < n; i++) next = walk(t.word(0), `${text}[${i}]`, `${suffix}_${i}`, next, decorations);
        return next;
      }
      case Op.TypeStruct: {
        let next = at;
        for (let i = 0; i < t.operandCount; i++) {
          const member = m.decorations.ofMember(id, i);
          const explicit = member.find((d) => d.decoration === Decoration.Location)?.params[0];
          const name = m.types.memberName(id, i);
          next = walk(t.word(i), `${text}.${name}`, `${suffix}_${name}`, explicit ?? next, [...decorations, ...member.map((d) => d.decoration)]);
        }
        return next;
      }
      default:
        throw m.refuser.error('a user input or output of this type', v, 'WGSL locations hold numeric scalars and vectors');
    }
  };
  walk(typeId, target, '', location, own);
  return leaves;
}
