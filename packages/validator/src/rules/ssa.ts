import { Op, type ControlFlowGraph, definitionOf, type IdOperandWalker, type ModuleIndex, type BlockStructure } from '@spvkit/core';
import type { Reporter } from '../report/Reporter.js';

/**
 * The SSA family: a value defined in a function is used in that function only, in blocks its
 * definition dominates (uses in unreachable blocks are not checked, as spirv-val does not); an
 * OpPhi has one (value, parent) pair per predecessor, each parent a predecessor, each value of the
 * OpPhi's type and defined in a block dominating its parent.
 */
export function checkSsa(scan: ModuleIndex, structure: BlockStructure, cfg: ControlFlowGraph, ids: IdOperandWalker, reporter: Reporter): void {
  const { count, opcode, words } = scan;
  const { blockOf, functionOf } = structure;
  for (let i = 0; i < count; i++) {
    const fn = functionOf[i];
    const block = blockOf[i];
    if (fn < 0 || block < 0) continue;
    if (opcode[i] === Op.Phi) {
      checkPhi(scan, structure, cfg, reporter, i);
      continue;
    }
    const found = ids.collectOperands(words, scan.pos[i], scan.end[i] - scan.pos[i]);
    for (let j = 0; j < found; j++) {
      const used = words[ids.found[j]];
      const d = definitionOf(scan, used);
      if (d < 0 || d >= i) continue; // undefined or forward: the ids family's
      const defFn = functionOf[d];
      if (defFn < 0) continue; // a global
      const defOp = opcode[d];
      if (defOp === Op.Function) continue; // a call's callee
      if (defFn !== fn) {
        reporter.report('spvkit-ssa-function', i, (n) => `${n(used)} is defined in another function`, [used]);
        continue;
      }
      if (defOp === Op.Label || defOp === Op.FunctionParameter) continue;
      const defBlock = blockOf[d];
      if (defBlock < 0 || defBlock === block) continue;
      if (cfg.reachable(block) && !cfg.dominates(defBlock, block)) {
        const useLabel = scan.resultId[structure.blockLabel[block]];
        const defLabel = scan.resultId[structure.blockLabel[defBlock]];
        reporter.report(
          'spvkit-ssa-dominance',
          i,
          (n) => `${n(used)} is defined in block ${n(defLabel)}, which does not dominate its use in block ${n(useLabel)}`,
          [used, defLabel, useLabel],
        );
      }
    }
  }
}

function checkPhi(scan: ModuleIndex, structure: BlockStructure, cfg: ControlFlowGraph, reporter: Reporter, i: number): void {
  const { words, opcode } = scan;
  const { blockOf, functionOf } = structure;
  const block = blockOf[i];
  const fn = functionOf[i];
  const start = scan.operandStart[i];
  const end = scan.end[i];
  const pairs = (end - start) >>> 1;
  const predecessors = cfg.predStart[block + 1] - cfg.predStart[block];
  const label = scan.resultId[structure.blockLabel[block]];
  const result = scan.resultId[i];
  if ((end - start) % 2 !== 0 || pairs !== predecessors) {
    reporter.report(
      'spvkit-ssa-phi-count',
      i,
      (n) =>
        `OpPhi ${n(result)} has ${pairs} (value, parent) pairs${(end - start) % 2 !== 0 ? ' and a stray operand' : ''}, but its block ${n(label)} has ${predecessors} predecessors`,
      [result, label],
    );
  }
  const type = scan.typeId[i];
  for (let k = start; k + 1 < end; k += 2) {
    const value = words[k];
    const parent = words[k + 1];
    const p = definitionOf(scan, parent);
    if (p < 0) continue;
    const parentBlock = opcode[p] === Op.Label ? blockOf[p] : -1;
    if (parentBlock < 0) {
      reporter.report('spvkit-ssa-phi-predecessor', i, (n) => `the parent ${n(parent)} of OpPhi ${n(result)} is not a block`, [parent, result]);
      continue;
    }
    if (!cfg.isPredecessor(parentBlock, block)) {
      reporter.report('spvkit-ssa-phi-predecessor', i, (n) => `the parent ${n(parent)} of OpPhi ${n(result)} is not a predecessor of its block ${n(label)}`, [
        parent,
        result,
        label,
      ]);
    }
    const d = definitionOf(scan, value);
    if (d < 0) continue;
    if (scan.typeId[d] !== type) {
      reporter.report('spvkit-ssa-phi-value', i, (n) => `the value ${n(value)} of OpPhi ${n(result)} does not have its result type ${n(type)}`, [
        value,
        result,
        type,
      ]);
      continue;
    }
    const defFn = functionOf[d];
    if (defFn < 0) continue;
    if (defFn !== fn) {
      reporter.report('spvkit-ssa-function', i, (n) => `${n(value)} is defined in another function`, [value]);
      continue;
    }
    const defBlock = blockOf[d];
    if (opcode[d] === Op.FunctionParameter || defBlock < 0) continue;
    if (cfg.reachable(parentBlock) && !cfg.dominates(defBlock, parentBlock)) {
      const defLabel = scan.resultId[structure.blockLabel[defBlock]];
      reporter.report(
        'spvkit-ssa-phi-dominance',
        i,
        (n) => `the value ${n(value)} of OpPhi ${n(result)} is defined in block ${n(defLabel)}, which does not dominate its parent ${n(parent)}`,
        [value, result, defLabel, parent],
      );
    }
  }
}
