import {
  Block,
  CallGraphAnalysis,
  ControlFlowAnalysis,
  DefUseAnalysis,
  Function,
  Instruction,
  Op,
  TypesAnalysis,
  UNCHANGED,
  type Module,
  type Pass,
} from '@spvkit/core';
import { blocksById, mergeInstructionOf } from './structuredBlocks.js';
import { UndefValues } from './undefValues.js';
import { OPTIMIZER_PRESERVES } from '../optimizerPreserves.js';

/** The flag name, as spirv-opt's. */
export const WRAP_OPKILL = 'wrap-opkill';

/**
 * `wrap-opkill`: in every function called, directly or not, from a loop's continue construct,
 * each OpKill and OpTerminateInvocation becomes a call of a new function that holds just that
 * instruction, followed by a return (of an OpUndef in a function with a result), as spirv-opt's
 * wrap-opkill. Inlining such a function would otherwise put the OpKill into a continue construct,
 * where the rules forbid it; the wrapper is never inlined, being called from outside one. Functions
 * not called from a continue construct, entry points, and wrappers already there (a `void()`
 * function of one block holding only the kill, which spirv-opt would wrap again) are left alone.
 *
 * @example
 * ```ts
 * runPasses(module, ['wrap-opkill']);
 * ```
 */
export const wrapOpKill: Pass = {
  name: WRAP_OPKILL,
  description: 'wrap OpKill and OpTerminateInvocation of functions called from continue constructs into functions of their own',
  preserves: OPTIMIZER_PRESERVES,
  run(module) {
    const found: { fn: Function; inst: Instruction }[] = [];
    for (const fn of module.functions) {
      for (const block of fn.blocks) {
        const last = block.instructions[block.instructions.length - 1];
        if (last !== undefined && (last.opcode === Op.Kill || last.opcode === Op.TerminateInvocation)) found.push({ fn, inst: last });
      }
    }
    // Which functions continue constructs call takes the control flow of every function with a
    // loop: only worth finding when there is a kill to wrap.
    if (found.length === 0) return UNCHANGED;
    const targets = functionsCalledFromContinues(module);
    // A function that is nothing but the kill is a wrapper already (spirv-opt wraps it again,
    // each run adding one; this pass leaves it, so a second run changes nothing).
    const kills = found.filter(({ fn }) => targets.has(fn.id) && !isWrapper(module, fn));
    if (kills.length === 0) return UNCHANGED;
    const types = module.analysis(TypesAnalysis);
    const undefs = new UndefValues(module);
    const wrappers = new Map<number, number>();
    const wrapperOf = (opcode: number): number => {
      let id = wrappers.get(opcode);
      if (id === undefined) {
        const definition = new Instruction(Op.Function, types.voidType(), module.newId(), [0, types.functionType(types.voidType())]);
        const label = new Instruction(Op.Label, 0, module.newId());
        module.addFunction(new Function(definition, [], [new Block(label, [new Instruction(opcode)])], new Instruction(Op.FunctionEnd)));
        id = definition.resultId;
        wrappers.set(opcode, id);
      }
      return id;
    };
    for (const { fn, inst } of kills) {
      const call = new Instruction(Op.FunctionCall, types.voidType(), module.newId(), [wrapperOf(inst.opcode)]);
      const returnType = fn.definition.typeId;
      const ret = returnType === types.voidType() ? new Instruction(Op.Return) : new Instruction(Op.ReturnValue, 0, 0, [undefs.of(returnType)]);
      module.replace(inst, [call, ret]);
    }
    return { changed: true, diagnostics: [] };
  },
};

/** Whether `fn` has the shape of a wrapper: `void()`, one block holding nothing but the kill. */
function isWrapper(module: Module, fn: Function): boolean {
  if (fn.blocks.length !== 1 || fn.blocks[0].instructions.length !== 1 || fn.parameters.length > 0) return false;
  return module.analysis(DefUseAnalysis).def(fn.definition.typeId)?.opcode === Op.TypeVoid;
}

/**
 * The ids of the functions a continue construct calls, and of those they call, transitively
 * (spirv-opt's "functions called from a continue"; the inliner reads it too).
 *
 * @example
 * ```ts
 * if (functionsCalledFromContinues(module).has(fn.id)) console.log('called from a continue construct');
 * ```
 */
export function functionsCalledFromContinues(module: Module): Set<number> {
  const direct: number[] = [];
  for (const fn of module.functions) {
    if (!fn.blocks.some((b) => mergeInstructionOf(b)?.opcode === Op.LoopMerge)) continue;
    const flow = module.analysis(ControlFlowAnalysis).of(fn);
    const byId = blocksById(fn);
    for (const header of fn.blocks) {
      const merge = mergeInstructionOf(header);
      if (merge?.opcode !== Op.LoopMerge) continue;
      const start = byId.get(merge.word(1));
      if (start === undefined || start === header) continue;
      // The continue construct: what the continue target reaches before the back edge.
      const seen = new Set<Block>([start]);
      const work = [start];
      while (work.length > 0) {
        const block = work.pop()!;
        for (const inst of block.instructions) if (inst.opcode === Op.FunctionCall) direct.push(inst.word(0));
        for (const s of flow.successors(block)) {
          if (s === header || s.id === merge.word(0) || seen.has(s) || !flow.dominates(start, s)) continue;
          seen.add(s);
          work.push(s);
        }
      }
    }
  }
  const calls = module.analysis(CallGraphAnalysis);
  const all = new Set<number>();
  for (const id of direct) {
    if (all.has(id)) continue;
    for (const reached of calls.reachableFrom(id)) all.add(reached);
    all.add(id);
  }
  return all;
}
