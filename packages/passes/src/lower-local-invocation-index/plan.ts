// Phase 2, planning: which entry points reach each function that reads the index, and so how
// that function computes it (its "flavor": a workgroup size and the LocalInvocationId variable
// to read), or whether it must read a Private copy written by each entry point (functions
// reached from entry points of different sizes). Still nothing is edited.
import { ExecutionModel, EntryPointsAnalysis, Op, TypesAnalysis, type EntryPointInfo, type Instruction, type Module } from '@spvkit/core';
import { fail } from './fail.js';
import { scanGlobals, type IndexVar } from './findUses.js';
import { instructionNumbered, onObjects, scanBodies, type ObjectScan, type Scan } from './scanBodies.js';
import { FlavorResolver, type Flavor } from './flavors.js';

export type { Flavor };

/** What the functions that read the index are, however they were found. */
export interface Reader {
  readonly roots: Set<IndexVar>;
  /** A read in it, for messages (may decode the bodies). */
  readonly at: () => Instruction;
}

/** Everything phase 2 needs: the uses found, and how each reading function computes the index. */
export interface Plan {
  /** The index variables by id. */
  readonly rootOf: ReadonlyMap<number, IndexVar>;
  /** DebugGlobalVariables describing an index variable. */
  readonly debugGlobals: readonly Instruction[];
  /** The reads, to be rewritten in the module's undecoded words (the fast path) ... */
  readonly raw: Scan | undefined;
  /** ... or in decoded bodies (one of the two is set). */
  readonly objects: ObjectScan | undefined;
  readonly readers: ReadonlyMap<number, Reader>;
  readonly eps: readonly EntryPointInfo[];
  readonly flavors: FlavorResolver;
  /** Functions that compute the index themselves, with their flavor. */
  readonly inline: ReadonlyMap<number, Flavor>;
  /** Functions that read a Private copy, with the entry points reaching them. */
  readonly shared: ReadonlyMap<number, EntryPointInfo[]>;
  /** Per index variable, the entry functions that write its Private copy, with their entry points. */
  readonly initializers: ReadonlyMap<IndexVar, Map<number, EntryPointInfo[]>>;
}

/** Finds the uses of `rootOf`'s variables and decides how each reading function gets the index. */
export function plan(module: Module, rootOf: ReadonlyMap<number, IndexVar>): Plan {
  const globals = module.analysis(TypesAnalysis);
  const debugGlobals = scanGlobals(module, rootOf);

  const scan = scanBodies(module, rootOf);
  const readers = new Map<number, Reader>();
  for (const s of scan.reads) {
    const r = readers.get(s.fnId);
    if (r === undefined) readers.set(s.fnId, { roots: new Set([s.root]), at: () => instructionNumbered(module, s.at) });
    else r.roots.add(s.root);
  }
  // From the call graph, which reads undecoded bodies without decoding them.
  const eps = module.analysis(EntryPointsAnalysis).list;
  const reaching = (fnId: number): EntryPointInfo[] => eps.filter((ep) => ep.reachable.has(fnId));
  const flavors = new FlavorResolver(module, globals, eps);

  // The flavor each reading function computes the index in. A function reached by entry points
  // of different flavors cannot: it reads a Private copy that each of those entry points writes
  // first thing (the alternative, a clone of the call tree per size, grows the code and needs its
  // debug info cloned too).
  const inline = new Map<number, Flavor>();
  const shared = new Map<number, EntryPointInfo[]>();
  for (const [fnId, r] of readers) {
    const from = reaching(fnId);
    if (from.length === 0) {
      inline.set(fnId, flavors.forUnreached(fnId, r.at));
      continue;
    }
    const byKey = new Map<string, Flavor>();
    for (const ep of from) {
      const f = flavors.of(ep, r.at);
      byKey.set(f.key, f);
    }
    if (byKey.size === 1) inline.set(fnId, [...byKey.values()][0]);
    // Kernels have no Private storage, but can all read their size at run time.
    else if (from.every((ep) => ep.executionModel === ExecutionModel.Kernel)) inline.set(fnId, flavors.atRunTime(from, r.at));
    else shared.set(fnId, from);
  }
  // Entry functions that must write the Private copy of each index variable.
  const initializers = new Map<IndexVar, Map<number, EntryPointInfo[]>>();
  for (const [fnId, from] of shared) {
    for (const root of readers.get(fnId)!.roots) {
      let byFunction = initializers.get(root);
      if (byFunction === undefined) initializers.set(root, (byFunction = new Map<number, EntryPointInfo[]>()));
      for (const ep of from) {
        const list = byFunction.get(ep.functionId);
        if (list === undefined) byFunction.set(ep.functionId, [ep]);
        else if (!list.includes(ep)) list.push(ep);
      }
    }
  }
  for (const byFunction of initializers.values()) {
    for (const list of byFunction.values()) {
      const at = readers.get([...shared.keys()][0])!.at;
      if (new Set(list.map((ep) => flavors.of(ep, at).key)).size > 1) {
        throw fail(
          module,
          list[0].instruction,
          `and another entry point on the same function %${list[0].functionId} read LocalInvocationId from different variables`,
        );
      }
    }
  }
  // Word by word while the bodies are undecoded and every read is a plain OpLoad that computes
  // the index itself; else on the decoded bodies (pointer copies, parameters, the Private copy).
  const byWords =
    scan.words !== undefined && shared.size === 0 && scan.dropped.length === 0 && scan.params.length === 0 && scan.reads.every((s) => s.opcode === Op.Load);
  const raw = byWords ? scan : undefined;
  const objects = byWords ? undefined : onObjects(module, scan);

  return { rootOf, debugGlobals, raw, objects, readers, eps, flavors, inline, shared, initializers };
}
