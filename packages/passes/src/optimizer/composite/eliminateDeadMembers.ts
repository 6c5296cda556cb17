import {
  Decoration,
  DecorationsAnalysis,
  DefUseAnalysis,
  Op,
  StorageClass,
  TypesAnalysis,
  UNCHANGED,
  moduleOperandContext,
  walkOperands,
  type Decorations,
  type DefUse,
  type Block,
  type Instruction,
  type Module,
  type Pass,
} from '@spvkit/core';
import { hasShaderCapability } from '../shaderModule.js';
import { OPTIMIZER_PRESERVES } from '../optimizerPreserves.js';

/**
 * Storage classes whose structs this pass may trim: memory only this shader reads, or read
 * through explicit Offsets that stay as decorated (Uniform blocks, push constants).
 */
const TRIMMED: ReadonlySet<number> = new Set([
  StorageClass.Function,
  StorageClass.Private,
  StorageClass.Workgroup,
  StorageClass.Uniform,
  StorageClass.UniformConstant,
  StorageClass.PushConstant,
]);

const isChain = (op: number): boolean => op === Op.AccessChain || op === Op.InBoundsAccessChain || op === Op.PtrAccessChain || op === Op.InBoundsPtrAccessChain;
const isPtrChain = (op: number): boolean => op === Op.PtrAccessChain || op === Op.InBoundsPtrAccessChain;

/**
 * spirv-opt's `--eliminate-dead-members`: a member of a struct type that no access chain,
 * OpCompositeExtract or OpArrayLength names is removed from the type, and every instruction that
 * numbers members is renumbered: OpMemberName, OpMemberDecorate(String), OpGroupMemberDecorate,
 * constant composites and OpCompositeConstruct (whose constituent for it goes), access-chain
 * indices, extracts and inserts (an insert into a removed member goes, its uses taking the
 * composite it inserted into). Members keep their Offset decorations, so a Uniform block or a
 * push-constant block keeps its layout. A struct is kept whole where the shader cannot see every
 * reader: stored whole, copied with OpCopyMemory, returned, reached through Input, Output or
 * storage-buffer variables (a StorageBuffer variable, or a Uniform one of a BufferBlock), through
 * PhysicalStorageBuffer pointers, or by any other instruction that takes a struct value (a call,
 * an OpPhi, an OpSelect, an OpCopyObject...). Only modules with the Shader capability (declared, or
 * implied by one such as Tessellation) are changed.
 *
 * @example
 * ```ts
 * runPasses(module, ['eliminate-dead-members']);
 * ```
 */
export const eliminateDeadMembers: Pass = {
  name: 'eliminate-dead-members',
  description: 'remove struct members that nothing reads or writes, renumbering every reference to members',
  preserves: OPTIMIZER_PRESERVES,
  run(module) {
    return eliminate(module) ? { changed: true, diagnostics: [] } : UNCHANGED;
  },
};

