import { Op, definitionOf, type ModuleIndex, type BlockStructure } from '@spvkit/core';
import type { Reporter } from '../report/Reporter.js';

/**
 * The types family, second slice: values that move through memory, composites and returns keep
 * their types. OpLoad gives the pointee type of its pointer, OpStore stores an object of it,
 * OpReturnValue returns the function's return type, OpCompositeExtract gives the type its indexes
 * reach, OpCompositeConstruct builds a vector, matrix, array or struct from constituents of the
 * right types and number. Instructions flagged by the ids family are skipped.
 */
export function checkValueTypes(scan: ModuleIndex, structure: BlockStructure, reporter: Reporter): void {
  const { count, opcode, words } = scan;
  const typeOf = (id: number): number => {
    const d = definitionOf(scan, id);
    return d < 0 ? 0 : scan.typeId[d];
  };
  /** The declaring instruction of a type, or -1. */
  const typeDef = (type: number): number => definitionOf(scan, type);
  /** The pointee of a pointer type, 0 when `type` is no typed pointer, -1 for an untyped pointer. */
  const pointee = (type: number): number => {
    const d = typeDef(type);
    if (d < 0) return 0;
    if (opcode[d] === Op.TypePointer) return words[scan.operandStart[d] + 1];
    return opcode[d] === Op.TypeUntypedPointerKHR ? -1 : 0;
  };
  for (let i = 0; i < count; i++) {
    const op = opcode[i];
    if (
      op !== Op.Load &&
      op !== Op.Store &&
      op !== Op.ReturnValue &&
      op !== Op.CompositeExtract &&
      op !== Op.CompositeConstruct &&
      op !== Op.AccessChain &&
      op !== Op.InBoundsAccessChain
    ) {
      continue;
    }
    if (reporter.isFlagged(i)) continue;
    const start = scan.operandStart[i];
    const end = scan.end[i];
    const result = scan.typeId[i];
    if (op === Op.Load && end > start) {
      const pointer = words[start];
      const target = pointee(typeOf(pointer));
      if (target === 0) reporter.report('spvkit-types-operand', i, (n) => `OpLoad: ${n(pointer)} is not a pointer`, [pointer]);
      else if (target > 0 && target !== result) {
        reporter.report('spvkit-types-load', i, (n) => `OpLoad: the result type ${n(result)} is not the type ${n(target)} that ${n(pointer)} points to`, [
          result,
          target,
          pointer,
        ]);
      }
    } else if (op === Op.Store && end > start + 1) {
      const pointer = words[start];
      const object = words[start + 1];
      const target = pointee(typeOf(pointer));
      if (target === 0) reporter.report('spvkit-types-operand', i, (n) => `OpStore: ${n(pointer)} is not a pointer`, [pointer]);
      else if (target > 0 && typeOf(object) !== target) {
        reporter.report('spvkit-types-store', i, (n) => `OpStore: ${n(object)} is not of the type ${n(target)} that ${n(pointer)} points to`, [
          object,
          target,
          pointer,
        ]);
      }
    } else if (op === Op.ReturnValue && end > start) {
      const fn = structure.functionOf[i];
      if (fn < 0) continue;
      const returns = scan.typeId[structure.functionBlocks[fn].definition];
      const value = words[start];
      if (typeOf(value) !== returns) {
        reporter.report('spvkit-types-return', i, (n) => `OpReturnValue: ${n(value)} is not of the function's return type ${n(returns)}`, [value, returns]);
      }
    } else if (op === Op.CompositeExtract && end > start) {
      const composite = words[start];
      let type = typeOf(composite);
      let reached = true;
      for (let w = start + 1; w < end && reached; w++) {
        type = member(scan, type, words[w]);
        if (type === 0) reached = false;
      }
      if (!reached) reporter.report('spvkit-types-composite', i, (n) => `OpCompositeExtract: the indexes do not lead into ${n(composite)}'s type`, [composite]);
      else if (type !== result) {
        reporter.report('spvkit-types-composite', i, (n) => `OpCompositeExtract: the result type ${n(result)} is not ${n(type)}, the type the indexes reach`, [
          result,
          type,
        ]);
      }
    } else if (op === Op.CompositeConstruct) {
      checkConstruct(scan, reporter, i, typeOf);
    } else if (end > start) {
      checkAccessChain(scan, reporter, i, typeOf);
    }
  }
}

/** The type of member/element/component `index` of `type`, or 0 where there is none (out of bounds, not a composite). */
function member(scan: ModuleIndex, type: number, index: number): number {
  const d = definitionOf(scan, type);
  if (d < 0) return 0;
  const s = scan.operandStart[d];
  const w = scan.words;
  switch (scan.opcode[d]) {
    case Op.TypeVector:
    case Op.TypeMatrix:
      return index < w[s + 1] ? w[s] : 0;
    case Op.TypeArray: {
      const length = constantValue(scan, w[s + 1]);
      return length === undefined || index < length ? w[s] : 0;
    }
    case Op.TypeRuntimeArray:
      return w[s];
    case Op.TypeStruct:
      return index < scan.end[d] - s ? w[s + index] : 0;
    default:
      return 0;
  }
}

/** The value of a 32-bit OpConstant, or undefined (a spec constant, a wider one). */
function constantValue(scan: ModuleIndex, id: number): number | undefined {
  const d = definitionOf(scan, id);
  return d >= 0 && scan.opcode[d] === Op.Constant && scan.end[d] - scan.operandStart[d] === 1 ? scan.words[scan.operandStart[d]] : undefined;
}

