import {
  DefUseAnalysis,
  Instruction,
  Op,
  SpirvError,
  StorageClass,
  TypesAnalysis,
  UNCHANGED,
  type Block,
  type DefUse,
  type Function,
  type Module,
  type Pass,
  type TypeManager,
  type Use,
} from '@spvkit/core';
import { KEPT_THROUGH_BODY_REWRITES, OPTIMIZER_PRESERVES } from '../optimizerPreserves.js';

/** spirv-opt's default limit on the members of a composite `scalar-replacement` splits. */
export const DEFAULT_SCALAR_REPLACEMENT_LIMIT = 100;

/**
 * `scalar-replacement[=<limit>]`, as spirv-opt's: a Function variable of struct or array type
 * (at most `limit` members or elements; 0 for no limit) reached through access chains whose
 * first index is a constant becomes one variable per member: each chain starts from the member's
 * variable instead (a chain of one index becomes that variable), a whole load loads every member
 * and builds the composite, a whole store stores each extracted member. Members that are
 * composites themselves are split in turn. Variables with a chain of a variable first index,
 * without chains, with volatile whole accesses, an initializer that is not a constant composite
 * or null, or any other use (calls, copies, decorations, debug declarations) stay.
 *
 * @example
 * ```ts
 * runPasses(module, ['scalar-replacement=0', 'ssa-rewrite']);
 * ```
 */
export function scalarReplacement(limit = DEFAULT_SCALAR_REPLACEMENT_LIMIT): Pass {
  return {
    name: 'scalar-replacement',
    description: 'split struct and array Function variables reached through constant-index access chains into one variable per member',
    preserves: OPTIMIZER_PRESERVES,
    run(module) {
      let changed = false;
      // Each round splits the composites the last one made; rounds are as many as the nesting.
      while (splitRound(module, limit)) changed = true;
      return changed ? { changed: true, diagnostics: [] } : UNCHANGED;
    },
  };
}

/** Parses the `=<limit>` argument of `scalar-replacement`: a decimal count. */
export function parseScalarReplacementLimit(argument: string | undefined): number {
  if (argument === undefined || argument === '') return DEFAULT_SCALAR_REPLACEMENT_LIMIT;
  if (!/^\d+$/.test(argument)) throw new SpirvError('PASS_FAILED', `scalar-replacement: the limit must be a number, not "${argument}"`);
  return Number(argument);
}

/** A variable to split, with its uses sorted. */
interface Split {
  readonly fn: Function;
  readonly variable: Instruction;
  /** The member types. */
  readonly members: readonly number[];
  /** The initializer's constituents, when it has one. */
  readonly initial: readonly number[] | undefined;
  readonly chains: Instruction[];
  readonly loads: Instruction[];
  readonly stores: Instruction[];
}

