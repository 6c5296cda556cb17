import { Op, type DefUse, type Function, type Instruction, type TypeManager } from '@spvkit/core';
import { partsOf, scalarBits, type ConstantValue, type ConstantValues } from '../../specialize/constantValue.js';
import { bitsOfLiteral } from '../../specialize/scalarType.js';
import { constantLattice, meet, VARYING, type LatticeValue } from './constantLattice.js';
import { FOLDABLE_OPCODES, foldInstruction } from './instructionFolder.js';

/**
 * Wegman and Zadeck's conditional constant propagation over one function: blocks are simulated
 * only once an edge into them is known to run, an OpPhi meets only the values of the edges that
 * run, and a branch on a constant makes only its taken edge run. Returns what each of the
 * function's ids holds (ids of blocks that never run stay absent). `globals` is the lattice value
 * of the module's constants (every other global is varying); `values` holds the fixed constants'
 * values and gains those of the function's constant ids, for the folder to compute with.
 *
 * @example
 * ```ts
 * const lattice = propagateConstants(fn, types, defUse, values, globals); // %x -> { key, value }
 * ```
 */
export function propagateConstants(
  fn: Function,
  types: TypeManager,
  defUse: DefUse,
  values: ConstantValues,
  globals: ReadonlyMap<number, LatticeValue>,
): Map<number, LatticeValue> {
  const blocks = fn.blocks;
  const n = blocks.length;
  const byLabel = new Map<number, number>();
  const blockOf = new Map<Instruction, number>();
  const local = new Set<number>();
  blocks.forEach((block, b) => {
    byLabel.set(block.id, b);
    for (const inst of block.instructions) {
      blockOf.set(inst, b);
      if (inst.resultId !== 0) local.add(inst.resultId);
    }
  });
  const state = new Map<number, LatticeValue>();
  for (const param of fn.parameters) state.set(param.resultId, VARYING);

  const lookup = (id: number): LatticeValue | undefined => {
    const s = state.get(id);
    if (s !== undefined || local.has(id)) return s;
    return globals.get(id) ?? VARYING;
  };

  const executable = new Set<number>();
  const simulated = new Uint8Array(n);
  const blockQueue: number[] = [0];
  const ssaQueue: Instruction[] = [];
  // Instructions whose value is varying (or branches with every edge taken): never visited again.
  const done = new Set<Instruction>();

  const addEdge = (from: number, label: number): void => {
    const to = byLabel.get(label);
    if (to === undefined || executable.has(from * n + to)) return;
    executable.add(from * n + to);
    blockQueue.push(to);
  };

  const set = (inst: Instruction, next: LatticeValue): void => {
    const id = inst.resultId;
    const old = state.get(id);
    const v = meet(old, next);
    if (old !== undefined && (old === v || (old !== VARYING && v !== VARYING && old.key === v.key))) return;
    state.set(id, v);
    if (v === VARYING) {
      done.add(inst);
      values.delete(id);
    } else if (v.value !== undefined) {
      values.set(id, v.value);
    }
    for (const use of defUse.uses(id)) {
      const user = use.instruction;
      const b = blockOf.get(user);
      if (b !== undefined && simulated[b] === 1 && !done.has(user)) ssaQueue.push(user);
    }
  };

  const visitPhi = (phi: Instruction, b: number): void => {
    let result: LatticeValue | undefined;
    for (let i = 0; i + 1 < phi.operandCount; i += 2) {
      const parent = byLabel.get(phi.word(i + 1));
      if (parent === undefined || !executable.has(parent * n + b)) continue;
      const v = lookup(phi.word(i));
      // A value not known yet joins as nothing: the optimistic assumption, revised when it is.
      if (v === undefined) continue;
      result = meet(result, v);
      if (result === VARYING) break;
    }
    if (result !== undefined) set(phi, result);
  };

  const visitBranch = (inst: Instruction, b: number): void => {
    if (inst.opcode === Op.Branch) {
      addEdge(b, inst.word(0));
      done.add(inst);
      return;
    }
    const target = takenTarget(inst, lookup(inst.word(0)), types);
    if (target !== undefined) {
      addEdge(b, target);
      return;
    }
    // Not a constant (or not known): every edge may run.
    if (inst.opcode === Op.BranchConditional) {
      addEdge(b, inst.word(1));
      addEdge(b, inst.word(2));
    } else {
      addEdge(b, inst.word(1));
      const stride = switchStride(inst, types, defUse);
      for (let i = 2; i + stride - 1 < inst.operandCount; i += stride) addEdge(b, inst.word(i + stride - 1));
    }
    done.add(inst);
  };

  const visitAssignment = (inst: Instruction): void => {
    const opcode = inst.opcode;
    if (opcode === Op.CopyObject) {
      const v = lookup(inst.word(0));
      if (v !== undefined) set(inst, v);
      return;
    }
    if (!FOLDABLE_OPCODES.has(opcode)) {
      set(inst, VARYING);
      return;
    }
    const ids = idOperands(inst);
    const folded = foldToConstant(inst, ids, types, values, defUse, lookup);
    if (folded !== undefined) {
      set(inst, folded);
      return;
    }
    let unknown = false;
    for (const id of ids) {
      const v = lookup(id);
      if (v === VARYING) {
        set(inst, VARYING);
        return;
      }
      if (v === undefined) unknown = true;
    }
    // Every operand known and still no constant (a division by zero, a spec constant): varying.
    if (!unknown) set(inst, VARYING);
  };

  const visit = (inst: Instruction, b: number): void => {
    if (done.has(inst)) return;
    const opcode = inst.opcode;
    if (opcode === Op.Phi) visitPhi(inst, b);
    else if (opcode === Op.Branch || opcode === Op.BranchConditional || opcode === Op.Switch) visitBranch(inst, b);
    else if (inst.resultId !== 0) visitAssignment(inst);
  };

  let blockHead = 0;
  let ssaHead = 0;
  for (;;) {
    // Blocks first: simulating them adds the SSA edges to follow after.
    if (blockHead < blockQueue.length) {
      const b = blockQueue[blockHead++];
      const list = blocks[b].instructions;
      // OpPhis again on every new edge; the rest of the block the first time only.
      let i = 0;
      for (; i < list.length && list[i].opcode === Op.Phi; i++) visit(list[i], b);
      if (simulated[b] === 0) {
        simulated[b] = 1;
        for (; i < list.length; i++) visit(list[i], b);
      }
      continue;
    }
    if (ssaHead >= ssaQueue.length) break;
    const inst = ssaQueue[ssaHead++];
    visit(inst, blockOf.get(inst)!);
  }
  return state;
}

