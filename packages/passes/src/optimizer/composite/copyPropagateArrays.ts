import {
  BuiltIn,
  ControlFlowAnalysis,
  Decoration,
  DecorationsAnalysis,
  DefUseAnalysis,
  Instruction,
  Op,
  StorageClass,
  TypesAnalysis,
  UNCHANGED,
  type Block,
  type Decorations,
  type DefUse,
  type Function,
  type FunctionControlFlow,
  type Module,
  type Pass,
  type TypeManager,
} from '@spvkit/core';
import { ResultEdits } from './resultEdits.js';
import { KEPT_THROUGH_BODY_REWRITES, OPTIMIZER_PRESERVES } from '../optimizerPreserves.js';

/** One index of a memory object's chain: a known value, or the id of a value known at run time. */
type Index = { readonly value: number } | { readonly id: number };

/** Memory a copied value was loaded from: a variable and the indices into it. */
interface MemoryObject {
  readonly root: Instruction;
  readonly chain: Index[];
}

/** A planned change of result type, of a value (`pointer` undefined) or of a pointer. */
interface Retype {
  readonly inst: Instruction;
  readonly type: number;
  /** For a pointer: its storage class (the pointer type is made at apply time). */
  readonly storageClass: number | undefined;
}

/** A store whose value's type changes: a copy of the new type's value into the old is put before it. */
interface CopyForStore {
  readonly store: Instruction;
  readonly from: number;
  readonly to: number;
}

/**
 * spirv-opt's `--copy-propagate-arrays`: a Function variable of array type (of any type, where
 * the source is Input memory) stored once, as a whole, with a copy of another memory object (a
 * load of a variable or of a chain of constant or variable OpAccessChain indices into one,
 * possibly through OpCopyObject / OpCopyLogical, extracts of such a load, or an
 * OpCompositeConstruct of every member of one object in order), where the
 * store comes before every load and access chain of the variable and the source variable is never
 * written (no store, no use besides loads, access chains, names and decorations; not Aliased,
 * nor a Workgroup Block, whose memory other variables share): loads and
 * chains of the variable read the source instead, through a chain built just before the store.
 * Values whose type changes with it (the source's array may carry an ArrayStride the local's
 * lacks) are retyped through their loads, chains and extracts; a store of such a value stores a
 * copy rebuilt member by member. The variable and its store are left for dead-code elimination;
 * its names and decorations go. Variables with any other use (a call, a partial store, an
 * OpImageTexelPointer, debug declarations) and sources built by OpCompositeInsert chains are
 * left alone.
 *
 * @example
 * ```ts
 * runPasses(module, ['copy-propagate-arrays', 'eliminate-dead-code-aggressive']);
 * ```
 */
export const copyPropagateArrays: Pass = {
  name: 'copy-propagate-arrays',
  description: 'read an array variable that is a copy of memory never written from that memory instead',
  preserves: OPTIMIZER_PRESERVES,
  run(module) {
    let changed = false;
    // A variable copied from another propagated this round is seen in the next.
    while (propagateRound(module)) changed = true;
    return changed ? { changed: true, diagnostics: [] } : UNCHANGED;
  },
};

interface Plan {
  readonly fn: Function;
  readonly variable: Instruction;
  readonly store: Instruction;
  readonly storeBlock: Block;
  readonly source: MemoryObject;
  readonly sourceType: number;
  readonly retypes: Retype[];
  readonly copies: CopyForStore[];
  /** The variable's direct loads and chains, whose pointer operand becomes the source. */
  readonly users: Instruction[];
  /** Where each instruction of the function is. */
  readonly where: ReadonlyMap<Instruction, { block: Block; at: number }>;
}

