import { Op, StorageClass } from '@spvkit/core';
import type { OperandCheck } from './OperandCheck.js';

/**
 * OpVariable: the result type is a pointer into the storage class the instruction names, an
 * initializer has the pointee type, and the Function storage class is used inside functions and
 * only there. Untyped pointers (SPV_KHR_untyped_pointers) carry their data type apart and are
 * left alone.
 */
export function checkVariable(c: OperandCheck): void {
  const { f, result } = c;
  const resultOp = f.opcode(result);
  if (resultOp === Op.TypeUntypedPointerKHR) return;
  const storage = c.operand(0);
  const inFunction = c.structure.functionOf[c.i] >= 0;
  if (inFunction && storage !== StorageClass.Function) {
    c.fail('spvkit-types-variable', () => `a variable inside a function must have the Function storage class`);
  } else if (!inFunction && storage === StorageClass.Function) {
    c.fail('spvkit-types-variable', () => `a variable outside a function cannot have the Function storage class`);
  }
  if (resultOp !== Op.TypePointer) {
    c.fail('spvkit-types-variable', (name) => `the result type ${name(result)} is not a pointer type`, [result]);
    return;
  }
  if (f.storageClass(result) !== storage) {
    c.fail('spvkit-types-variable', (name) => `the storage class operand is not the storage class of the result type ${name(result)}`, [result]);
  }
  if (c.n > 1) {
    const initializer = c.operand(1);
    const pointee = f.pointee(result);
    if (c.type(1) !== pointee) {
      c.fail('spvkit-types-variable', (name) => `the initializer ${name(initializer)} is not of the type ${name(pointee)} the result type points to`, [
        initializer,
        pointee,
      ]);
    }
  }
}

/**
 * OpPtrAccessChain and OpInBoundsPtrAccessChain: as an access chain (pointer result into the base's
 * storage class, integer indexes, OpConstant indexes within a struct's members, the result pointing
 * to the type reached), with an integer Element before the indexes, which steps over whole objects
 * of the base's pointee type and so does not index into it.
 */
export function checkPtrAccessChain(c: OperandCheck): void {
  const { f, result } = c;
  if (c.n < 2) return;
  const base = c.operand(0);
  const baseType = c.type(0);
  if (f.opcode(result) !== Op.TypePointer) {
    if (f.opcode(result) !== Op.TypeUntypedPointerKHR)
      c.fail('spvkit-types-ptr-access-chain', (name) => `the result type ${name(result)} is not a pointer`, [result]);
    return;
  }
  if (f.opcode(baseType) !== Op.TypePointer) {
    if (f.opcode(baseType) !== Op.TypeUntypedPointerKHR) c.fail('spvkit-types-ptr-access-chain', (name) => `the base ${name(base)} is not a pointer`, [base]);
    return;
  }
  if (f.storageClass(result) !== f.storageClass(baseType)) {
    c.fail('spvkit-types-ptr-access-chain', (name) => `the result type ${name(result)} and the base ${name(base)} point into different storage classes`, [
      result,
      base,
    ]);
    return;
  }
  const element = c.operand(1);
  if (f.opcode(c.type(1)) !== Op.TypeInt) {
    c.fail('spvkit-types-ptr-access-chain', (name) => `the Element ${name(element)} is not an integer`, [element]);
    return;
  }
  let type = f.pointee(baseType);
  for (let k = 2; k < c.n; k++) {
    const index = c.operand(k);
    if (f.opcode(c.type(k)) !== Op.TypeInt) {
      c.fail('spvkit-types-ptr-access-chain', (name) => `index ${name(index)} is not an integer`, [index]);
      return;
    }
    const top = f.opcode(type);
    if (top === Op.TypeStruct) {
      const value = f.constant32(index);
      if (f.opcode(index) !== Op.Constant) {
        const struct = type;
        c.fail('spvkit-types-ptr-access-chain', (name) => `index ${name(index)} into the struct ${name(struct)} is not an OpConstant`, [index, struct]);
        return;
      }
      const members = f.count(type);
      if (value === undefined || value >= members) {
        const struct = type;
        c.fail('spvkit-types-ptr-access-chain', (name) => `index ${name(index)} is past the ${members} members of ${name(struct)}`, [index, struct]);
        return;
      }
      type = f.field(type, value);
    } else if (top === Op.TypeVector || top === Op.TypeMatrix || top === Op.TypeArray || top === Op.TypeRuntimeArray) {
      type = f.field(type, 0);
    } else {
      if (top === 0) return;
      const reached = type;
      c.fail('spvkit-types-ptr-access-chain', (name) => `the indexes go on past ${name(reached)}, which is no composite`, [reached]);
      return;
    }
  }
  const pointee = f.pointee(result);
  if (pointee !== type) {
    const reached = type;
    c.fail('spvkit-types-ptr-access-chain', (name) => `the result type ${name(result)} does not point to ${name(reached)}, the type the indexes reach`, [
      result,
      reached,
    ]);
  }
}

/**
 * OpCopyMemory and OpCopyMemorySized: Target and Source are pointers; OpCopyMemory copies one
 * type to the same type, OpCopyMemorySized takes an integer scalar Size.
 */
export function checkCopyMemory(c: OperandCheck): void {
  const { f } = c;
  if (c.n < 2) return;
  let pointers = true;
  for (let k = 0; k < 2; k++) {
    const pointer = c.operand(k);
    const op = f.opcode(c.type(k));
    if (op !== Op.TypePointer && op !== Op.TypeUntypedPointerKHR) {
      const what = k === 0 ? 'Target' : 'Source';
      c.fail('spvkit-types-copy-memory', (name) => `the ${what} ${name(pointer)} is not a pointer`, [pointer]);
      pointers = false;
    }
  }
  if (c.op === Op.CopyMemorySized) {
    if (c.n > 2 && !f.isIntScalar(c.type(2))) {
      const size = c.operand(2);
      c.fail('spvkit-types-copy-memory', (name) => `the Size ${name(size)} is not an integer scalar`, [size]);
    }
    return;
  }
  if (!pointers) return;
  const target = f.pointee(c.type(0));
  const source = f.pointee(c.type(1));
  if (target !== 0 && source !== 0 && target !== source) {
    const a = c.operand(0);
    const b = c.operand(1);
    c.fail('spvkit-types-copy-memory', (name) => `the Target ${name(a)} points to ${name(target)}, the Source ${name(b)} to ${name(source)}`, [a, b]);
  }
}
