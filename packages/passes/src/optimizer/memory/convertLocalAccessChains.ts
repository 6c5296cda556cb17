import { DefUseAnalysis, Instruction, Op, TypesAnalysis, UNCHANGED, type Block, type DefUse, type Pass, type TypeManager } from '@spvkit/core';
import { localVariables, TargetTypes, type LocalVariable } from './localVariables.js';
import { KEPT_THROUGH_BODY_REWRITES, OPTIMIZER_PRESERVES } from '../optimizerPreserves.js';

/**
 * `convert-local-access-chains`, as spirv-opt's: for a Function variable reached only by whole
 * loads and stores and by access chains with constant indexes (each used only by loads and
 * stores), a load through a chain becomes a load of the whole variable and an
 * OpCompositeExtract, and a store through a chain a load of the whole variable, an
 * OpCompositeInsert and a store of the whole; the chains go. That leaves whole-variable accesses
 * for `ssa-rewrite` to promote. A variable with a chain whose index is not a constant (or is out
 * of range), a chain of a chain, a volatile access, or any use other than these keeps all its
 * chains.
 *
 * @example
 * ```ts
 * runPasses(module, ['convert-local-access-chains', 'ssa-rewrite']);
 * ```
 */
export const convertLocalAccessChains: Pass = {
  name: 'convert-local-access-chains',
  description: 'turn loads and stores through constant-index access chains into Function variables into whole loads with OpCompositeExtract/OpCompositeInsert',
  preserves: OPTIMIZER_PRESERVES,
  run(module) {
    const defUse = module.analysis(DefUseAnalysis);
    const types = module.analysis(TypesAnalysis);
    const targets = new TargetTypes(defUse);
    const converted: { v: LocalVariable; indexes: Map<Instruction, number[]> }[] = [];
    const blockOf = new Map<Instruction, Block>();
    for (const fn of module.functions) {
      let found = false;
      for (const v of localVariables(fn, defUse, targets, { accessChains: true })) {
        if (v.chains.length === 0) continue;
        const indexes = chainIndexes(v, defUse, types);
        if (indexes === undefined) continue;
        converted.push({ v, indexes });
        found = true;
      }
      if (!found) continue;
      for (const block of fn.blocks) {
        for (const inst of block.instructions) {
          const op = inst.opcode;
          if (op === Op.Load || op === Op.Store || op === Op.AccessChain || op === Op.InBoundsAccessChain) blockOf.set(inst, block);
        }
      }
    }
    if (converted.length === 0) return UNCHANGED;

    const rewrites = new Map<Block, Map<Instruction, Instruction[]>>();
    const removedChains = new Set<number>();
    const rewrite = (block: Block, inst: Instruction, replacement: Instruction[]): void => {
      let map = rewrites.get(block);
      if (map === undefined) rewrites.set(block, (map = new Map<Instruction, Instruction[]>()));
      map.set(inst, replacement);
    };
    for (const { v, indexes } of converted) {
      const variable = v.variable.resultId;
      for (const access of v.chainAccesses) {
        const block = blockOf.get(access)!;
        const chain = defUse.def(access.word(0))!;
        const literal = indexes.get(chain)!;
        const whole = new Instruction(Op.Load, v.pointee, module.newId(), [variable]);
        if (access.opcode === Op.Load) {
          rewrite(block, access, [whole, new Instruction(Op.CompositeExtract, access.typeId, access.resultId, [whole.resultId, ...literal])]);
        } else {
          const inserted = new Instruction(Op.CompositeInsert, v.pointee, module.newId(), [access.word(1), whole.resultId, ...literal]);
          rewrite(block, access, [whole, inserted, new Instruction(Op.Store, 0, 0, [variable, inserted.resultId])]);
        }
      }
      // The chains go too, unused once their loads and stores are rewritten.
      for (const chain of v.chains) {
        rewrite(blockOf.get(chain)!, chain, []);
        removedChains.add(chain.resultId);
      }
    }
    // One sweep of each block, however many of its instructions change; with the analyses dropped
    // first, as keeping the def-use tables current costs a scan of each type's uses per edit.
    module.invalidateAnalyses(KEPT_THROUGH_BODY_REWRITES);
    for (const [block, map] of rewrites) module.replaceIn(block, (inst) => map.get(inst));
    module.removeWhere('debugNames', (i) => i.opcode === Op.Name && removedChains.has(i.word(0)));
    return { changed: true, diagnostics: [] };
  },
};

/**
 * The literal indexes of each chain of `v`, or undefined when one of them is not a direct chain
 * with in-range constant indexes used only by plain loads and stores.
 */
function chainIndexes(v: LocalVariable, defUse: DefUse, types: TypeManager): Map<Instruction, number[]> | undefined {
  if (v.chainAccesses.some((a) => a.operandCount > (a.opcode === Op.Store ? 2 : 1))) return undefined;
  const out = new Map<Instruction, number[]>();
  for (const chain of v.chains) {
    if (chain.word(0) !== v.variable.resultId || chain.operandCount < 2) return undefined;
    const literal: number[] = [];
    let type = v.pointee;
    for (let i = 1; i < chain.operandCount; i++) {
      const index = types.constantValue(chain.word(i));
      const t = defUse.def(type);
      if (index === undefined || t === undefined) return undefined;
      let count: number | undefined;
      let next: number;
      if (t.opcode === Op.TypeStruct) {
        count = t.operandCount;
        next = index < count ? t.word(index) : 0;
      } else if (t.opcode === Op.TypeArray) {
        count = types.constantValue(t.word(1));
        next = t.word(0);
      } else if (t.opcode === Op.TypeVector || t.opcode === Op.TypeMatrix) {
        count = t.word(1);
        next = t.word(0);
      } else return undefined;
      if (count === undefined || index >= count) return undefined;
      literal.push(index);
      type = next;
    }
    out.set(chain, literal);
  }
  return out;
}