function propagateRound(module: Module): boolean {
  const defUse = module.analysis(DefUseAnalysis);
  const types = module.analysis(TypesAnalysis);
  const plans: Plan[] = [];
  for (const fn of module.functions) {
    const entry = fn.blocks[0];
    if (entry === undefined) continue;
    let where: Map<Instruction, { block: Block; at: number }> | undefined;
    for (const variable of entry.instructions) {
      if (variable.opcode !== Op.Variable) continue;
      if (variable.word(0) !== StorageClass.Function) continue;
      const pointee = pointeeOf(defUse, variable.typeId);
      if (defUse.def(pointee) === undefined) continue;
      let store: Instruction | undefined;
      let stores = 0;
      let reads = 0;
      for (const { instruction, operand } of defUse.uses(variable.resultId)) {
        if (instruction.opcode === Op.Store && operand === 0) {
          store = instruction;
          stores++;
        } else if (instruction.opcode === Op.Load || instruction.opcode === Op.AccessChain) reads++;
      }
      if (stores !== 1 || reads === 0) continue;
      if (where === undefined) {
        where = new Map();
        for (const block of fn.blocks) block.instructions.forEach((inst, at) => where!.set(inst, { block, at }));
      }
      const flow = module.analysis(ControlFlowAnalysis).of(fn);
      const plan = planVariable(defUse, module.analysis(DecorationsAnalysis), types, flow, where, fn, variable, store!);
      if (plan !== undefined) plans.push(plan);
    }
  }
  if (plans.length === 0) return false;
  // What needs the analyses (types, constants, the copies' shapes) is made first; the edits come
  // once they are dropped, so each costs what it changes rather than a scan of a type's uses.
  const edits = new ResultEdits();
  const gone = new Set<number>();
  const operandEdits: { inst: Instruction; operand: number; value: number }[] = [];
  const typeEdits: { inst: Instruction; type: number }[] = [];
  for (const plan of plans) {
    const { source } = plan;
    let pointer = source.root.resultId;
    if (source.chain.length > 0) {
      const chain = new Instruction(Op.AccessChain, types.pointerType(source.root.word(0), plan.sourceType), module.newId(), [
        source.root.resultId,
        ...source.chain.map((i) => ('id' in i ? i.id : types.constantUint(i.value))),
      ]);
      edits.insertBefore(plan.storeBlock, plan.store, [chain]);
      pointer = chain.resultId;
    }
    for (const user of plan.users) operandEdits.push({ inst: user, operand: 0, value: pointer });
    for (const r of plan.retypes) typeEdits.push({ inst: r.inst, type: r.storageClass === undefined ? r.type : types.pointerType(r.storageClass, r.type) });
    for (const c of plan.copies) {
      const made: Instruction[] = [];
      const value = copyValue(module, defUse, types, c.store.word(1), c.from, c.to, made);
      edits.insertBefore(plan.where.get(c.store)!.block, c.store, made);
      operandEdits.push({ inst: c.store, operand: 1, value });
    }
    gone.add(plan.variable.resultId);
  }
  module.invalidateAnalyses(KEPT_THROUGH_BODY_REWRITES);
  for (const e of operandEdits) module.setOperand(e.inst, e.operand, e.value);
  for (const e of typeEdits) module.setTypeId(e.inst, e.type);
  edits.apply(module, defUse);
  module.removeWhere('debugNames', (i) => i.opcode === Op.Name && gone.has(i.word(0)));
  module.removeWhere('annotations', (i) => (i.opcode === Op.Decorate || i.opcode === Op.DecorateId || i.opcode === Op.DecorateString) && gone.has(i.word(0)));
  return true;
}

