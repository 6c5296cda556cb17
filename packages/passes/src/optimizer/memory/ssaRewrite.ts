import { ControlFlowAnalysis, DefUseAnalysis, Instruction, Op, UNCHANGED, type Block, type DefUse, type Function, type Module, type Pass } from '@spvkit/core';
import { DominanceFrontiers } from './dominanceFrontiers.js';
import { localVariables, TargetTypes, type LocalVariable } from './localVariables.js';
import { MemoryEdits } from './memoryEdits.js';
import { UndefinedValues } from './undefinedValues.js';
import { OPTIMIZER_PRESERVES } from '../optimizerPreserves.js';

/**
 * `ssa-rewrite` (also `eliminate-local-multi-store`), as spirv-opt's: every Function variable
 * whose uses are whole loads and stores (no access chains, calls or copies) becomes SSA values.
 * Each load is replaced by the value that reaches it, with OpPhis where different stores meet
 * (placed on the iterated dominance frontiers of the stores, kept only where a value they carry
 * is used and where their incoming values differ); a load nothing was stored to before reads an
 * OpUndef. The loads, the stores and the variable go. Variables with volatile or otherwise
 * annotated accesses, and those of other types (images, pointers, runtime arrays), stay.
 *
 * @example
 * ```ts
 * runPasses(module, ['ssa-rewrite']);
 * ```
 */
export const ssaRewrite: Pass = {
  name: 'ssa-rewrite',
  description: 'promote Function variables used only by whole loads and stores to SSA values with OpPhi',
  preserves: OPTIMIZER_PRESERVES,
  run(module) {
    const defUse = module.analysis(DefUseAnalysis);
    const targets = new TargetTypes(defUse);
    const undefs = new UndefinedValues(module);
    const edits = new MemoryEdits();
    for (const fn of module.functions) {
      const variables = localVariables(fn, defUse, targets, { accessChains: false }).filter(
        (v) => v.loads.every((l) => l.operandCount === 1) && v.stores.every((s) => s.operandCount === 2),
      );
      if (variables.length > 0) promote(module, fn, variables, defUse, undefs, edits);
    }
    if (edits.empty) return UNCHANGED;
    undefs.declare(module);
    edits.apply(module, defUse);
    return { changed: true, diagnostics: [] };
  },
};

/** An OpPhi being built for `variable` at block number `block`: value, parent pairs. */
interface PlannedPhi {
  readonly id: number;
  readonly variable: number;
  readonly block: number;
  readonly type: number;
  readonly operands: number[];
}

/** Plans the promotion of `variables` of `fn` into `edits`. */
function promote(module: Module, fn: Function, variables: readonly LocalVariable[], defUse: DefUse, undefs: UndefinedValues, edits: MemoryEdits): void {
  const flow = module.analysis(ControlFlowAnalysis).of(fn);
  const df = new DominanceFrontiers(flow);
  const { order, number, idom } = df;
  const n = order.length;
  // Which variable each whole load and store reaches.
  const index = new Map<Instruction, number>();
  variables.forEach((v, k) => {
    for (const inst of v.loads) index.set(inst, k);
    for (const inst of v.stores) index.set(inst, k);
  });

  // Blocks that store each variable, and whether some block loads it before storing it (a
  // variable that never is needs no OpPhi: every load reads its own block's store).
  const defBlocks: number[][] = variables.map((v) => (v.variable.operandCount > 1 ? [0] : []));
  const crossesBlocks = new Uint8Array(variables.length);
  const storedIn = new Int32Array(variables.length).fill(-1);
  for (let b = 0; b < n; b++) {
    for (const inst of order[b].instructions) {
      const k = index.get(inst);
      if (k === undefined) continue;
      if (inst.opcode === Op.Store) {
        if (storedIn[k] !== b) defBlocks[k].push(b);
        storedIn[k] = b;
      } else if (storedIn[k] !== b) crossesBlocks[k] = 1;
    }
  }

  // OpPhis on the iterated dominance frontiers of each variable's stores.
  const phisAt: PlannedPhi[][] = order.map(() => []);
  const phis: PlannedPhi[] = [];
  for (let k = 0; k < variables.length; k++) {
    if (crossesBlocks[k] === 0) continue;
    const placed = new Set<number>();
    const work = [...defBlocks[k]];
    const queued = new Set<number>(work);
    while (work.length > 0) {
      const b = work.pop()!;
      for (const f of df.of(b)) {
        if (placed.has(f)) continue;
        placed.add(f);
        const phi: PlannedPhi = { id: module.newId(), variable: k, block: f, type: variables[k].pointee, operands: [] };
        phisAt[f].push(phi);
        phis.push(phi);
        if (!queued.has(f)) {
          queued.add(f);
          work.push(f);
        }
      }
    }
  }

  // Renaming, in a preorder walk of the dominator tree: each variable's current value on a stack.
  const children: number[][] = order.map(() => []);
  for (let b = 1; b < n; b++) children[idom[b]].push(b);
  const stacks: number[][] = variables.map((v) => (v.variable.operandCount > 1 ? [v.variable.word(1)] : []));
  const current = (k: number): number => {
    const s = stacks[k];
    return s.length > 0 ? s[s.length - 1] : undefs.of(variables[k].pointee);
  };
  /** Loads replaced, with their values: the roots of the OpPhis kept. */
  const replaced: { load: Instruction; value: number }[] = [];
  const removedStores = new Set<Instruction>();
  const walk: { b: number; pushed: number[] | undefined }[] = [{ b: 0, pushed: undefined }];
  while (walk.length > 0) {
    const top = walk[walk.length - 1];
    if (top.pushed !== undefined) {
      for (const k of top.pushed) stacks[k].pop();
      walk.pop();
      continue;
    }
    const pushed: number[] = [];
    top.pushed = pushed;
    const block = order[top.b];
    for (const phi of phisAt[top.b]) {
      stacks[phi.variable].push(phi.id);
      pushed.push(phi.variable);
    }
    for (const inst of block.instructions) {
      const k = index.get(inst);
      if (k === undefined) continue;
      if (inst.opcode === Op.Store) {
        stacks[k].push(edits.resolve(inst.word(1)));
        pushed.push(k);
        edits.remove(block, inst);
        removedStores.add(inst);
      } else {
        const value = current(k);
        edits.replaceLoad(block, inst, value);
        replaced.push({ load: inst, value });
      }
    }
    for (const succ of flow.successors(block)) {
      const s = number.get(succ);
      if (s === undefined) continue;
      for (const phi of phisAt[s]) phi.operands.push(current(phi.variable), block.id);
    }
    for (const c of children[top.b]) walk.push({ b: c, pushed: undefined });
  }
  // Predecessors never reached bring nothing defined: an OpUndef each.
  for (const phi of phis) {
    for (const pred of flow.predecessors(order[phi.block])) {
      if (!flow.reachable(pred)) phi.operands.push(undefs.of(variables[phi.variable].pointee), pred.id);
    }
  }
  // Blocks never reached run nothing: their loads read OpUndef, their stores go.
  for (const block of fn.blocks) {
    if (flow.reachable(block)) continue;
    for (const inst of block.instructions) {
      const k = index.get(inst);
      if (k === undefined) continue;
      if (inst.opcode === Op.Store) edits.remove(block, inst);
      else edits.replaceLoad(block, inst, undefs.of(variables[k].pointee));
    }
  }
  for (const v of variables) edits.remove(fn.blocks[0], v.variable);

  keepNeededPhis(phis, replaced, removedStores, defUse, edits, order);
}

