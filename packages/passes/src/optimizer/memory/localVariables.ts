import { Op, StorageClass, type DefUse, type Function, type Instruction } from '@spvkit/core';

/**
 * A Function-storage variable whose every use this group's passes understand: whole-variable
 * loads and stores, and (where asked) access chains rooted at it whose own uses are loads, stores
 * and further access chains. Its names are the only other uses allowed.
 */
export interface LocalVariable {
  readonly variable: Instruction;
  /** The pointee type: what a whole load gives and a whole store takes. */
  readonly pointee: number;
  /** OpLoads of the whole variable, in binary order. */
  readonly loads: Instruction[];
  /** OpStores to the whole variable, in binary order. */
  readonly stores: Instruction[];
  /** Access chains rooted at the variable (directly or through other chains). */
  readonly chains: Instruction[];
  /** OpLoads and OpStores through those access chains. */
  readonly chainAccesses: Instruction[];
}

/** Which uses {@link localVariables} accepts besides whole loads and stores. */
export interface LocalVariableOptions {
  /** Accept access chains (whose uses are loads, stores and access chains in turn). */
  readonly accessChains: boolean;
}

const isChain = (opcode: number): boolean => opcode === Op.AccessChain || opcode === Op.InBoundsAccessChain;

/**
 * The Function variables of `fn` whose pointee is a target type ({@link TargetTypes}) and whose
 * uses are only those the options allow. A variable with any other use (a call argument, a copy,
 * a decoration, a debug declaration, a pointer stored elsewhere) is left out: a pass cannot see
 * what such a use reads or writes.
 *
 * @example
 * ```ts
 * const defUse = module.analysis(DefUseAnalysis);
 * const targets = new TargetTypes(defUse);
 * for (const v of localVariables(fn, defUse, targets, { accessChains: false })) console.log(v.variable.resultId, v.loads.length);
 * ```
 */
export function localVariables(fn: Function, defUse: DefUse, targets: TargetTypes, options: LocalVariableOptions): LocalVariable[] {
  const found: LocalVariable[] = [];
  const entry = fn.blocks[0];
  if (entry === undefined) return found;
  for (const inst of entry.instructions) {
    if (inst.opcode !== Op.Variable) continue;
    if (inst.word(0) !== StorageClass.Function) continue;
    const pointerType = defUse.def(inst.typeId);
    if (pointerType?.opcode !== Op.TypePointer) continue;
    const pointee = pointerType.word(1);
    if (!targets.isTarget(pointee)) continue;
    const v: LocalVariable = { variable: inst, pointee, loads: [], stores: [], chains: [], chainAccesses: [] };
    if (collectUses(defUse, inst.resultId, v, options, true)) found.push(v);
  }
  return found;
}

/** Sorts the uses of `pointer` into `v`; false at the first use the options do not allow. */
function collectUses(defUse: DefUse, pointer: number, v: LocalVariable, options: LocalVariableOptions, whole: boolean): boolean {
  for (const { instruction, operand } of defUse.uses(pointer)) {
    const opcode = instruction.opcode;
    if (opcode === Op.Name) continue;
    if (opcode === Op.Load && operand === 0) {
      (whole ? v.loads : v.chainAccesses).push(instruction);
    } else if (opcode === Op.Store && operand === 0) {
      (whole ? v.stores : v.chainAccesses).push(instruction);
    } else if (isChain(opcode) && operand === 0 && options.accessChains) {
      v.chains.push(instruction);
      if (!collectUses(defUse, instruction.resultId, v, options, false)) return false;
    } else return false;
  }
  return true;
}

/**
 * Which pointee types the memory passes promote, as spirv-opt's: scalars (bool, integers,
 * floats), vectors and matrices, and arrays (of a constant length) and structs of those. Answers
 * are kept per type id.
 */
export class TargetTypes {
  private readonly known = new Map<number, boolean>();

  constructor(private readonly defUse: DefUse) {}

  isTarget(type: number): boolean {
    let answer = this.known.get(type);
    if (answer === undefined) {
      answer = this.compute(type);
      this.known.set(type, answer);
    }
    return answer;
  }

  private compute(type: number): boolean {
    const def = this.defUse.def(type);
    switch (def?.opcode) {
      case Op.TypeBool:
      case Op.TypeInt:
      case Op.TypeFloat:
      case Op.TypeVector:
      case Op.TypeMatrix:
        return true;
      case Op.TypeArray:
        return this.defUse.def(def.word(1))?.opcode === Op.Constant && this.isTarget(def.word(0));
      case Op.TypeStruct:
        for (let i = 0; i < def.operandCount; i++) if (!this.isTarget(def.word(i))) return false;
        return true;
      default:
        return false;
    }
  }
}
