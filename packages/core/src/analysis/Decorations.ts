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
    tablesOf.set(value, { byId, byMember });
    return value;
  },
  // Built from the annotations alone.
  update: (_value, change) => change.place !== 'annotations',
};

/** The tables behind a value DecorationsAnalysis built (for the consistency check). */
export function decorationTables(value: Decorations): DecorationTables | undefined {
  return tablesOf.get(value);
}

interface DecorationTables {
  byId: ReadonlyMap<number, readonly AppliedDecoration[]>;
  byMember: ReadonlyMap<number, ReadonlyMap<number, readonly AppliedDecoration[]>>;
}

const tablesOf = new WeakMap<Decorations, DecorationTables>();
