// Phase 1 of lower-local-invocation-index: find the index variables and every use of them,
// reading the module only (nothing is created, no id allocated), and refuse with a SpirvError
// anything the pass cannot rewrite, so that a refused module is left untouched.
import {
  BuiltIn,
  Decoration,
  DecorationsAnalysis,
  Op,
  StorageClass,
  TypesAnalysis,
  decodeLiteralString,
  moduleOperandContext,
  walkOperands,
  type Block,
  type Function as SpvFunction,
  type Instruction,
  type Module,
  type OperandContext,
  NonSemanticShaderDebugInfo100 as DebugInfo100,
} from '@spvkit/core';
import { fail } from './fail.js';
import { DEBUG_GLOBAL_VARIABLE_VARIABLE_OPERAND, DEBUG_INFO_SETS } from './debugInfo.js';

/** A variable decorated BuiltIn LocalInvocationIndex. */
export interface IndexVar {
  readonly id: number;
  readonly inst: Instruction;
  /** Its pointee: a scalar integer type. */
  readonly typeId: number;
}

/** An instruction that reads the index (OpLoad, or OpCopyMemory from it), in decoded bodies. */
export interface Site {
  readonly fn: SpvFunction;
  readonly block: Block;
  readonly inst: Instruction;
  readonly root: IndexVar;
}

/** An OpLoad of the index found in undecoded bodies: its word position in the function region. */
export interface RawSite {
  readonly pos: number;
  readonly wc: number;
  readonly typeId: number;
  readonly resultId: number;
  readonly fnId: number;
}

/** A function parameter through which every caller passes a pointer to the index. */
export interface ParamAlias {
  readonly fn: SpvFunction;
  readonly param: Instruction;
}

/**
 * The variables decorated BuiltIn LocalInvocationIndex, checked to be Input variables of an
 * integer of 1 to 64 bits, by id; empty when the module has none.
 */
export function findIndexVariables(module: Module): Map<number, IndexVar> {
  const decorations = module.analysis(DecorationsAnalysis);
  const memberDecoration = module.annotations.find(
    (i) => i.opcode === Op.MemberDecorate && i.word(2) === Decoration.BuiltIn && i.word(3) === BuiltIn.LocalInvocationIndex,
  );
  if (memberDecoration !== undefined) {
    throw fail(module, memberDecoration, 'decorates a struct member BuiltIn LocalInvocationIndex; only an Input variable can be lowered');
  }
  const ids = decorations.idsWithBuiltIn(BuiltIn.LocalInvocationIndex);
  const globals = module.analysis(TypesAnalysis);
  const rootOf = new Map<number, IndexVar>();
  for (const id of ids) {
    const inst = globals.def(id);
    if (inst === undefined || inst.opcode !== Op.Variable) {
      const at = inst ?? decorations.of(id)[0].instruction;
      throw fail(module, at, `is decorated BuiltIn LocalInvocationIndex but %${id} is not a module-level OpVariable`);
    }
    const ptr = globals.def(inst.typeId);
    const pointee = ptr?.opcode === Op.TypePointer ? globals.def(ptr.word(1)) : undefined;
    if (inst.word(0) !== StorageClass.Input || pointee === undefined || pointee.opcode !== Op.TypeInt) {
      throw fail(module, inst, 'is decorated BuiltIn LocalInvocationIndex but is not an Input variable of a scalar integer type');
    }
    // The index arithmetic is done on integers of at most 64 bits (a fuzzed OpTypeInt 2147483680
    // once reached it, and the masks for that width do not fit in memory).
    const width = pointee.operandCount > 0 ? pointee.word(0) : 0;
    if (width < 1 || width > 64) {
      throw fail(module, inst, `is decorated BuiltIn LocalInvocationIndex, an integer of ${width} bits; this pass handles integers of 1 to 64 bits`);
    }
    rootOf.set(id, { id, inst, typeId: pointee.resultId });
  }
  return rootOf;
}

export function debugInfoSets(module: Module): Set<number> {
  const sets = new Set<number>();
  for (const inst of module.extInstImports) {
    if (DEBUG_INFO_SETS.has(decodeLiteralString(inst.operands, 0, inst.operandCount).value)) sets.add(inst.resultId);
  }
  return sets;
}

/** Operand word indexes of `inst` that hold ids (the module's operand context is built once). */
export function idPositionsOf(module: Module): (inst: Instruction) => Set<number> {
  let ctx: OperandContext | undefined;
  return (inst) => {
    ctx ??= moduleOperandContext(module);
    const at = new Set<number>();
    walkOperands(inst, ctx, (kind, start, count) => {
      if (kind === 'IdRef' || kind === 'IdScope' || kind === 'IdMemorySemantics' || kind === 'Unparsed') for (let i = 0; i < count; i++) at.add(start + i);
    });
    return at;
  };
}

/**
 * Module-level uses of the variables: a DebugGlobalVariable may describe one (returned, to be
 * given DebugInfoNone); decorations may target one; anything else is refused.
 */
export function scanGlobals(module: Module, rootOf: ReadonlyMap<number, IndexVar>): Instruction[] {
  const debugSets = debugInfoSets(module);
  const idPositions = idPositionsOf(module);
  const debugGlobals: Instruction[] = [];
  for (const inst of module.globals) {
    if (inst.opcode === Op.Variable && rootOf.has(inst.resultId)) continue;
    if (inst.opcode === Op.Constant || inst.opcode === Op.SpecConstant || inst.opcode === Op.TypeInt || inst.opcode === Op.TypeFloat) continue; // literals only
    const n = inst.operandCount;
    let hit = -1;
    for (let i = 0; i < n; i++) if (rootOf.has(inst.word(i))) hit = i;
    if (hit < 0) continue;
    if (
      inst.opcode === Op.ExtInst &&
      debugSets.has(inst.word(0)) &&
      inst.word(1) === DebugInfo100.DebugGlobalVariable &&
      hit === DEBUG_GLOBAL_VARIABLE_VARIABLE_OPERAND
    ) {
      debugGlobals.push(inst);
      continue;
    }
    const ids = idPositions(inst);
    for (let i = 0; i < n; i++) {
      if (rootOf.has(inst.word(i)) && ids.has(i))
        throw fail(module, inst, `uses the LocalInvocationIndex variable %${inst.word(i)}, which this pass cannot rewrite`);
    }
  }
  for (const inst of module.annotations) {
    if (inst.opcode !== Op.DecorateId) continue;
    for (let i = 2; i < inst.operandCount; i++) {
      if (rootOf.has(inst.word(i))) throw fail(module, inst, `refers to the LocalInvocationIndex variable %${inst.word(i)} as a decoration operand`);
    }
  }
  return debugGlobals;
}
