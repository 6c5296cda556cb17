import { Op } from '../grammar/index.js';
import { decodeLiteralString, literalStringWordCount } from '../binary/literalString.js';
import type { Function } from '../ir/Function.js';
import type { Instruction } from '../ir/Instruction.js';
import type { Analysis, Module } from '../ir/Module.js';
import { positionsOf, positionText } from './positions.js';

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

/** Entry points and the static call graph. */
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

const EMPTY_SET: ReadonlySet<number> = new Set();

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
    const functions = new Map<number, Function>();
    const callees = new Map<number, Set<number>>();
    for (const fn of module.functions) {
      functions.set(fn.id, fn);
      const called = new Set<number>();
      for (const block of fn.blocks) {
        for (const inst of block.instructions) if (inst.opcode === Op.FunctionCall) called.add(inst.word(0));
      }
      callees.set(fn.id, called);
    }
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
      const reachable = new Set<number>();
      const stack = [functionId];
      while (stack.length > 0) {
        const f = stack.pop()!;
        if (reachable.has(f)) continue;
        reachable.add(f);
        for (const c of callees.get(f) ?? EMPTY_SET) stack.push(c);
      }
      return {
        instruction: inst,
        executionModel: inst.word(0),
        functionId,
        name,
        interface: Array.from(inst.operands.subarray(ifaceStart)),
        executionModes: modes.get(functionId) ?? [],
        reachable,
      };
    });
    let containing: Map<Instruction, Function> | null = null;
    const value: EntryPoints = {
      list,
      functionById: (id) => functions.get(id),
      callees: (id) => callees.get(id) ?? EMPTY_SET,
      reaching: (id) => list.filter((ep) => ep.reachable.has(id)),
      functionContaining(inst) {
        if (containing === null) {
          containing = new Map();
          for (const fn of functions.values()) for (const i of fn.allInstructions()) containing.set(i, fn);
        }
        return containing.get(inst);
      },
      executionMode: (ep, mode) => ep.executionModes.find((m) => m.word(1) === mode),
    };
    return value;
  },
  // Read from the entry points, their modes and the bodies (calls, and which function holds what).
  update: (_value, change) => change.place !== 'entryPoints' && change.place !== 'executionModes' && change.place !== 'functions',
  snapshot(value, module) {
    const at = positionsOf(module);
    const lines: string[] = [];
    for (const ep of value.list) {
      lines.push(`${positionText(at, ep.instruction)} ${ep.executionModel} %${ep.functionId} ${JSON.stringify(ep.name)} (${ep.interface.join(' ')})`);
      lines.push(`  modes ${ep.executionModes.map((m) => positionText(at, m)).join(' ')}`);
      lines.push(`  reaches ${[...ep.reachable].sort((a, b) => a - b).join(' ')}`);
    }
    for (const fn of module.functions) lines.push(`%${fn.id} calls ${[...value.callees(fn.id)].sort((a, b) => a - b).join(' ')}`);
    return lines;
  },
};
