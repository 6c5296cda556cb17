import { Decoration, Instruction, Op, StorageClass, type DefUse, type Module, type TypeManager } from '@spvkit/core';

/**
 * Storage classes whose loads stay whole: function and private variables are the memory-to-register
 * passes' (scalar replacement splits them, and a member load would keep the variable in memory).
 */
const KEPT_WHOLE: ReadonlySet<number> = new Set([StorageClass.Function, StorageClass.Private]);

/** Instructions that only name or decorate their first operand. */
const DESCRIBING: ReadonlySet<number> = new Set([Op.Name, Op.Decorate, Op.DecorateId, Op.DecorateString]);

/** The decorations of an id, alone or in a group. */
const DECORATING: ReadonlySet<number> = new Set([Op.Decorate, Op.DecorateId, Op.DecorateString, Op.GroupDecorate]);

/**
 * Whether `id` is decorated (RelaxedPrecision, NonUniform, ...): a meaning the narrower load would
 * lose. With `only`, whether it has that decoration (a variable's binding is no reason to stay).
 */
function decorated(defUse: DefUse, id: number, only?: number): boolean {
  return defUse.uses(id).some(({ instruction, operand }) => {
    if (!DECORATING.has(instruction.opcode)) return false;
    if (instruction.opcode === Op.GroupDecorate) return operand > 0;
    return operand === 0 && (only === undefined || instruction.word(1) === only);
  });
}

/**
 * At most this many parts of a copy are loaded one by one: each costs an access chain and a load
 * (4 words more than the extract it replaces), and what goes is the whole load and the copy (8
 * words), so beyond two the module grows.
 */
export const MAX_MEMBER_LOADS = 2;

/** The loads that replace the extracts of one OpCopyLogical: see {@link memberLoadsOfCopy}. */
export interface MemberLoads {
  /** The whole load: the member loads go just before it. */
  readonly anchor: Instruction;
  /** Access chains and loads, one pair per part read, in the order of the extracts. */
  readonly instructions: readonly Instruction[];
  /** Each extract of the copy, with the id of the member load that holds its value. */
  readonly replaced: ReadonlyMap<Instruction, number>;
}

/**
 * Loads of the parts of a struct or array that an OpLoad brought whole from memory other than
 * function or private variables and that `copy` (an OpCopyLogical of the load) only hands to
 * OpCompositeExtracts: an access chain and a load per part read (one per index path, however many
 * extracts read it), to put just before the whole load (`anchor`), after which the extracts, the
 * copy and the whole load go (see {@link removeIfUnread}). This is what glslang writes for a
 * buffer element assigned to a local struct of the same layout (`Material m = materials[i];`)
 * when the shader reads a member or two of it.
 *
 * spirv-opt's folding in `simplify-instructions` turns every such extract into a member load,
 * of a plain load too, whatever the number of parts. spvkit does it only where the module gets
 * smaller: through a copy (which goes too) read in at most {@link MAX_MEMBER_LOADS} parts. For a
 * plain load, or more parts, N access chains and loads are larger than one load and N extracts
 * (on the benchmark folder, spirv-opt's rule made `-Os` 3 KB larger); narrowing plain loads that
 * read few members is `reduce-load-size`'s (in `-O`).
 *
 * Undefined when the load has memory operands (Volatile, Aligned, ...), is of a vector or matrix,
 * or it or an extract is decorated (NonUniform, RelaxedPrecision, ...), or its pointer is
 * NonUniform; when the copy has another use, or is decorated; or when a part read is a struct or
 * array of another type than the extract's (the copy's and the load's types only match
 * logically, so a load of it would have the wrong type).
 *
 * @example
 * ```ts
 * // %s = OpLoad %S %buf ; %t = OpCopyLogical %T %s ; %x = OpCompositeExtract %float %t 1  →
 * // %c = OpAccessChain %_ptr_StorageBuffer_float %buf %uint_1 ; %x' = OpLoad %float %c
 * const loads = memberLoadsOfCopy(copy, types, defUse, () => module.newId());
 * ```
 */