function splitRound(module: Module, limit: number): boolean {
  const defUse = module.analysis(DefUseAnalysis);
  const types = module.analysis(TypesAnalysis);
  const splits: Split[] = [];
  const blockOf = new Map<Instruction, Block>();
  for (const fn of module.functions) {
    const entry = fn.blocks[0];
    if (entry === undefined) continue;
    let found = false;
    for (const inst of entry.instructions) {
      if (inst.opcode !== Op.Variable || inst.word(0) !== StorageClass.Function) continue;
      const split = candidate(fn, inst, defUse, types, limit);
      if (split === undefined) continue;
      splits.push(split);
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
  if (splits.length === 0) return false;

  const rewrites = new Map<Block, Map<Instruction, Instruction[]>>();
  const rewrite = (block: Block, inst: Instruction, replacement: Instruction[]): void => {
    let map = rewrites.get(block);
    if (map === undefined) rewrites.set(block, (map = new Map<Instruction, Instruction[]>()));
    map.set(inst, replacement);
  };
  // The uses of the chains that a member variable replaces, read before the analyses go: keeping
  // the def-use tables current would cost a scan of each type's uses per edit.
  const chainUses = new Map<Instruction, Use[]>();
  for (const split of splits) for (const chain of split.chains) if (chain.operandCount === 2) chainUses.set(chain, [...defUse.uses(chain.resultId)]);
  module.invalidateAnalyses(KEPT_THROUGH_BODY_REWRITES);
  const gone = new Set<number>();
  for (const split of splits) {
    const { fn, variable, members, initial } = split;
    // One variable per member: all of them when a whole access needs them, else those chains reach.
    const needed = new Set<number>();
    if (split.loads.length > 0 || split.stores.length > 0) members.forEach((_, i) => needed.add(i));
    for (const chain of split.chains) needed.add(types.constantValue(chain.word(1))!);
    const memberVariables = new Map<number, number>();
    const declared: Instruction[] = [];
    for (const i of [...needed].sort((a, b) => a - b)) {
      const pointer = types.pointerType(StorageClass.Function, members[i]);
      const id = module.newId();
      memberVariables.set(i, id);
      declared.push(new Instruction(Op.Variable, pointer, id, initial === undefined ? [StorageClass.Function] : [StorageClass.Function, initial[i]]));
    }
    module.insert(fn.blocks[0], declared, 0);
    for (const chain of split.chains) {
      const member = memberVariables.get(types.constantValue(chain.word(1))!)!;
      if (chain.operandCount > 2) {
        module.setOperands(chain, [member, ...chain.operands.subarray(2)]);
        continue;
      }
      for (const use of [...defUse.uses(chain.resultId)])
        if (use.instruction.opcode !== Op.Name && use.operand >= 0) module.setOperand(use.instruction, use.operand, member);
      rewrite(blockOf.get(chain)!, chain, []);
      gone.add(chain.resultId);
    }
    for (const load of split.loads) {
      const parts = members.map((t, i) => new Instruction(Op.Load, t, module.newId(), [memberVariables.get(i)!]));
      rewrite(blockOf.get(load)!, load, [
        ...parts,
        new Instruction(
          Op.CompositeConstruct,
          load.typeId,
          load.resultId,
          parts.map((p) => p.resultId),
        ),
      ]);
    }
    for (const store of split.stores) {
      const replacement: Instruction[] = [];
      members.forEach((t, i) => {
        const part = new Instruction(Op.CompositeExtract, t, module.newId(), [store.word(1), i]);
        replacement.push(part, new Instruction(Op.Store, 0, 0, [memberVariables.get(i)!, part.resultId]));
      });
      rewrite(blockOf.get(store)!, store, replacement);
    }
    rewrite(fn.blocks[0], variable, []);
    gone.add(variable.resultId);
  }
  for (const [block, map] of rewrites) module.replaceIn(block, (inst) => map.get(inst));
  module.removeWhere('debugNames', (i) => i.opcode === Op.Name && gone.has(i.word(0)));
  return true;
}

/** `variable` sorted for splitting, or undefined when it cannot be split. */
function candidate(fn: Function, variable: Instruction, defUse: DefUse, types: TypeManager, limit: number): Split | undefined {
  const pointee = defUse.def(defUse.def(variable.typeId)?.word(1) ?? 0);
  let members: number[];
  if (pointee?.opcode === Op.TypeStruct) members = Array.from(pointee.operands);
  else if (pointee?.opcode === Op.TypeArray) {
    const length = types.constantValue(pointee.word(1));
    if (length === undefined || length === 0 || length > 0x10000) return undefined;
    members = new Array<number>(length).fill(pointee.word(0));
  } else return undefined;
  if (members.length === 0 || (limit > 0 && members.length > limit)) return undefined;
  const init = variable.operandCount > 1 ? defUse.def(variable.word(1)) : undefined;
  if (init !== undefined && init.opcode !== Op.ConstantComposite && init.opcode !== Op.ConstantNull) return undefined;
  const split: Split = { fn, variable, members, initial: undefined, chains: [], loads: [], stores: [] };
  for (const { instruction, operand } of defUse.uses(variable.resultId)) {
    const opcode = instruction.opcode;
    if (opcode === Op.Name) continue;
    if (opcode === Op.Load && operand === 0 && instruction.operandCount === 1) split.loads.push(instruction);
    else if (opcode === Op.Store && operand === 0 && instruction.operandCount === 2) split.stores.push(instruction);
    else if ((opcode === Op.AccessChain || opcode === Op.InBoundsAccessChain) && operand === 0 && instruction.operandCount >= 2) {
      const index = types.constantValue(instruction.word(1));
      if (index === undefined || index >= members.length) return undefined;
      split.chains.push(instruction);
    } else return undefined;
  }
  if (split.chains.length === 0) return undefined;
  if (init === undefined) return split;
  // Declared only now that the variable is sure to be split: a pass that changes nothing adds nothing.
  const initial = init.opcode === Op.ConstantComposite ? Array.from(init.operands) : members.map((t) => types.constant(Op.ConstantNull, t, []));
  return { ...split, initial };
}