function checkConstruct(scan: ModuleIndex, reporter: Reporter, i: number, typeOf: (id: number) => number): void {
  const result = scan.typeId[i];
  const d = definitionOf(scan, result);
  if (d < 0) return;
  const w = scan.words;
  const s = scan.operandStart[d];
  const start = scan.operandStart[i];
  const n = scan.end[i] - start;
  const fail = (message: string): void =>
    reporter.report('spvkit-types-composite', i, (name) => `OpCompositeConstruct: ${message.replace('%R', name(result))}`, [result]);
  switch (scan.opcode[d]) {
    case Op.TypeVector: {
      if (n < 2) return fail(`a vector is built from at least 2 constituents, not ${n}`);
      const component = w[s];
      let components = 0;
      for (let k = 0; k < n; k++) {
        const t = typeOf(w[start + k]);
        const td = definitionOf(scan, t);
        if (t === component) components++;
        else if (td >= 0 && scan.opcode[td] === Op.TypeVector && w[scan.operandStart[td]] === component) components += w[scan.operandStart[td] + 1];
        else return fail('the constituents must be scalars or vectors of the component type of %R');
      }
      if (components !== w[s + 1]) fail(`the constituents give ${components} components, %R has ${w[s + 1]}`);
      return;
    }
    case Op.TypeMatrix:
    case Op.TypeArray:
    case Op.TypeStruct: {
      const op = scan.opcode[d];
      const expected = op === Op.TypeMatrix ? w[s + 1] : op === Op.TypeArray ? constantValue(scan, w[s + 1]) : scan.end[d] - s;
      if (expected !== undefined && n !== expected) return fail(`%R takes ${expected} constituents, not ${n}`);
      for (let k = 0; k < n; k++) {
        const wanted = op === Op.TypeStruct ? w[s + k] : w[s];
        if (typeOf(w[start + k]) !== wanted) return fail(`constituent ${k} is not of the type %R holds there`);
      }
      return;
    }
    case Op.TypeVoid:
    case Op.TypeBool:
    case Op.TypeInt:
    case Op.TypeFloat:
    case Op.TypePointer:
      return fail('the result type %R is not a composite type');
    default:
      return;
  }
}

/**
 * OpAccessChain and OpInBoundsAccessChain: a pointer result into the base pointer's storage class,
 * integer indexes (constants into structs, within their members), and the result pointing to the
 * type the indexes reach.
 */
function checkAccessChain(scan: ModuleIndex, reporter: Reporter, i: number, typeOf: (id: number) => number): void {
  const w = scan.words;
  const start = scan.operandStart[i];
  const end = scan.end[i];
  const result = scan.typeId[i];
  const base = w[start];
  const fail = (message: (name: (id: number) => string) => string, ids: readonly number[]): void =>
    reporter.report('spvkit-types-access-chain', i, (name) => `OpAccessChain: ${message(name)}`, ids);
  const rd = definitionOf(scan, result);
  if (rd < 0 || scan.opcode[rd] !== Op.TypePointer) return fail((n) => `the result type ${n(result)} is not a pointer`, [result]);
  const bd = definitionOf(scan, typeOf(base));
  if (bd < 0 || scan.opcode[bd] !== Op.TypePointer) {
    if (bd >= 0 && scan.opcode[bd] === Op.TypeUntypedPointerKHR) return;
    return fail((n) => `the base ${n(base)} is not a pointer`, [base]);
  }
  if (w[scan.operandStart[rd]] !== w[scan.operandStart[bd]]) {
    return fail((n) => `the result type ${n(result)} and the base ${n(base)} point into different storage classes`, [result, base]);
  }
  let type = w[scan.operandStart[bd] + 1];
  for (let k = start + 1; k < end; k++) {
    const index = w[k];
    const id = definitionOf(scan, typeOf(index));
    if (id < 0 || scan.opcode[id] !== Op.TypeInt) return fail((n) => `index ${n(index)} is not an integer`, [index]);
    const td = definitionOf(scan, type);
    if (td < 0) return;
    const top = scan.opcode[td];
    if (top === Op.TypeStruct) {
      const value = constantValue(scan, index);
      const cd = definitionOf(scan, index);
      if (cd < 0 || scan.opcode[cd] !== Op.Constant) return fail((n) => `index ${n(index)} into the struct ${n(type)} is not an OpConstant`, [index, type]);
      const members = scan.end[td] - scan.operandStart[td];
      if (value === undefined || value >= members) {
        const struct = type;
        return fail((n) => `index ${n(index)} is past the ${members} members of ${n(struct)}`, [index, struct]);
      }
      type = w[scan.operandStart[td] + value];
    } else if (
      top === Op.TypeVector ||
      top === Op.TypeMatrix ||
      top === Op.TypeArray ||
      top === Op.TypeRuntimeArray ||
      // A cooperative matrix is indexed to its component type (its first operand), as spirv-val
      // allows: glslc makes `coopmat[i] = x` an access chain into the matrix variable.
      top === Op.TypeCooperativeMatrixKHR ||
      top === Op.TypeCooperativeMatrixNV
    ) {
      type = w[scan.operandStart[td]];
    } else {
      const reached = type;
      return fail((n) => `the indexes go on past ${n(reached)}, which is no composite`, [reached]);
    }
  }
  const pointee = w[scan.operandStart[rd] + 1];
  if (pointee !== type) {
    const reached = type;
    fail((n) => `the result type ${n(result)} does not point to ${n(reached)}, the type the indexes reach`, [result, reached]);
  }
}
