import { Decoration, Op } from '../grammar/index.js';
import type { Instruction } from '../ir/Instruction.js';
import type { Analysis, Module } from '../ir/Module.js';

/** One decoration applied to an id or to a struct member. */
export interface AppliedDecoration {
  readonly decoration: number;
  /** The decoration's parameter words (e.g. the BuiltIn value, the Location number). */
  readonly params: readonly number[];
  /** The instruction that applies it: OpDecorate*, OpMemberDecorate*, or the OpGroupDecorate that spread a group. */
  readonly instruction: Instruction;
}

/** Decorations of a module, with decoration groups expanded onto their targets. */
export interface Decorations {
  /** Decorations on `id` itself. */
  of(id: number): readonly AppliedDecoration[];
  /** Decorations on member `member` of struct type `structId`. */
  ofMember(structId: number, member: number): readonly AppliedDecoration[];
  /** Members of `structId` that carry any decoration, mapped to their decorations. */
  members(structId: number): ReadonlyMap<number, readonly AppliedDecoration[]>;
  /** The parameters of `decoration` on `id`, or undefined when it is absent. */
  find(id: number, decoration: number): readonly number[] | undefined;
  /** The BuiltIn value of `id`, or undefined. */
  builtIn(id: number): number | undefined;
  /** Every id (not member) decorated `BuiltIn builtIn`. */
  idsWithBuiltIn(builtIn: number): readonly number[];
  /** Every id that has at least one decoration. */
  decoratedIds(): IterableIterator<number>;
}

const NONE: readonly AppliedDecoration[] = [];
const NO_MEMBERS: ReadonlyMap<number, readonly AppliedDecoration[]> = new Map();

/**
 * Decorations and member decorations of every id, decoration groups included
 * (OpGroupDecorate / OpGroupMemberDecorate apply the group's decorations to each target).
 *
 * @example
 * ```ts
 * const deco = module.analysis(DecorationsAnalysis);
 * deco.builtIn(varId) === BuiltIn.LocalInvocationIndex;
 * ```
 */
export const DecorationsAnalysis: Analysis<Decorations> = {
  name: 'decorations',
  build(module: Module): Decorations {
    const byId = new Map<number, AppliedDecoration[]>();
    const byMember = new Map<number, Map<number, AppliedDecoration[]>>();
    const groups = new Map<number, { decorations: AppliedDecoration[]; members: { member: number; d: AppliedDecoration }[] }>();
    const push = <K>(map: Map<K, AppliedDecoration[]>, key: K, d: AppliedDecoration): void => {
      const list = map.get(key);
      if (list === undefined) map.set(key, [d]);
      else list.push(d);
    };
    const onId = (id: number, d: AppliedDecoration): void => {
      const group = groups.get(id);
      if (group !== undefined) group.decorations.push(d);
      else push(byId, id, d);
    };
    const onMember = (structId: number, member: number, d: AppliedDecoration): void => {
      const group = groups.get(structId);
      if (group !== undefined) {
        group.members.push({ member, d });
        return;
      }
      let members = byMember.get(structId);
      if (members === undefined) byMember.set(structId, (members = new Map<number, AppliedDecoration[]>()));
      push(members, member, d);
    };
    // Groups are declared before they are used (OpDecorationGroup precedes OpGroupDecorate).
    for (const inst of module.annotations) {
      if (inst.opcode === Op.DecorationGroup) groups.set(inst.resultId, { decorations: [], members: [] });
    }
    for (const inst of module.annotations) {
      const ops = inst.operands;
      switch (inst.opcode) {
        case Op.Decorate:
        case Op.DecorateId:
        case Op.DecorateString:
          onId(ops[0], { decoration: ops[1], params: Array.from(ops.subarray(2)), instruction: inst });
          break;
        case Op.MemberDecorate:
        case Op.MemberDecorateString:
        case Op.MemberDecorateIdEXT:
          onMember(ops[0], ops[1], { decoration: ops[2], params: Array.from(ops.subarray(3)), instruction: inst });
          break;
        case Op.GroupDecorate: {
          const group = groups.get(ops[0]);
          if (group === undefined) break;
          for (let i = 1; i < ops.length; i++) {
            for (const d of group.decorations) push(byId, ops[i], { ...d, instruction: inst });
          }
          break;
        }
        case Op.GroupMemberDecorate: {
          const group = groups.get(ops[0]);
          if (group === undefined) break;
          for (let i = 1; i + 1 < ops.length; i += 2) {
            for (const d of group.decorations) onMember(ops[i], ops[i + 1], { ...d, instruction: inst });
          }
          break;
        }
      }
    }
    const builtIns = new Map<number, number[]>();
    for (const [id, list] of byId) {
      for (const d of list) {
        if (d.decoration !== Decoration.BuiltIn) continue;
        const ids = builtIns.get(d.params[0]);
        if (ids === undefined) builtIns.set(d.params[0], [id]);
        else ids.push(id);
      }
    }
    const value: Decorations = {
      of: (id) => byId.get(id) ?? NONE,
      ofMember: (structId, member) => byMember.get(structId)?.get(member) ?? NONE,
      members: (structId) => byMember.get(structId) ?? NO_MEMBERS,
      find: (id, decoration) => byId.get(id)?.find((d) => d.decoration === decoration)?.params,
      builtIn: (id) => byId.get(id)?.find((d) => d.decoration === Decoration.BuiltIn)?.params[0],
      idsWithBuiltIn: (builtIn) => builtIns.get(builtIn) ?? [],
      decoratedIds: () => byId.keys(),
    };
    tablesOf.set(value, { byId, byMember, builtIns, grouped: groups.size > 0 });
    return value;
  },
  // Built from the annotations alone. A decoration added, removed or changed is applied to the
  // tables (ADCE removes the decorations of what it sweeps; dropping the value there rebuilt it
  // after nearly every optimizer pass); decoration groups, or a section replaced whole, drop it.
  update(value, change) {
    if (change.place !== 'annotations') return true;
    const t = tablesOf.get(value);
    if (t === undefined || t.grouped || change.kind === 'replaced') return false;
    if (change.kind === 'removed' || change.kind === 'operands') {
      if (!unapply(t, change.kind === 'operands' ? change.before : change.instruction, change.instruction)) return false;
    }
    return change.kind === 'removed' || apply(t, change.instruction);
  },
};

