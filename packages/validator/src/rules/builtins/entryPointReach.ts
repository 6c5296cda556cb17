import { decodeLiteralString, type CallGraph, type Module } from '@spvkit/core';
import type { BuiltinInstance, BuiltinTarget } from './targets.js';
import type { UseSite } from './uses.js';

/** An OpEntryPoint. */
export interface EntryPoint {
  readonly executionModel: number;
  readonly functionId: number;
  readonly name: string;
  /** Its place among the module's entry points: one finding per rule, object and entry point. */
  readonly index: number;
}

/** A use of a target reached by an entry point. */
export interface ReachedUse {
  readonly instance: BuiltinInstance;
  readonly fnId: number;
  readonly site: UseSite;
  readonly ep: EntryPoint;
}

/**
 * Which entry points reach a use through their call graphs: the execution-model rules apply
 * there, and a variable only listed in an interface is not "used".
 */
export class EntryPointReach {
  private readonly entryPoints: EntryPoint[];
  private reachingMap: Map<number, EntryPoint[]> | undefined;

  constructor(
    module: Module,
    private readonly calls: CallGraph,
  ) {
    this.entryPoints = module.entryPoints.map((inst, index) => ({
      executionModel: inst.word(0),
      functionId: inst.word(1),
      name: decodeLiteralString(inst.operands, 2, inst.operandCount).value,
      index,
    }));
  }

  /** Every (use, entry point) pair: for each instance, each function using (or writing) it, each entry point reaching that function. */
  reachedUses(target: BuiltinTarget, writes = false): ReachedUse[] {
    const result: ReachedUse[] = [];
    for (const instance of target.instances) {
      for (const [fnId, site] of writes ? instance.writes : instance.uses) {
        for (const ep of this.reaching(fnId)) result.push({ instance, fnId, site, ep });
      }
    }
    return result;
  }

  /** The functions of a shortest call path from the entry point to `fnId`, the entry point's first; undefined where it does not reach `fnId`. */
  callChain(ep: EntryPoint, fnId: number): number[] | undefined {
    const prev = new Map<number, number>([[ep.functionId, 0]]);
    const queue = [ep.functionId];
    while (queue.length > 0) {
      const f = queue.shift()!;
      if (f === fnId) break;
      for (const c of this.calls.callees(f)) {
        if (prev.has(c)) continue;
        prev.set(c, f);
        queue.push(c);
      }
    }
    if (!prev.has(fnId)) return undefined;
    const chain: number[] = [];
    for (let f = fnId; f !== 0; f = prev.get(f)!) chain.unshift(f);
    return chain;
  }

  /** Entry points whose call tree contains `fnId`. */
  private reaching(fnId: number): readonly EntryPoint[] {
    if (this.reachingMap === undefined) {
      const map = new Map<number, EntryPoint[]>();
      for (const ep of this.entryPoints) {
        for (const f of this.calls.reachableFrom(ep.functionId)) {
          const list = map.get(f);
          if (list === undefined) map.set(f, [ep]);
          else list.push(ep);
        }
      }
      this.reachingMap = map;
    }
    return this.reachingMap.get(fnId) ?? [];
  }
}

/** The first use of `instance` among `reached`, else the first of any instance: where a finding about a declaration is shown. */
export function firstReached(reached: readonly ReachedUse[], instance: BuiltinInstance | undefined): ReachedUse | undefined {
  return reached.find((r) => r.instance === instance) ?? reached[0];
}
