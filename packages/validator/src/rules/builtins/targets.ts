import { Decoration, DecorationsAnalysis, Op, isConstantCreation, type AppliedDecoration, type Instruction, type Module } from '@spvkit/core';
import type { TypeTable } from './typeShapes.js';
import type { UseSite } from './uses.js';

/** One object a `BuiltIn` decoration applies to. */
export interface BuiltinTarget {
  readonly builtIn: number;
  /** The OpDecorate / OpMemberDecorate (or OpGroup*Decorate) that applies it. */
  readonly decoration: AppliedDecoration;
  /**
   * `variable`: an OpVariable; `member`: a member of a struct type (reached through the variables of
   * that Block type); `constant`: a constant or spec constant; `other`: anything else (invalid).
   */
  readonly kind: 'variable' | 'member' | 'constant' | 'other';
  /** The decorated id: the variable, the struct type, the constant. */
  readonly id: number;
  readonly member?: number;
  /** The data type: a variable's pointee, a member's type, a constant's type (0 when unknown). */
  readonly typeId: number;
  /** The declaring instruction of `id`. */
  readonly def: Instruction | undefined;
  /** The variables holding it: the variable itself, or each variable of the Block type. */
  readonly instances: BuiltinInstance[];
}

/** A variable (or constant) through which a target is used, with the uses found for it. */
export interface BuiltinInstance {
  readonly id: number;
  readonly def: Instruction;
  /** Storage class of the variable; undefined for a constant. */
  readonly storageClass: number | undefined;
  /** Function id -> the first use in that function through this instance. */
  readonly uses: Map<number, UseSite>;
  /** Function id -> the first write (OpStore, OpCopyMemory to it, OpAtomicStore) in that function. */
  readonly writes: Map<number, UseSite>;
  /** Whether writes are looked for (only for built-ins with a rule about writing them). */
  readonly wantsWrites: boolean;
}

/** A target with one of the variables holding it. */
export interface HeldTarget {
  readonly target: BuiltinTarget;
  readonly instance: BuiltinInstance;
}

/** What {@link findTargets} found. */
export interface FoundTargets {
  /** In annotation order, so diagnostics come out in a stable, readable order. */
  readonly targets: BuiltinTarget[];
  /** Struct id -> member -> target, for the Block types with built-in members. */
  readonly memberTargets: Map<number, Map<number, BuiltinTarget>>;
}

/**
 * Every BuiltIn decoration of `module` and what it decorates. A variable or constant is its own
 * instance; a Block member gets its instances from {@link findBlockVariables}.
 */
export function findTargets(module: Module, defs: ReadonlyMap<number, Instruction>, types: TypeTable, wantsWrites: (builtIn: number) => boolean): FoundTargets {
  const decorations = module.analysis(DecorationsAnalysis);
  const targets: BuiltinTarget[] = [];
  const memberTargets = new Map<number, Map<number, BuiltinTarget>>();
  const seen = new Set<string>();
  const addFromId = (id: number): void => {
    for (const d of decorations.of(id)) {
      if (d.decoration !== Decoration.BuiltIn) continue;
      const key = `${id}:${d.params[0]}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const def = defs.get(id);
      let kind: BuiltinTarget['kind'] = 'other';
      let typeId = 0;
      const instances: BuiltinInstance[] = [];
      if (def !== undefined && def.opcode === Op.Variable) {
        kind = 'variable';
        typeId = types.pointer(def.typeId)?.pointee ?? 0;
        instances.push({ id, def, storageClass: def.word(0), uses: new Map(), writes: new Map(), wantsWrites: wantsWrites(d.params[0]) });
      } else if (def !== undefined && isConstantCreation(def.opcode)) {
        kind = 'constant';
        typeId = def.typeId;
        instances.push({ id, def, storageClass: undefined, uses: new Map(), writes: new Map(), wantsWrites: false });
      }
      targets.push({ builtIn: d.params[0], decoration: d, kind, id, typeId, def, instances });
    }
    for (const [member, list] of decorations.members(id)) {
      for (const d of list) {
        if (d.decoration !== Decoration.BuiltIn) continue;
        const key = `${id}.${member}:${d.params[0]}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const def = defs.get(id);
        const typeId = def !== undefined && def.opcode === Op.TypeStruct ? def.word(member) : 0;
        const target: BuiltinTarget = { builtIn: d.params[0], decoration: d, kind: 'member', id, member, typeId, def, instances: [] };
        targets.push(target);
        let m = memberTargets.get(id);
        if (m === undefined) memberTargets.set(id, (m = new Map<number, BuiltinTarget>()));
        m.set(member, target);
      }
    }
  };
  const visited = new Set<number>();
  for (const inst of module.annotations) {
    const ids: number[] = [];
    switch (inst.opcode) {
      case Op.Decorate:
      case Op.DecorateId:
      case Op.MemberDecorate:
        ids.push(inst.word(0));
        break;
      case Op.GroupDecorate:
        for (let i = 1; i < inst.operandCount; i++) ids.push(inst.word(i));
        break;
      case Op.GroupMemberDecorate:
        for (let i = 1; i < inst.operandCount; i += 2) ids.push(inst.word(i));
        break;
    }
    for (const id of ids) {
      if (visited.has(id)) continue;
      visited.add(id);
      addFromId(id);
    }
  }
  return { targets, memberTargets };
}

/** A global variable of a Block type with built-in members, or of an array of them (per-vertex I/O). */
export interface BlockVariable {
  readonly variable: Instruction;
  /** Member -> the member's target, and this variable as its instance. */
  readonly instanceOf: ReadonlyMap<number, HeldTarget>;
  /** How many array levels are around the Block type. */
  readonly levels: number;
}

/** The variables of the Block types in `memberTargets`, each added as an instance of every built-in member of its type. */
export function findBlockVariables(module: Module, types: TypeTable, memberTargets: ReadonlyMap<number, ReadonlyMap<number, BuiltinTarget>>): BlockVariable[] {
  const out: BlockVariable[] = [];
  for (const inst of module.globals) {
    if (inst.opcode !== Op.Variable) continue;
    const ptr = types.pointer(inst.typeId);
    if (ptr === undefined) continue;
    let t = ptr.pointee;
    let levels = 0;
    for (let e = types.arrayElement(t); e !== undefined && levels < 4; e = types.arrayElement(t)) {
      t = e;
      levels++;
    }
    const members = memberTargets.get(t);
    if (members === undefined) continue;
    const instanceOf = new Map<number, HeldTarget>();
    for (const [member, target] of members) {
      const instance: BuiltinInstance = { id: inst.resultId, def: inst, storageClass: inst.word(0), uses: new Map(), writes: new Map(), wantsWrites: false };
      target.instances.push(instance);
      instanceOf.set(member, { target, instance });
    }
    out.push({ variable: inst, instanceOf, levels });
  }
  return out;
}