/** Adds the decoration `inst` applies; false for an instruction the tables cannot take one by one (groups). */
function apply(t: DecorationTables, inst: Instruction): boolean {
  const ops = inst.operands;
  switch (inst.opcode) {
    case Op.Decorate:
    case Op.DecorateId:
    case Op.DecorateString: {
      const d = { decoration: ops[1], params: Array.from(ops.subarray(2)), instruction: inst };
      listIn(t.byId, ops[0]).push(d);
      if (d.decoration === Decoration.BuiltIn) listIn(t.builtIns, d.params[0]).push(ops[0]);
      return true;
    }
    case Op.MemberDecorate:
    case Op.MemberDecorateString:
    case Op.MemberDecorateIdEXT: {
      let members = t.byMember.get(ops[0]);
      if (members === undefined) t.byMember.set(ops[0], (members = new Map<number, AppliedDecoration[]>()));
      listIn(members, ops[1]).push({ decoration: ops[2], params: Array.from(ops.subarray(3)), instruction: inst });
      return true;
    }
    case Op.DecorationGroup:
    case Op.GroupDecorate:
    case Op.GroupMemberDecorate:
      return false;
    default:
      return true; // not a decoration (OpNop, an unknown annotation): nothing to apply
  }
}

/** Takes away the decoration `before` (the words `inst` had) applied; false where the tables cannot. */
function unapply(t: DecorationTables, before: Instruction, inst: Instruction): boolean {
  const ops = before.operands;
  switch (before.opcode) {
    case Op.Decorate:
    case Op.DecorateId:
    case Op.DecorateString: {
      const list = t.byId.get(ops[0]);
      const k = list?.findIndex((d) => d.instruction === inst) ?? -1;
      if (list === undefined || k < 0) return false;
      const [gone] = list.splice(k, 1);
      if (list.length === 0) t.byId.delete(ops[0]);
      if (gone.decoration === Decoration.BuiltIn) {
        const ids = t.builtIns.get(gone.params[0]);
        const at = ids?.indexOf(ops[0]) ?? -1;
        if (ids === undefined || at < 0) return false;
        ids.splice(at, 1);
        if (ids.length === 0) t.builtIns.delete(gone.params[0]);
      }
      return true;
    }
    case Op.MemberDecorate:
    case Op.MemberDecorateString:
    case Op.MemberDecorateIdEXT: {
      const members = t.byMember.get(ops[0]);
      const list = members?.get(ops[1]);
      const k = list?.findIndex((d) => d.instruction === inst) ?? -1;
      if (members === undefined || list === undefined || k < 0) return false;
      list.splice(k, 1);
      if (list.length === 0) members.delete(ops[1]);
      if (members.size === 0) t.byMember.delete(ops[0]);
      return true;
    }
    case Op.DecorationGroup:
    case Op.GroupDecorate:
    case Op.GroupMemberDecorate:
      return false;
    default:
      return true;
  }
}

function listIn<K, V>(map: Map<K, V[]>, key: K): V[] {
  let list = map.get(key);
  if (list === undefined) map.set(key, (list = []));
  return list;
}

/** The tables behind a value DecorationsAnalysis built (for the consistency check). */
export function decorationTables(value: Decorations): DecorationTables | undefined {
  return tablesOf.get(value);
}

interface DecorationTables {
  readonly byId: Map<number, AppliedDecoration[]>;
  readonly byMember: Map<number, Map<number, AppliedDecoration[]>>;
  /** BuiltIn value -> the ids (not members) decorated with it. */
  readonly builtIns: Map<number, number[]>;
  /** Whether the module has decoration groups, which an edit cannot be applied through one by one. */
  readonly grouped: boolean;
}

const tablesOf = new WeakMap<Decorations, DecorationTables>();
