import { Op } from '@spvkit/core';
import type { OperandCheck } from './OperandCheck.js';
import { ScopeKind, checkScopeOperand } from './scopes.js';

/** The result (or, for OpAtomicStore, the pointee) kinds an atomic instruction allows. */
const enum Allowed {
  Int = 1,
  Float = 2,
  IntOrFloat = 3,
}

/** Per atomic opcode: allowed kinds (low 2 bits), where its Value operand is (bits 2-5, 0: none) and whether it has a Comparator after it (bit 6). */
const shapes = new Map<number, number>();
function shape(ops: readonly number[], allowed: Allowed, value: number, comparator = false): void {
  for (const op of ops) shapes.set(op, allowed | (value << 2) | (comparator ? 64 : 0));
}
shape([Op.AtomicLoad], Allowed.IntOrFloat, 0);
shape([Op.AtomicStore, Op.AtomicExchange], Allowed.IntOrFloat, 3);
shape([Op.AtomicCompareExchange, Op.AtomicCompareExchangeWeak], Allowed.Int, 4, true);
shape([Op.AtomicIIncrement, Op.AtomicIDecrement], Allowed.Int, 0);
shape([Op.AtomicIAdd, Op.AtomicISub, Op.AtomicSMin, Op.AtomicUMin, Op.AtomicSMax, Op.AtomicUMax, Op.AtomicAnd, Op.AtomicOr, Op.AtomicXor], Allowed.Int, 3);
shape([Op.AtomicFAddEXT, Op.AtomicFMinEXT, Op.AtomicFMaxEXT], Allowed.Float, 3);

const KINDS = ['', 'an int scalar', 'a float scalar', 'an int or float scalar'] as const;

/** The atomic instructions {@link checkAtomic} judges. */
export const CHECKED_ATOMICS: readonly number[] = [...shapes.keys()];

/**
 * The atomics: the result type (for OpAtomicStore, the pointee) is an int or float scalar as the
 * instruction allows, Pointer points to the result type, Value and Comparator have the result
 * type, and the Scope and Memory Semantics operands are 32-bit ints. Untyped pointers carry no
 * pointee and are judged by their result type alone.
 */
export function checkAtomic(c: OperandCheck): void {
  const { f } = c;
  const s = shapes.get(c.op)!;
  const allowed = (s & 3) as Allowed;
  const valueAt = (s >> 2) & 15;
  const store = c.op === Op.AtomicStore;
  if (c.n < 3) return;
  const pointer = c.operand(0);
  const pointerType = c.type(0);
  const pointerOp = f.opcode(pointerType);
  const pointee = f.pointee(pointerType);
  // OpAtomicStore has no result: its pointee stands for the result type.
  const typed = store ? pointee : c.result;
  if (!store && !kindAllowed(c, typed, allowed)) {
    const result = c.result;
    c.fail('spvkit-types-atomic', (name) => `the result type ${name(result)} is not ${KINDS[allowed]} type`, [result]);
  } else if (pointerOp !== Op.TypePointer && pointerOp !== Op.TypeUntypedPointerKHR) {
    c.fail('spvkit-types-atomic', (name) => `the Pointer ${name(pointer)} is not a pointer`, [pointer]);
  } else if (pointerOp === Op.TypePointer) {
    if (store && !kindAllowed(c, pointee, allowed)) {
      c.fail('spvkit-types-atomic', (name) => `the Pointer ${name(pointer)} does not point to ${KINDS[allowed]}`, [pointer]);
    } else if (!store && pointee !== typed) {
      c.fail('spvkit-types-atomic', (name) => `the Pointer ${name(pointer)} does not point to the result type ${name(typed)}`, [pointer, typed]);
    }
  }
  checkScopeOperand(c, 1, ScopeKind.Scope);
  checkScopeOperand(c, 2, ScopeKind.Semantics);
  if ((s & 64) !== 0) checkScopeOperand(c, 3, ScopeKind.Semantics);
  if (valueAt === 0 || !kindAllowed(c, typed, allowed)) return;
  for (let k = valueAt; k < c.n && k <= valueAt + ((s & 64) !== 0 ? 1 : 0); k++) {
    if (c.type(k) !== typed) {
      const id = c.operand(k);
      const what = k === valueAt ? 'Value' : 'Comparator';
      c.fail(
        'spvkit-types-atomic',
        (name) => `the ${what} ${name(id)} is not of the type ${name(typed)} ${store ? 'the Pointer points to' : 'of the result'}`,
        [id, typed],
      );
    }
  }
}

function kindAllowed(c: OperandCheck, type: number, allowed: Allowed): boolean {
  const op = c.f.opcode(type);
  return ((allowed & Allowed.Int) !== 0 && op === Op.TypeInt) || ((allowed & Allowed.Float) !== 0 && op === Op.TypeFloat);
}