function planVariable(
  defUse: DefUse,
  decorations: Decorations,
  types: TypeManager,
  flow: FunctionControlFlow,
  where: Map<Instruction, { block: Block; at: number }>,
  fn: Function,
  variable: Instruction,
  store: Instruction,
): Plan | undefined {
  const storeAt = where.get(store);
  if (storeAt === undefined) return undefined;
  const after = (inst: Instruction): boolean => {
    const at = where.get(inst);
    if (at === undefined || !flow.reachable(at.block)) return false;
    return at.block === storeAt.block ? at.at > storeAt.at : flow.dominates(storeAt.block, at.block);
  };
  // Every read of the variable, and every chain into it, comes after the one store.
  const users: Instruction[] = [];
  const valid = (pointer: number, isVariable: boolean): boolean => {
    for (const { instruction, operand } of defUse.uses(pointer)) {
      const op = instruction.opcode;
      if (op === Op.Name || op === Op.Decorate || op === Op.DecorateId || op === Op.DecorateString) continue;
      if (op === Op.Store && isVariable && instruction === store) continue;
      if (operand !== 0) return false;
      if (op === Op.Load) {
        if (!after(instruction)) return false;
      } else if (op === Op.AccessChain) {
        if (!after(instruction) || !valid(instruction.resultId, false)) return false;
      } else return false;
      if (isVariable) users.push(instruction);
    }
    return true;
  };
  if (!valid(variable.resultId, true)) return undefined;
  if (store.operandCount !== 2) return undefined;
  const source = sourceOf(defUse, types, store.word(1));
  if (source === undefined || source.root === variable) return undefined;
  // Arrays from anywhere; anything else only from Input memory, as spirv-opt.
  if (defUse.def(pointeeOf(defUse, variable.typeId))?.opcode !== Op.TypeArray && source.root.word(0) !== StorageClass.Input) return undefined;
  if (!neverWritten(defUse, source.root.resultId) || mayAlias(defUse, decorations, source.root)) return undefined;
  const sourceType = typeAlong(defUse, pointeeOf(defUse, source.root.typeId), source.chain);
  if (sourceType === undefined || defUse.def(sourceType)?.opcode === Op.TypeRuntimeArray) return undefined;
  const retypes: Retype[] = [];
  const copies: CopyForStore[] = [];
  const storageClass = source.root.word(0);
  for (const user of users) {
    if (!retypeUses(defUse, types, user, sourceType, storageClass, retypes, copies)) return undefined;
  }
  return { fn, variable, store, storeBlock: storeAt.block, source, sourceType, retypes, copies, users, where };
}

/**
 * Plans the new result type of `inst`, which now reads a pointer to (or a value of) `base`, and
 * of what it feeds in turn. False when a use cannot take the new type.
 */
function retypeUses(
  defUse: DefUse,
  types: TypeManager,
  inst: Instruction,
  base: number,
  storageClass: number,
  retypes: Retype[],
  copies: CopyForStore[],
): boolean {
  let type: number | undefined;
  let pointer = false;
  if (inst.opcode === Op.Load) type = base;
  else if (inst.opcode === Op.AccessChain) {
    type = typeAlong(
      defUse,
      base,
      Array.from(inst.operands.subarray(1), (id) => {
        const value = types.constantValue(id);
        return value === undefined ? { id } : { value };
      }),
    );
    pointer = true;
  } else if (inst.opcode === Op.CompositeExtract) {
    type = typeAlong(
      defUse,
      base,
      Array.from(inst.operands.subarray(1), (value) => ({ value })),
    );
  }
  if (type === undefined) return false;
  if (pointer) {
    const old = defUse.def(inst.typeId);
    if (old?.opcode === Op.TypePointer && old.word(0) === storageClass && old.word(1) === type) return true;
    retypes.push({ inst, type, storageClass });
  } else {
    if (type === inst.typeId) return true;
    if (!sameShape(defUse, types, type, inst.typeId)) return false;
    retypes.push({ inst, type, storageClass: undefined });
  }
  for (const { instruction, operand } of defUse.uses(inst.resultId)) {
    const op = instruction.opcode;
    if (op === Op.Name || op === Op.Decorate) continue;
    if (pointer) {
      // A chain of the local is only loaded or chained further (the planning checked as much).
      if (operand !== 0 || !(op === Op.Load || op === Op.AccessChain)) return false;
      if (!retypeUses(defUse, types, instruction, type, storageClass, retypes, copies)) return false;
    } else if (op === Op.CompositeExtract && operand === 0) {
      if (!retypeUses(defUse, types, instruction, type, storageClass, retypes, copies)) return false;
    } else if (op === Op.Store && operand === 1 && instruction.operandCount === 2) {
      const target = pointeeOf(defUse, defUse.def(instruction.word(0))?.typeId ?? 0);
      if (!sameShape(defUse, types, type, target)) return false;
      copies.push({ store: instruction, from: type, to: target });
    } else return false;
  }
  return true;
}