export function memberLoadsOfCopy(copy: Instruction, types: TypeManager, defUse: DefUse, newId: () => number): MemberLoads | undefined {
  if (copy.opcode !== Op.CopyLogical || decorated(defUse, copy.resultId)) return undefined;
  const whole = defUse.def(copy.word(0));
  if (whole === undefined || whole.opcode !== Op.Load || whole.operandCount !== 1) return undefined;
  const loaded = types.def(whole.typeId);
  if (loaded === undefined || (loaded.opcode !== Op.TypeStruct && loaded.opcode !== Op.TypeArray)) return undefined;
  const pointer = whole.word(0);
  const pointerType = types.def(defUse.def(pointer)?.typeId ?? 0);
  if (pointerType === undefined || pointerType.opcode !== Op.TypePointer || KEPT_WHOLE.has(pointerType.word(0))) return undefined;
  if (decorated(defUse, whole.resultId) || decorated(defUse, pointer, Decoration.NonUniform)) return undefined;
  // Every use an undecorated extract of a part whose type the load's agrees with; the paths read.
  const paths = new Map<string, Instruction[]>();
  for (const { instruction: extract, operand } of defUse.uses(copy.resultId)) {
    if (extract.opcode === Op.Name) continue;
    if (extract.opcode !== Op.CompositeExtract || operand !== 0 || extract.operandCount < 2) return undefined;
    if (decorated(defUse, extract.resultId)) return undefined;
    const path = Array.from(extract.operands.subarray(1));
    if (partType(types, whole.typeId, path) !== extract.typeId) return undefined;
    const key = path.join(' ');
    const readers = paths.get(key);
    if (readers === undefined) paths.set(key, [extract]);
    else readers.push(extract);
  }
  if (paths.size === 0 || paths.size > MAX_MEMBER_LOADS) return undefined;
  const instructions: Instruction[] = [];
  const replaced = new Map<Instruction, number>();
  for (const readers of paths.values()) {
    const first = readers[0];
    const chainType = types.pointerType(pointerType.word(0), first.typeId);
    const indices = Array.from(first.operands.subarray(1), (index) => types.constantUint(index));
    const chain = new Instruction(Op.AccessChain, chainType, newId(), [pointer, ...indices]);
    const load = new Instruction(Op.Load, first.typeId, newId(), [chain.resultId]);
    instructions.push(chain, load);
    for (const extract of readers) replaced.set(extract, load.resultId);
  }
  return { anchor: whole, instructions, replaced };
}

/**
 * Removes `inst` (a whole load or its OpCopyLogical that member loads replaced) when nothing but
 * names and decorations reads it any more, with those. The fold's own leftovers: dead-code
 * elimination would take them too, but until it runs the module holds the member loads and the
 * whole load both. Volatile loads are never folded, so what goes here has no effect.
 */
export function removeIfUnread(module: Module, defUse: DefUse, inst: Instruction): boolean {
  const uses = defUse.uses(inst.resultId);
  if (!uses.every(({ instruction, operand }) => operand === 0 && DESCRIBING.has(instruction.opcode))) return false;
  for (const { instruction } of [...uses]) module.remove(instruction);
  module.remove(inst);
  return true;
}

/** The type of the part of a `typeId` value that the literal index `path` names, or undefined. */
function partType(types: TypeManager, typeId: number, path: readonly number[]): number | undefined {
  let current = typeId;
  for (const index of path) {
    const type = types.def(current);
    if (type === undefined) return undefined;
    switch (type.opcode) {
      case Op.TypeStruct:
        if (index >= type.operandCount) return undefined;
        current = type.word(index);
        break;
      case Op.TypeArray:
      case Op.TypeVector:
      case Op.TypeMatrix:
        current = type.word(0);
        break;
      default:
        return undefined;
    }
  }
  return current;
}