function eliminate(module: Module): boolean {
  if (!hasShaderCapability(module)) return false;
  const defUse = module.analysis(DefUseAnalysis);
  const decorations = module.analysis(DecorationsAnalysis);
  const live = new Liveness(defUse);
  for (const inst of module.globals) {
    if (inst.opcode === Op.SpecConstantOp) {
      if (inst.word(0) === Op.CompositeExtract) live.extract(defUse.def(inst.word(1))?.typeId ?? 0, inst.operands.subarray(2));
      else live.operands(inst, undefined);
    } else if (inst.opcode === Op.Variable) {
      // An initializer loses its constituents for removed members with the type.
      if (!TRIMMED.has(inst.word(0)) || isBufferBlock(defUse, decorations, inst)) live.full(pointeeOf(defUse, inst.typeId));
    } else if (inst.opcode === Op.TypePointer && inst.word(0) === StorageClass.PhysicalStorageBuffer) live.full(inst.word(1));
  }
  const ctx = moduleOperandContext(module);
  for (const fn of module.functions) for (const inst of fn.allInstructions()) liveFor(defUse, live, inst, ctx);

  // The kept members of each struct that loses some: old index → new index.
  const renumber = new Map<number, Map<number, number>>();
  for (const inst of module.globals) {
    if (inst.opcode !== Op.TypeStruct) continue;
    const kept = [...(live.used.get(inst.resultId) ?? [])].sort((a, b) => a - b);
    if (kept.length === inst.operandCount) continue;
    renumber.set(inst.resultId, new Map(kept.map((old, i) => [old, i])));
  }
  if (renumber.size === 0) return false;

  const walk0 = new Walker(defUse, new Map(), renumber);
  dropInserts(module, defUse, walk0);
  const types = module.analysis(TypesAnalysis);
  const structs = new Map<number, readonly number[]>();
  for (const id of renumber.keys()) structs.set(id, Array.from(defUse.def(id)!.operands));
  const edits = new Map<Instruction, number[] | null>();
  const walk = new Walker(defUse, structs, renumber);
  for (const [id, map] of renumber) {
    const members = structs.get(id)!;
    edits.set(
      defUse.def(id)!,
      members.filter((_, i) => map.has(i)),
    );
  }
  for (const inst of module.debugNames) {
    if (inst.opcode === Op.MemberName) memberEdit(inst, renumber, edits);
  }
  for (const inst of module.annotations) {
    if (inst.opcode === Op.MemberDecorate || inst.opcode === Op.MemberDecorateString) memberEdit(inst, renumber, edits);
    else if (inst.opcode === Op.GroupMemberDecorate) {
      const operands = [inst.word(0)];
      for (let i = 1; i + 1 < inst.operandCount; i += 2) {
        const map = renumber.get(inst.word(i));
        const to = map === undefined ? inst.word(i + 1) : map.get(inst.word(i + 1));
        if (to !== undefined) operands.push(inst.word(i), to);
      }
      if (operands.length !== inst.operandCount) edits.set(inst, operands.length === 1 ? null : operands);
    }
  }
  const rewrite = (inst: Instruction): void => {
    const op = inst.opcode;
    if (op === Op.ConstantComposite || op === Op.SpecConstantComposite || op === Op.CompositeConstruct) {
      const map = renumber.get(inst.typeId);
      if (map !== undefined)
        edits.set(
          inst,
          Array.from(inst.operands).filter((_, i) => map.has(i)),
        );
    } else if (isChain(op)) {
      const first = isPtrChain(op) ? 2 : 1;
      const indices = walk.chain(pointeeOf(defUse, defUse.def(inst.word(0))?.typeId ?? 0), inst.operands.subarray(first), (v) => types.constantUint(v));
      if (indices !== undefined) edits.set(inst, [...Array.from(inst.operands.subarray(0, first)), ...indices]);
    } else if (op === Op.CompositeExtract || (op === Op.SpecConstantOp && inst.word(0) === Op.CompositeExtract)) {
      const at = op === Op.SpecConstantOp ? 1 : 0;
      const path = walk.literals(defUse.def(inst.word(at))?.typeId ?? 0, inst.operands.subarray(at + 1));
      if (path !== undefined && path !== null) edits.set(inst, [...Array.from(inst.operands.subarray(0, at + 1)), ...path]);
    } else if (op === Op.CompositeInsert) {
      const path = walk.literals(defUse.def(inst.word(1))?.typeId ?? 0, inst.operands.subarray(2));
      if (path) edits.set(inst, [inst.word(0), inst.word(1), ...path]);
    } else if (op === Op.ArrayLength) {
      const map = renumber.get(pointeeOf(defUse, defUse.def(inst.word(0))?.typeId ?? 0));
      const to = map?.get(inst.word(1));
      if (to !== undefined && to !== inst.word(1)) edits.set(inst, [inst.word(0), to]);
    }
  };
  for (const inst of [...module.globals]) rewrite(inst);
  for (const fn of module.functions) for (const block of fn.blocks) for (const inst of block.instructions) rewrite(inst);

  module.invalidateAnalyses();
  const removed = new Set<Instruction>();
  for (const [inst, operands] of edits) {
    if (operands === null) removed.add(inst);
    else module.setOperands(inst, operands);
  }
  if (removed.size > 0) {
    module.removeWhere('debugNames', (i) => removed.has(i));
    module.removeWhere('annotations', (i) => removed.has(i));
  }
  return true;
}

/**
 * Removes the OpCompositeInserts that write a removed member: each one's uses take the composite
 * it inserted into (the value once the member is gone). Done before the renumbering is planned,
 * so the plan sees the instructions as they will stay.
 */