/** The memory object `value` is a copy of, or undefined. */
function sourceOf(defUse: DefUse, types: TypeManager, value: number): MemoryObject | undefined {
  const inst = defUse.def(value);
  switch (inst?.opcode) {
    case Op.Load: {
      if (inst.operandCount !== 1) return undefined;
      const reversed: Index[] = [];
      let pointer = defUse.def(inst.word(0));
      while (pointer?.opcode === Op.AccessChain) {
        for (let i = pointer.operandCount - 1; i >= 1; i--) {
          const id = pointer.word(i);
          const known = types.constantValue(id);
          reversed.push(known === undefined ? { id } : { value: known });
        }
        pointer = defUse.def(pointer.word(0));
      }
      if (pointer?.opcode !== Op.Variable) return undefined;
      return { root: pointer, chain: reversed.reverse() };
    }
    case Op.CopyObject:
    case Op.CopyLogical:
      return sourceOf(defUse, types, inst.word(0));
    case Op.CompositeExtract: {
      const object = sourceOf(defUse, types, inst.word(0));
      if (object === undefined) return undefined;
      return { root: object.root, chain: [...object.chain, ...Array.from(inst.operands.subarray(1), (v) => ({ value: v }))] };
    }
    case Op.CompositeConstruct: {
      // Every member of one object, in order, is that object.
      if (inst.operandCount === 0) return undefined;
      const first = sourceOf(defUse, types, inst.word(0));
      if (first === undefined || first.chain.length === 0 || !indexIs(first.chain[first.chain.length - 1], 0)) return undefined;
      const parent: MemoryObject = { root: first.root, chain: first.chain.slice(0, -1) };
      const parentType = typeAlong(defUse, pointeeOf(defUse, parent.root.typeId), parent.chain);
      if (parentType === undefined || memberCount(defUse, types, parentType) !== inst.operandCount) return undefined;
      for (let i = 1; i < inst.operandCount; i++) {
        const member = sourceOf(defUse, types, inst.word(i));
        if (member === undefined || member.root !== parent.root || member.chain.length !== parent.chain.length + 1) return undefined;
        if (!parent.chain.every((index, k) => sameIndex(index, member.chain[k]))) return undefined;
        if (!indexIs(member.chain[member.chain.length - 1], i)) return undefined;
      }
      return parent;
    }
    default:
      return undefined;
  }
}

const indexIs = (index: Index, value: number): boolean => 'value' in index && index.value === value;
const sameIndex = (a: Index, b: Index): boolean => ('value' in a ? 'value' in b && a.value === b.value : 'id' in b && a.id === b.id);

/**
 * True when the source's memory may change without a store through it: memory other variables
 * may reach (an Aliased variable, a Block in Workgroup memory: explicitly laid-out Workgroup
 * blocks share their memory), a Volatile variable, or HelperInvocation.
 */
function mayAlias(defUse: DefUse, decorations: Decorations, variable: Instruction): boolean {
  if (decorations.find(variable.resultId, Decoration.Aliased) !== undefined || decorations.find(variable.resultId, Decoration.Volatile) !== undefined)
    return true;
  // The one Input that changes while the shader runs (a demoted invocation becomes a helper).
  if (decorations.builtIn(variable.resultId) === BuiltIn.HelperInvocation) return true;
  if (variable.word(0) !== StorageClass.Workgroup) return false;
  return decorations.find(pointeeOf(defUse, variable.typeId), Decoration.Block) !== undefined;
}

