import { DefUseAnalysis, Op, TypesAnalysis, UNCHANGED, type Pass } from '@spvkit/core';
import { declareConstant, fixedConstantValues } from './constantDeclarer.js';
import { constantLattice, SPEC_CONSTANTS, specConstantLattice, VARYING, type LatticeValue } from './constantLattice.js';
import { propagateConstants } from './constantPropagator.js';
import { replaceResult } from './replaceResult.js';
import { OPTIMIZER_PRESERVES } from '../optimizerPreserves.js';

/**
 * spirv-opt's `--ccp`: conditional constant propagation (see {@link propagateConstants}). Every
 * id found to hold one constant on every path that runs has its uses moved to that constant
 * (declared when the module has none), and its names and decorations go. The definitions stay,
 * unused, and so do the branches on what became constants: `eliminate-dead-branches` and
 * `eliminate-dead-code-aggressive` remove them, as after spirv-opt's pass. The folding rules are
 * simplify-instructions' (integer, bool and composite operations, never float arithmetic), and a
 * construct of constants is a constant composite.
 *
 * @example
 * ```ts
 * runPasses(module, ['ccp']); // an OpPhi of %int_1 on every edge that runs reads as %int_1
 * ```
 */
export const ccp: Pass = {
  name: 'ccp',
  description: 'conditional constant propagation: replace ids that hold one constant on every path that runs by that constant',
  preserves: OPTIMIZER_PRESERVES,
  run(module) {
    const functions = module.functions;
    if (functions.length === 0) return UNCHANGED;
    const types = module.analysis(TypesAnalysis);
    const defUse = module.analysis(DefUseAnalysis);
    const values = fixedConstantValues(types, module.globals);
    const globals = new Map<number, LatticeValue>();
    for (const [id, value] of values) globals.set(id, constantLattice(value, types));
    for (const inst of module.globals) if (SPEC_CONSTANTS.has(inst.opcode)) globals.set(inst.resultId, specConstantLattice(inst.resultId));
    let changed = false;
    for (const fn of functions) {
      if (fn.blocks.length === 0) continue;
      const lattice = propagateConstants(fn, types, defUse, values, globals);
      for (const [id, v] of lattice) {
        if (v === VARYING) continue;
        const uses = defUse.uses(id);
        // Nothing to move (and no constant to declare for it), or a decoration group names it.
        if (uses.length === 0 || uses.some((u) => u.instruction.opcode === Op.GroupDecorate || u.instruction.opcode === Op.GroupMemberDecorate)) continue;
        const inst = defUse.def(id)!;
        const replacement = v.id ?? declareConstant(types, values, v.value!, inst.typeId);
        if (replacement === undefined) continue;
        if (replaceResult(module, inst, replacement, () => {})) changed = true;
      }
    }
    return changed ? { changed: true, diagnostics: [] } : UNCHANGED;
  },
};