function dropInserts(module: Module, defUse: DefUse, walk: Walker): void {
  const dropped = new Map<number, number>();
  const where = new Map<number, Block>();
  for (const fn of module.functions) {
    for (const block of fn.blocks) {
      for (const inst of block.instructions) {
        if (inst.opcode !== Op.CompositeInsert) continue;
        if (walk.literals(defUse.def(inst.word(1))?.typeId ?? 0, inst.operands.subarray(2)) !== null) continue;
        dropped.set(inst.resultId, inst.word(1));
        where.set(inst.resultId, block);
      }
    }
  }
  if (dropped.size === 0) return;
  const resolve = (id: number): number => {
    while (dropped.has(id)) id = dropped.get(id)!;
    return id;
  };
  const describing: Instruction[] = [];
  for (const id of dropped.keys()) {
    for (const { instruction, operand } of [...defUse.uses(id)]) {
      if (operand < 0 || dropped.has(instruction.resultId)) continue;
      if ((instruction.opcode === Op.Name || instruction.opcode === Op.Decorate) && operand === 0) describing.push(instruction);
      else module.setOperand(instruction, operand, resolve(id));
    }
  }
  const gone = new Set(describing);
  module.removeWhere('debugNames', (i) => gone.has(i));
  module.removeWhere('annotations', (i) => gone.has(i));
  const blocks = new Set(where.values());
  for (const block of blocks) module.removeWhere(block, (i) => i.opcode === Op.CompositeInsert && dropped.has(i.resultId));
}

/** Renumbers (or, for a removed member, removes) an OpMemberName or OpMemberDecorate. */
function memberEdit(inst: Instruction, renumber: ReadonlyMap<number, ReadonlyMap<number, number>>, edits: Map<Instruction, number[] | null>): void {
  const map = renumber.get(inst.word(0));
  if (map === undefined) return;
  const to = map.get(inst.word(1));
  if (to === undefined) edits.set(inst, null);
  else if (to !== inst.word(1)) edits.set(inst, [inst.word(0), to, ...Array.from(inst.operands.subarray(2))]);
}

/** Marks what `inst`, an instruction of a function, reads of struct members. */
function liveFor(defUse: DefUse, live: Liveness, inst: Instruction, ctx: ReturnType<typeof moduleOperandContext>): void {
  const typeOf = (id: number): number => defUse.def(id)?.typeId ?? 0;
  switch (inst.opcode) {
    case Op.Store:
      live.full(typeOf(inst.word(1)));
      return;
    case Op.CopyMemory:
    case Op.CopyMemorySized:
      live.full(pointeeOf(defUse, typeOf(inst.word(0))));
      live.full(pointeeOf(defUse, typeOf(inst.word(1))));
      return;
    case Op.CompositeExtract:
      live.extract(typeOf(inst.word(0)), inst.operands.subarray(1));
      return;
    case Op.AccessChain:
    case Op.InBoundsAccessChain:
    case Op.PtrAccessChain:
    case Op.InBoundsPtrAccessChain:
      live.chain(pointeeOf(defUse, typeOf(inst.word(0))), inst.operands.subarray(isPtrChain(inst.opcode) ? 2 : 1));
      return;
    case Op.ReturnValue:
      live.full(typeOf(inst.word(0)));
      return;
    case Op.ArrayLength:
      live.member(pointeeOf(defUse, typeOf(inst.word(0))), inst.word(1));
      return;
    case Op.Load:
    case Op.CompositeInsert:
    case Op.CompositeConstruct:
      return;
    default:
      live.operands(inst, ctx);
  }
}

/** The members each struct type keeps, as the instructions found so far read them. */
class Liveness {
  readonly used = new Map<number, Set<number>>();
  private readonly whole = new Set<number>();

  constructor(private readonly defUse: DefUse) {}

  member(struct: number, index: number): void {
    let set = this.used.get(struct);
    if (set === undefined) this.used.set(struct, (set = new Set()));
    set.add(index);
  }

  /** Every member of `type` (and of its members' types) is kept. */
  full(type: number): void {
    if (this.whole.has(type)) return;
    this.whole.add(type);
    const t = this.defUse.def(type);
    if (t?.opcode === Op.TypeStruct) {
      for (let i = 0; i < t.operandCount; i++) {
        this.member(type, i);
        this.full(t.word(i));
      }
    } else if (t?.opcode === Op.TypeArray || t?.opcode === Op.TypeRuntimeArray) this.full(t.word(0));
  }

  /** The members an extract of `type` with literal `indices` reads. */
  extract(type: number, indices: ArrayLike<number>): void {
    for (let i = 0; i < indices.length; i++) {
      const t = this.defUse.def(type);
      if (t?.opcode === Op.TypeStruct) {
        this.member(type, indices[i]);
        type = t.word(indices[i]);
      } else if (t !== undefined && isElementType(t.opcode)) type = t.word(0);
      else return;
    }
  }

  /** The members a chain into `type` with index ids `indices` reaches. */
  chain(type: number, indices: ArrayLike<number>): void {
    for (let i = 0; i < indices.length; i++) {
      const t = this.defUse.def(type);
      if (t?.opcode === Op.TypeStruct) {
        const index = constantIndex(this.defUse, indices[i]);
        // A struct indexed by a value not known here (invalid SPIR-V) is kept whole.
        if (index === undefined || index >= t.operandCount) return this.full(type);
        this.member(type, index);
        type = t.word(index);
      } else if (t !== undefined && isElementType(t.opcode)) type = t.word(0);
      else return;
    }
  }

