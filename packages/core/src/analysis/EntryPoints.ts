import { decodeLiteralString, literalStringWordCount } from '../words/literalString.js';
import type { Function } from '../ir/Function.js';
import type { Instruction } from '../ir/Instruction.js';
import type { Analysis, Module } from '../ir/Module.js';
import { CallGraphAnalysis, type CallGraph } from './CallGraph.js';

/** An OpEntryPoint with what it reaches. */
export interface EntryPointInfo {
  readonly instruction: Instruction;
  readonly executionModel: number;
  readonly functionId: number;
  readonly name: string;
  /** Ids listed in the entry point's interface, in order. */
  readonly interface: readonly number[];
  /** OpExecutionMode and OpExecutionModeId instructions targeting the entry function. */
  readonly executionModes: readonly Instruction[];
  /** Functions reachable through OpFunctionCall from the entry function, itself included. */
  readonly reachable: ReadonlySet<number>;
}

/** Entry points, and the static call graph from each (see CallGraphAnalysis). */
export interface EntryPoints {
  readonly list: readonly EntryPointInfo[];
  functionById(id: number): Function | undefined;
  /** Functions called directly by `functionId`. */
  callees(functionId: number): ReadonlySet<number>;
  /** Entry points whose call tree contains `functionId`. */
  reaching(functionId: number): readonly EntryPointInfo[];
  /** The function an instruction belongs to (built on first call). */
  functionContaining(inst: Instruction): Function | undefined;
  /** The execution mode instruction of `mode` for `ep`, if present. */
  executionMode(ep: EntryPointInfo, mode: number): Instruction | undefined;
}

/**
 * Entry points with their interfaces, execution modes and call trees, so a question such as
 * "which execution models reach this instruction" is a lookup.
 *
 * @example
 * ```ts
 * const eps = module.analysis(EntryPointsAnalysis);
 * for (const ep of eps.reaching(fn.id)) console.log(ep.name, ep.executionModel);
 * ```
 */
export const EntryPointsAnalysis: Analysis<EntryPoints> = {
  name: 'entry-points',
  build(module: Module): EntryPoints {
    // The call graph only when a question needs it: reading an entry point's modes or interface
    // (what the dead-code passes ask) should not walk every body of a large module for calls.
    let callGraph: CallGraph | null = null;
    const calls = (): CallGraph => (callGraph ??= module.analysis(CallGraphAnalysis));
    // Function objects only when asked for: the call graph reads undecoded bodies as they are.
    let functions: Map<number, Function> | null = null;
    const functionMap = (): Map<number, Function> => (functions ??= new Map(module.functions.map((fn) => [fn.id, fn])));
    const modes = new Map<number, Instruction[]>();
    for (const inst of module.executionModes) {
      const list = modes.get(inst.word(0));
      if (list === undefined) modes.set(inst.word(0), [inst]);
      else list.push(inst);
    }
    const list: EntryPointInfo[] = module.entryPoints.map((inst) => {
      const functionId = inst.word(1);
      const { value: name } = decodeLiteralString(inst.operands, 2, inst.operandCount);
      const ifaceStart = 2 + literalStringWordCount(name);
      let reachable: ReadonlySet<number> | null = null;
      return {
        instruction: inst,
        executionModel: inst.word(0),
        functionId,
        name,
        interface: Array.from(inst.operands.subarray(ifaceStart)),
        executionModes: modes.get(functionId) ?? [],
        get reachable(): ReadonlySet<number> {
          return (reachable ??= calls().reachableFrom(functionId));
        },
      };
    });
    let containing: Map<Instruction, Function> | null = null;
    const value: EntryPoints = {
      list,
      functionById: (id) => functionMap().get(id),
      callees: (id) => calls().callees(id),
      reaching: (id) => list.filter((ep) => ep.reachable.has(id)),
      functionContaining(inst) {
        if (containing === null) {
          containing = new Map();
          for (const fn of functionMap().values()) for (const i of fn.allInstructions()) containing.set(i, fn);
        }
        return containing.get(inst);
      },
      executionMode: (ep, mode) => ep.executionModes.find((m) => m.word(1) === mode),
    };
    return value;
  },
  // Read from the entry points, their modes and the bodies (calls, and which function holds what).
  update: (_value, change) => change.place !== 'entryPoints' && change.place !== 'executionModes' && change.place !== 'functions',
};
