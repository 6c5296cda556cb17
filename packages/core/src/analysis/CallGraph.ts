import { Op } from '../grammar/index.js';
import type { Analysis, Module } from '../ir/Module.js';
import { instructionEnd } from '../ir/InstructionWalker.js';

/** Which function calls which (OpFunctionCall), in a module. */
export interface CallGraph {
  /** Function ids in module order. */
  readonly functions: readonly number[];
  /** Functions `fnId` calls directly. */
  callees(fnId: number): ReadonlySet<number>;
  /** Functions reachable from `fnId` through calls, `fnId` itself included (cached per function). */
  reachableFrom(fnId: number): ReadonlySet<number>;
}

const EMPTY: ReadonlySet<number> = new Set();

/** Calls per function of bodies still held as words: only OpFunction and OpFunctionCall are read. */
function fromWords(words: Uint32Array): Map<number, Set<number>> {
  const callees = new Map<number, Set<number>>();
  let calls = new Set<number>();
  // The walker's step alone (see instructionEnd): two opcodes are all this reads.
  for (let pos = 0, end: number; pos < words.length; pos = end) {
    end = instructionEnd(words, pos);
    const opcode = words[pos] & 0xffff;
    // OpFunction: result type, result; OpFunctionCall: result type, result, callee.
    if (opcode === Op.Function) callees.set(words[pos + 2], (calls = new Set()));
    else if (opcode === Op.FunctionCall) calls.add(words[pos + 3]);
  }
  return callees;
}

function fromObjects(module: Module): Map<number, Set<number>> {
  const callees = new Map<number, Set<number>>();
  for (const fn of module.functions) {
    const calls = new Set<number>();
    for (const block of fn.blocks) for (const inst of block.instructions) if (inst.opcode === Op.FunctionCall) calls.add(inst.word(0));
    callees.set(fn.id, calls);
  }
  return callees;
}

/**
 * The static call graph. On a freshly decoded module it reads the undecoded function words (the
 * first words of each instruction, nothing else) and leaves the bodies undecoded, so passes that
 * only need "which entry points reach this function" stay on the fast path.
 *
 * @example
 * ```ts
 * const calls = module.analysis(CallGraphAnalysis);
 * calls.reachableFrom(entryFunctionId).has(helperId);
 * ```
 */
export const CallGraphAnalysis: Analysis<CallGraph> = {
  name: 'call-graph',
  build(module) {
    const words = module.lazyFunctionWords();
    const callees = words !== null ? fromWords(words) : fromObjects(module);
    const reachable = new Map<number, Set<number>>();
    return {
      functions: [...callees.keys()],
      callees: (id) => callees.get(id) ?? EMPTY,
      reachableFrom(id) {
        let found = reachable.get(id);
        if (found === undefined) {
          found = new Set();
          const stack = [id];
          while (stack.length > 0) {
            const f = stack.pop()!;
            if (found.has(f)) continue;
            found.add(f);
            for (const c of callees.get(f) ?? EMPTY) stack.push(c);
          }
          reachable.set(id, found);
        }
        return found;
      },
    };
  },
  // Only functions and calls matter: any other edit of a body keeps it.
  update(_value, change) {
    if (change.place !== 'functions') return true;
    if (change.kind === 'replaced') return false;
    const op = change.instruction.opcode;
    return op !== Op.FunctionCall && op !== Op.Function && (change.kind !== 'operands' || change.before.opcode !== Op.FunctionCall);
  },
};