  /** Any other instruction: the types of its result and of every id it takes are kept whole. */
  operands(inst: Instruction, ctx: ReturnType<typeof moduleOperandContext> | undefined): void {
    if (inst.typeId !== 0) this.full(inst.typeId);
    const take = (id: number): void => {
      const def = this.defUse.def(id);
      if (def === undefined) return;
      if (def.typeId !== 0) this.full(def.typeId);
      else if (def.opcode === Op.TypeStruct || def.opcode === Op.TypeArray || def.opcode === Op.TypeRuntimeArray) this.full(def.resultId);
    };
    if (ctx === undefined) {
      // OpSpecConstantOp: its operands after the opcode are ids.
      for (let i = 1; i < inst.operandCount; i++) take(inst.word(i));
      return;
    }
    walkOperands(inst, ctx, (kind, start) => {
      if (kind === 'IdRef' || kind === 'IdScope' || kind === 'IdMemorySemantics') take(inst.word(start));
    });
  }
}

const isElementType = (op: number): boolean => op === Op.TypeArray || op === Op.TypeRuntimeArray || op === Op.TypeVector || op === Op.TypeMatrix;

/** The value of an integer OpConstant index of at most 64 bits (its low word), or undefined. */
function constantIndex(defUse: DefUse, id: number): number | undefined {
  const d = defUse.def(id);
  if (d?.opcode !== Op.Constant) return undefined;
  if (d.operandCount > 1 && d.word(1) !== 0) return undefined;
  return d.word(0);
}

/** Renumbers member paths through structs that lose members. */
class Walker {
  constructor(
    private readonly defUse: DefUse,
    private readonly structs: ReadonlyMap<number, readonly number[]>,
    private readonly renumber: ReadonlyMap<number, ReadonlyMap<number, number>>,
  ) {}

  private step(type: number, index: number): number {
    const members = this.structs.get(type);
    if (members !== undefined) return members[index];
    const t = this.defUse.def(type);
    if (t === undefined) return 0;
    return t.opcode === Op.TypeStruct ? t.word(index) : t.word(0);
  }

  /** New literal path, undefined when unchanged, null when it goes through a removed member. */
  literals(type: number, path: ArrayLike<number>): number[] | undefined | null {
    const out: number[] = [];
    let changed = false;
    for (let i = 0; i < path.length; i++) {
      const map = this.renumber.get(type);
      let index = path[i];
      if (map !== undefined) {
        const to = map.get(index);
        if (to === undefined) return null;
        if (to !== index) changed = true;
        index = to;
      }
      out.push(index);
      type = this.step(type, path[i]);
    }
    return changed ? out : undefined;
  }

  /** New index ids of a chain into `type`, undefined when unchanged. */
  chain(type: number, indices: ArrayLike<number>, constant: (value: number) => number): number[] | undefined {
    const out: number[] = [];
    let changed = false;
    for (let i = 0; i < indices.length; i++) {
      const map = this.renumber.get(type);
      const def = this.defUse.def(type);
      if (def === undefined) return undefined;
      if (def.opcode === Op.TypeStruct) {
        const index = constantIndex(this.defUse, indices[i]);
        if (index === undefined) return undefined;
        const to = map === undefined ? index : map.get(index);
        if (to === undefined) return undefined;
        if (to !== index) {
          changed = true;
          out.push(constant(to));
        } else out.push(indices[i]);
        type = this.step(type, index);
      } else {
        out.push(indices[i]);
        type = this.step(type, 0);
      }
    }
    return changed ? out : undefined;
  }
}

/** The pointee type of pointer type `pointerType`, or 0. */
function pointeeOf(defUse: DefUse, pointerType: number): number {
  const t = defUse.def(pointerType);
  return t?.opcode === Op.TypePointer ? t.word(1) : 0;
}

/** A Uniform variable of a BufferBlock struct (or array of them): a storage buffer of old. */
function isBufferBlock(defUse: DefUse, decorations: Decorations, variable: Instruction): boolean {
  if (variable.word(0) !== StorageClass.Uniform) return false;
  let type = pointeeOf(defUse, variable.typeId);
  for (let t = defUse.def(type); t?.opcode === Op.TypeArray || t?.opcode === Op.TypeRuntimeArray; t = defUse.def(type)) type = t.word(0);
  return decorations.find(type, Decoration.BufferBlock) !== undefined;
}
