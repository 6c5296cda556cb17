// How the consistency check describes the built-in analyses (see Analysis.snapshot): kept out of
// the analyses themselves so that a page that never checks does not carry them.
import type { Analysis, Module } from '../ir/Module.js';
import { CallGraphAnalysis } from './CallGraph.js';
import { DecorationsAnalysis, decorationTables, type AppliedDecoration } from './Decorations.js';
import { DefUseAnalysis, defUseTables, sameDefUse, type DefUse } from './DefUse.js';
import { EntryPointsAnalysis } from './EntryPoints.js';
import { NamesAnalysis, nameTables } from './Names.js';
import { TypesAnalysis } from './TypeManager.js';
import { positionsOf, positionText } from './positions.js';
import { ControlFlowAnalysis, sameControlFlow, type ControlFlow } from './controlFlow/ControlFlow.js';

type Snapshot = (value: unknown, module: Module) => readonly string[];

/** A map entry pairing an analysis with a snapshot of its own value type. */
function entry<T>(analysis: Analysis<T>, snapshot: (value: T, module: Module) => readonly string[]): [Analysis<unknown>, Snapshot] {
  return [analysis, snapshot as Snapshot];
}

const byNumber = (a: number, b: number): number => a - b;

/** The snapshot of each built-in analysis, for {@link checkConsistency}. */
export const builtInSnapshots: ReadonlyMap<Analysis<unknown>, Snapshot> = new Map([
  entry(DefUseAnalysis, (value, module) => {
    const t = defUseTables(value);
    if (t === undefined) return ['(not built by DefUseAnalysis)'];
    const at = positionsOf(module);
    const lines: string[] = [];
    for (const [id, inst] of t.defs) lines.push(`def %${id} = ${positionText(at, inst)}`);
    for (const [id, list] of t.uses) for (const u of list) lines.push(`use %${id} by ${positionText(at, u.instruction)} operand ${u.operand}`);
    return lines.sort();
  }),
  entry(DecorationsAnalysis, (value, module) => {
    const tables = decorationTables(value);
    if (tables === undefined) return ['(not built by DecorationsAnalysis)'];
    const at = positionsOf(module);
    const text = (d: AppliedDecoration): string => `${d.decoration}(${d.params.join(',')}) by ${positionText(at, d.instruction)}`;
    const lines: string[] = [];
    for (const [id, list] of tables.byId) for (const d of list) lines.push(`%${id}: ${text(d)}`);
    for (const [id, members] of tables.byMember) for (const [m, list] of members) for (const d of list) lines.push(`%${id}.${m}: ${text(d)}`);
    return lines.sort();
  }),
  entry(NamesAnalysis, (value) => {
    const tables = nameTables(value);
    if (tables === undefined) return ['(not built by NamesAnalysis)'];
    const lines = [...tables.names].map(([id, name]) => `%${id} ${JSON.stringify(name)}`);
    for (const [key, name] of tables.members) lines.push(`%${key} ${JSON.stringify(name)}`);
    return lines.sort();
  }),
  entry(EntryPointsAnalysis, (value, module) => {
    const at = positionsOf(module);
    const lines: string[] = [];
    for (const ep of value.list) {
      lines.push(`${positionText(at, ep.instruction)} ${ep.executionModel} %${ep.functionId} ${JSON.stringify(ep.name)} (${ep.interface.join(' ')})`);
      lines.push(`  modes ${ep.executionModes.map((m) => positionText(at, m)).join(' ')}`);
      lines.push(`  reaches ${[...ep.reachable].sort(byNumber).join(' ')}`);
    }
    return lines;
  }),
  entry(CallGraphAnalysis, (value) => value.functions.map((f) => `%${f} calls ${[...value.callees(f)].sort(byNumber).join(' ')}`)),
  entry(TypesAnalysis, (value) => value.snapshot()),
]);

type Equivalence = (cached: unknown, fresh: unknown) => boolean | undefined;

/**
 * Comparisons that tell, without writing a snapshot, that a cached value and a fresh build agree;
 * the snapshots are then written only to show where they differ. Def-use is the analysis every
 * pass keeps, and its snapshot (a line per use, sorted) cost more than the passes it checked.
 */
export const builtInEquivalences: ReadonlyMap<Analysis<unknown>, Equivalence> = new Map<Analysis<unknown>, Equivalence>([
  [DefUseAnalysis, (cached, fresh) => sameDefUse(cached as DefUse, fresh as DefUse)],
  [ControlFlowAnalysis, (cached, fresh) => sameControlFlow(cached as ControlFlow, fresh as ControlFlow)],
]);
