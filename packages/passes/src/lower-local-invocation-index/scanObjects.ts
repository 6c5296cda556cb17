// Phase 1, decoded bodies: every read of the index, through pointer copies and parameters too,
// and what goes away with the variables (the copies, their debug declarations).
import { NonSemanticShaderDebugInfo100 as DebugInfo100, Op, createIdFlags, moduleWordEstimate, type Block, type Instruction, type Module } from '@spvkit/core';
import { fail } from './fail.js';
import { debugInfoSets, idPositionsOf, type IndexVar, type ParamAlias, type Site } from './findUses.js';

/** The result of scanning decoded bodies. */
export interface ObjectScan {
  readonly sites: Site[];
  /** Instructions to delete: pointer copies, DebugDeclare/DebugValue of the index. */
  readonly dropped: Set<Instruction>;
  readonly droppedBlocks: Set<Block>;
  readonly params: ParamAlias[];
  /** Copies and parameters that go away with the variables. */
  readonly aliasIds: Set<number>;
}

/**
 * Finds every use of the index variables in decoded bodies. A use is an OpLoad or an OpCopyMemory
 * from the variable, or from a copy of its pointer (OpCopyObject, OpAccessChain without indexes),
 * or from a function parameter that every caller passes such a pointer. Anything else that uses
 * the pointer is refused with an error naming the instruction.
 */
export function scanObjects(module: Module, roots: ReadonlyMap<number, IndexVar>): ObjectScan {
  const bound = module.header.bound;
  const rootOf = new Map(roots);
  const aliasIds = new Set<number>();
  const dropped = new Set<Instruction>();
  const droppedBlocks = new Set<Block>();
  const params: ParamAlias[] = [];
  const debugSets = debugInfoSets(module);
  const idPositions = idPositionsOf(module);
  const functions = module.functions;
  let sites: Site[];
  // Repeat while new pointer aliases turn up (a copy used before it is defined in block order, or a parameter).
  for (;;) {
    sites = [];
    dropped.clear();
    droppedBlocks.clear();
    const aliasBits = createIdFlags(bound, moduleWordEstimate(module));
    for (const id of rootOf.keys()) aliasBits.add(id);
    const before = rootOf.size;
    const argUses: { call: Instruction; arg: number; root: IndexVar }[] = [];
    for (const fn of functions) {
      for (const block of fn.blocks) {
        for (const inst of block.instructions) {
          const n = inst.operandCount;
          for (let i = 0; i < n; i++) {
            const w = inst.word(i);
            if (w >= bound || !aliasBits.has(w)) continue;
            const root = rootOf.get(w)!;
            switch (inst.opcode) {
              case Op.Load:
                if (i === 0) sites.push({ fn, block, inst, root });
                continue;
              case Op.CopyMemory:
                if (i === 1) sites.push({ fn, block, inst, root });
                else if (i === 0) throw fail(module, inst, `writes to the LocalInvocationIndex input %${w}`);
                continue;
              case Op.CopyObject:
              case Op.AccessChain:
              case Op.InBoundsAccessChain:
                if (i !== 0) continue;
                if (inst.opcode !== Op.CopyObject && n !== 1) throw fail(module, inst, `indexes into the scalar LocalInvocationIndex pointer %${w}`);
                rootOf.set(inst.resultId, root);
                aliasBits.add(inst.resultId);
                aliasIds.add(inst.resultId);
                dropped.add(inst);
                droppedBlocks.add(block);
                continue;
              case Op.FunctionCall:
                if (i >= 1) argUses.push({ call: inst, arg: i - 1, root });
                continue;
              case Op.Line:
                continue;
              case Op.ExtInst:
                if (debugSets.has(inst.word(0)) && (inst.word(1) === DebugInfo100.DebugDeclare || inst.word(1) === DebugInfo100.DebugValue) && i === 3) {
                  dropped.add(inst);
                  droppedBlocks.add(block);
                  continue;
                }
                break;
            }
            if (idPositions(inst).has(i)) {
              throw fail(
                module,
                inst,
                `uses the pointer %${w} to LocalInvocationIndex in a way this pass cannot rewrite (only OpLoad, OpCopyMemory, OpCopyObject, OpAccessChain without indexes and function arguments are handled)`,
              );
            }
          }
        }
      }
    }
    // A parameter is an alias when every call passes an alias in its place; then it is removed.
    if (argUses.length > 0) {
      const calls = new Map<number, Instruction[]>();
      for (const fn of functions) {
        for (const block of fn.blocks) {
          for (const inst of block.instructions) {
            if (inst.opcode !== Op.FunctionCall) continue;
            const l = calls.get(inst.word(0));
            if (l === undefined) calls.set(inst.word(0), [inst]);
            else l.push(inst);
          }
        }
      }
      const byId = new Map(functions.map((f) => [f.id, f]));
      for (const use of argUses) {
        const callee = byId.get(use.call.word(0));
        const param = callee?.parameters[use.arg];
        if (callee === undefined || param === undefined)
          throw fail(module, use.call, 'calls a function that the module does not define (or with too many arguments)');
        if (rootOf.has(param.resultId)) continue;
        for (const other of calls.get(callee.id) ?? []) {
          const arg = other.word(use.arg + 1);
          const argRoot = rootOf.get(arg);
          if (argRoot === undefined) {
            throw fail(
              module,
              use.call,
              `passes the pointer %${use.call.word(use.arg + 1)} to LocalInvocationIndex as argument ${use.arg} of %${callee.id}, but another call passes a different pointer (%${arg}) there; the function cannot be rewritten for both`,
            );
          }
          if (argRoot.typeId !== use.root.typeId)
            throw fail(module, other, 'passes pointers to LocalInvocationIndex variables of different types to one parameter');
        }
        rootOf.set(param.resultId, use.root);
        aliasIds.add(param.resultId);
        params.push({ fn: callee, param });
      }
    }
    if (rootOf.size === before) break;
  }
  return { sites, dropped, droppedBlocks, params, aliasIds };
}