/** True when nothing writes the memory of `pointer`: its only uses are reads, chains, names and decorations. */
function neverWritten(defUse: DefUse, pointer: number): boolean {
  for (const { instruction, operand } of defUse.uses(pointer)) {
    const op = instruction.opcode;
    if (op === Op.Name || op === Op.Decorate || op === Op.DecorateId || op === Op.DecorateString || op === Op.EntryPoint) continue;
    if (op === Op.Load && operand === 0) continue;
    if (op === Op.AccessChain && operand === 0) {
      if (!neverWritten(defUse, instruction.resultId)) return false;
      continue;
    }
    return false;
  }
  return true;
}

/** The pointee type of pointer type `pointerType`, or 0. */
function pointeeOf(defUse: DefUse, pointerType: number): number {
  const t = defUse.def(pointerType);
  return t?.opcode === Op.TypePointer ? t.word(1) : 0;
}

/** The type reached from `type` through `chain`, or undefined where an index does not fit. */
function typeAlong(defUse: DefUse, type: number, chain: readonly Index[]): number | undefined {
  for (const index of chain) {
    const t = defUse.def(type);
    if (t === undefined) return undefined;
    switch (t.opcode) {
      case Op.TypeStruct:
        if (!('value' in index) || index.value >= t.operandCount) return undefined;
        type = t.word(index.value);
        break;
      case Op.TypeArray:
      case Op.TypeRuntimeArray:
      case Op.TypeVector:
      case Op.TypeMatrix:
        type = t.word(0);
        break;
      default:
        return undefined;
    }
  }
  return type;
}

/** How many members a value of `type` has (0 when not known). */
function memberCount(defUse: DefUse, types: TypeManager, type: number): number {
  const t = defUse.def(type);
  switch (t?.opcode) {
    case Op.TypeStruct:
      return t.operandCount;
    case Op.TypeArray:
      return types.constantValue(t.word(1)) ?? 0;
    case Op.TypeVector:
    case Op.TypeMatrix:
      return t.word(1);
    default:
      return 0;
  }
}

/** True when a value of type `a` can be rebuilt as one of type `b` member by member. */
function sameShape(defUse: DefUse, types: TypeManager, a: number, b: number): boolean {
  if (a === b) return true;
  const ta = defUse.def(a);
  const tb = defUse.def(b);
  if (ta === undefined || tb === undefined || ta.opcode !== tb.opcode) return false;
  if (ta.opcode === Op.TypeArray) {
    const n = types.constantValue(ta.word(1));
    return n !== undefined && n === types.constantValue(tb.word(1)) && sameShape(defUse, types, ta.word(0), tb.word(0));
  }
  if (ta.opcode === Op.TypeStruct) {
    if (ta.operandCount !== tb.operandCount) return false;
    for (let i = 0; i < ta.operandCount; i++) if (!sameShape(defUse, types, ta.word(i), tb.word(i))) return false;
    return true;
  }
  return false;
}

/** Rebuilds `value` of type `from` as a value of type `to` (of the same shape), member by member. */
function copyValue(module: Module, defUse: DefUse, types: TypeManager, value: number, from: number, to: number, out: Instruction[]): number {
  if (from === to) return value;
  const tf = defUse.def(from)!;
  const tt = defUse.def(to)!;
  const count = tf.opcode === Op.TypeStruct ? tf.operandCount : types.constantValue(tf.word(1))!;
  const parts: number[] = [];
  for (let i = 0; i < count; i++) {
    const memberFrom = tf.opcode === Op.TypeStruct ? tf.word(i) : tf.word(0);
    const memberTo = tt.opcode === Op.TypeStruct ? tt.word(i) : tt.word(0);
    const part = new Instruction(Op.CompositeExtract, memberFrom, module.newId(), [value, i]);
    out.push(part);
    parts.push(copyValue(module, defUse, types, part.resultId, memberFrom, memberTo, out));
  }
  const whole = new Instruction(Op.CompositeConstruct, to, module.newId(), parts);
  out.push(whole);
  return whole.resultId;
}