/** The id operands of a foldable instruction (extract, insert and shuffle end in literals). */
function idOperands(inst: Instruction): number[] {
  let count = inst.operandCount;
  if (inst.opcode === Op.CompositeExtract) count = 1;
  else if (inst.opcode === Op.CompositeInsert || inst.opcode === Op.VectorShuffle) count = Math.min(count, 2);
  return Array.from(inst.operands.subarray(0, count));
}

/**
 * The constant `inst` computes from what is known of its operands: by the folder's rules (never
 * float arithmetic), or a construct of constants. An identity the folder finds (`x + 0` is `x`)
 * counts only where it names an operand, whose changes reach this instruction again.
 */
function foldToConstant(
  inst: Instruction,
  ids: readonly number[],
  types: TypeManager,
  values: ConstantValues,
  defUse: DefUse,
  lookup: (id: number) => LatticeValue | undefined,
): LatticeValue | undefined {
  if (inst.opcode === Op.CompositeConstruct) {
    const value = constructConstant(inst, types, values);
    if (value !== undefined) return constantLattice(value, types);
  }
  const folded = foldInstruction(inst, types, values, defUse);
  if (folded === undefined || folded.kind === 'operands') return undefined;
  if (folded.kind === 'value') return constantLattice(folded.value, types);
  if (!ids.includes(folded.id)) return undefined;
  const v = lookup(folded.id);
  return v === VARYING ? undefined : v;
}

/**
 * The value of an OpCompositeConstruct whose constituents are all constants: a vector's scalars
 * (constituent vectors spread into their components), or one part per member of anything else.
 */
function constructConstant(inst: Instruction, types: TypeManager, values: ConstantValues): ConstantValue | undefined {
  const type = types.def(inst.typeId);
  if (type === undefined) return undefined;
  const parts: ConstantValue[] = [];
  for (const id of inst.operands) {
    const v = values.get(id);
    if (v === undefined) return undefined;
    if (type.opcode !== Op.TypeVector || scalarBits(v, types) !== undefined) {
      parts.push(v);
      continue;
    }
    const components = partsOf(v, types);
    if (components === undefined) return undefined;
    parts.push(...components);
  }
  if (type.opcode === Op.TypeVector && parts.length !== type.word(1)) return undefined;
  return { kind: 'composite', typeId: inst.typeId, parts };
}

/** Words in each (literal, label) pair of an OpSwitch: the selector's literal width and the label. */
function switchStride(inst: Instruction, types: TypeManager, defUse: DefUse): number {
  const selectorType = types.def(defUse.def(inst.word(0))?.typeId ?? 0);
  return selectorType?.opcode === Op.TypeInt && selectorType.word(0) > 32 ? 3 : 2;
}

/** The label a branch on a known constant takes; undefined when the condition is not a fixed constant. */
function takenTarget(inst: Instruction, condition: LatticeValue | undefined, types: TypeManager): number | undefined {
  if (condition === undefined || condition === VARYING || condition.value === undefined) return undefined;
  const scalar = scalarBits(condition.value, types);
  if (scalar === undefined) return undefined;
  if (inst.opcode === Op.BranchConditional) return scalar.bits !== 0n ? inst.word(1) : inst.word(2);
  if (scalar.type.kind !== 'int') return undefined;
  const width = scalar.type.width > 32 ? 2 : 1;
  for (let i = 2; i + width < inst.operandCount; i += width + 1) {
    if (bitsOfLiteral(inst.operands.subarray(i, i + width), scalar.type.width) === scalar.bits) return inst.word(i + width);
  }
  return inst.word(1);
}