/**
 * Drops the OpPhis whose incoming values are all one value (or the OpPhi itself), standing for
 * that value instead, then those no kept instruction uses, and records the others.
 */
function keepNeededPhis(
  phis: readonly PlannedPhi[],
  replaced: readonly { load: Instruction; value: number }[],
  removedStores: ReadonlySet<Instruction>,
  defUse: DefUse,
  edits: MemoryEdits,
  order: readonly Block[],
): void {
  const byId = new Map<number, PlannedPhi>();
  for (const phi of phis) byId.set(phi.id, phi);
  const users = new Map<number, PlannedPhi[]>();
  for (const phi of phis) {
    for (let i = 0; i < phi.operands.length; i += 2) {
      const v = phi.operands[i];
      if (!byId.has(v)) continue;
      let list = users.get(v);
      if (list === undefined) users.set(v, (list = []));
      list.push(phi);
    }
  }
  const trivial = new Set<number>();
  const work = [...phis];
  while (work.length > 0) {
    const phi = work.pop()!;
    if (trivial.has(phi.id)) continue;
    let only: number | undefined;
    let many = false;
    for (let i = 0; i < phi.operands.length && !many; i += 2) {
      const v = edits.resolve(phi.operands[i]);
      if (v === phi.id || v === only) continue;
      if (only === undefined) only = v;
      else many = true;
    }
    if (many || only === undefined) continue;
    trivial.add(phi.id);
    edits.alias(phi.id, only);
    for (const user of users.get(phi.id) ?? []) work.push(user);
  }

  const live = new Set<number>();
  const mark: number[] = [];
  for (const { load, value } of replaced) {
    const v = edits.resolve(value);
    if (!byId.has(v) || live.has(v)) continue;
    const used = defUse
      .uses(load.resultId)
      .some(
        ({ instruction, operand }) => instruction.opcode !== Op.Name && !(instruction.opcode === Op.Store && operand === 1 && removedStores.has(instruction)),
      );
    if (!used) continue;
    live.add(v);
    mark.push(v);
  }
  while (mark.length > 0) {
    const phi = byId.get(mark.pop()!)!;
    for (let i = 0; i < phi.operands.length; i += 2) {
      const v = edits.resolve(phi.operands[i]);
      if (byId.has(v) && !live.has(v)) {
        live.add(v);
        mark.push(v);
      }
    }
  }
  for (const phi of phis) {
    if (!live.has(phi.id) || trivial.has(phi.id)) continue;
    const operands = phi.operands.map((w, i) => (i % 2 === 0 ? edits.resolve(w) : w));
    edits.addPhi(order[phi.block], new Instruction(Op.Phi, phi.type, phi.id, operands));
  }
}
