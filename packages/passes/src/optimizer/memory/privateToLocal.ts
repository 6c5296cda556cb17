import {
  decodeLiteralString,
  DefUseAnalysis,
  Instruction,
  Op,
  StorageClass,
  TypesAnalysis,
  UNCHANGED,
  type DefUse,
  type Function,
  type Pass,
} from '@spvkit/core';
import { OPTIMIZER_PRESERVES } from '../optimizerPreserves.js';

/**
 * `private-to-local`, as spirv-opt's: a Private variable that only one function uses becomes a
 * Function variable of that function (same id, same initializer), with the access chains into it
 * retyped and its place in the entry points' interfaces dropped. Unlike spirv-opt, the function
 * must be one nothing calls (an entry point): in a function called twice the variable would keep
 * its value from one call to the next, which a Function variable does not. Variables with a use
 * other than loads, stores, access chains, names and interfaces (decorations, debug info, call
 * arguments, copies) stay as they are.
 *
 * @example
 * ```ts
 * runPasses(module, ['private-to-local', 'ssa-rewrite']);
 * ```
 */
export const privateToLocal: Pass = {
  name: 'private-to-local',
  description: 'turn Private variables used by one uncalled function into Function variables of it',
  preserves: OPTIMIZER_PRESERVES,
  run(module) {
    const defUse = module.analysis(DefUseAnalysis);
    const privates = new Map<number, Instruction>();
    for (const inst of module.globals) {
      if (inst.opcode === Op.Variable && inst.word(0) === StorageClass.Private) privates.set(inst.resultId, inst);
    }
    if (privates.size === 0) return UNCHANGED;

    // The uses of each variable inside functions, and its chains, when every use is one we move.
    const plans = new Map<number, { chains: Instruction[]; inFunctions: Set<Instruction> }>();
    const userOf = new Map<Instruction, number>();
    for (const [id] of privates) {
      const plan = { chains: [] as Instruction[], inFunctions: new Set<Instruction>() };
      if (!collect(defUse, id, plan, true)) continue;
      if (plan.inFunctions.size === 0) continue;
      plans.set(id, plan);
      for (const inst of plan.inFunctions) userOf.set(inst, id);
    }
    if (plans.size === 0) return UNCHANGED;

    // One walk of the bodies: which function each use is in, and which functions are called.
    const home = new Map<number, Function | null>();
    const called = new Set<number>();
    for (const fn of module.functions) {
      for (const block of fn.blocks) {
        for (const inst of block.instructions) {
          if (inst.opcode === Op.FunctionCall) called.add(inst.word(0));
          const id = userOf.get(inst);
          if (id === undefined) continue;
          const seen = home.get(id);
          if (seen === undefined) home.set(id, fn);
          else if (seen !== fn) home.set(id, null);
        }
      }
    }
    const moves: { variable: Instruction; fn: Function; chains: Instruction[] }[] = [];
    for (const [id, plan] of plans) {
      const fn = home.get(id);
      if (fn === undefined || fn === null || called.has(fn.id) || fn.blocks.length === 0) continue;
      moves.push({ variable: privates.get(id)!, fn, chains: plan.chains });
    }
    if (moves.length === 0) return UNCHANGED;

    const types = module.analysis(TypesAnalysis);
    const functionPointer = (privatePointer: number): number => types.pointerType(StorageClass.Function, defUse.def(privatePointer)!.word(1));
    const moved = new Set(moves.map((m) => m.variable.resultId));
    for (const { variable, fn, chains } of moves) {
      const local = new Instruction(Op.Variable, functionPointer(variable.typeId), variable.resultId, [
        StorageClass.Function,
        ...variable.operands.subarray(1),
      ]);
      module.remove(variable);
      module.insert(fn.blocks[0], [local], 0);
      for (const chain of chains) module.setTypeId(chain, functionPointer(chain.typeId));
    }
    for (const entry of [...module.entryPoints]) {
      const interfaceStart = entry.operandCount - interfaceLength(entry);
      const kept = Array.from(entry.operands).filter((w, i) => i < interfaceStart || !moved.has(w));
      if (kept.length !== entry.operandCount) module.setOperands(entry, kept);
    }
    return { changed: true, diagnostics: [] };
  },
};

/** How many interface ids end an OpEntryPoint: the words after its name. */
function interfaceLength(entry: Instruction): number {
  // Operands: execution model, function, the name (nul-terminated, padded to words), interface ids.
  return entry.operandCount - 2 - decodeLiteralString(entry.operands, 2, entry.operandCount).wordCount;
}

/** Sorts the uses of `pointer` into `plan`; false at the first use that keeps the variable Private. */
function collect(defUse: DefUse, pointer: number, plan: { chains: Instruction[]; inFunctions: Set<Instruction> }, root: boolean): boolean {
  for (const { instruction, operand } of defUse.uses(pointer)) {
    const opcode = instruction.opcode;
    if (opcode === Op.Name || (root && opcode === Op.EntryPoint)) continue;
    if ((opcode === Op.Load || opcode === Op.Store) && operand === 0) plan.inFunctions.add(instruction);
    else if ((opcode === Op.AccessChain || opcode === Op.InBoundsAccessChain) && operand === 0) {
      plan.inFunctions.add(instruction);
      plan.chains.push(instruction);
      if (!collect(defUse, instruction.resultId, plan, false)) return false;
    } else return false;
  }
  return true;
}
