import { DefUseAnalysis, Op, UNCHANGED, type DefUse, type Instruction, type Pass, type TypeManager, TypesAnalysis } from '@spvkit/core';
import { glslStd450 } from './eliminateDeadCodeAggressive.js';
import { removeUnused } from './removeUnused.js';
import { replaceResult } from './replaceResult.js';
import { OPTIMIZER_PRESERVES } from '../optimizerPreserves.js';

/** Composite types: an OpPhi of one may carry an insert chain. */
const COMPOSITE_TYPES: ReadonlySet<number> = new Set([Op.TypeVector, Op.TypeMatrix, Op.TypeArray, Op.TypeStruct]);

/** Users that only pass a chain on: what they read is found from their own users. */
const DESCRIBING: ReadonlySet<number> = new Set([Op.Name, Op.Decorate, Op.DecorateId, Op.DecorateString, Op.MemberDecorate, Op.MemberDecorateString]);

/**
 * spirv-opt's `--eliminate-dead-inserts`: an OpCompositeInsert whose component nothing reads
 * (every extract of it, and of the chain built on it, reads other members, or the component is
 * written again before it is read) is replaced by the composite it inserts into, and goes with
 * the pure instructions only it read. Reads are followed back through chains of inserts and
 * through OpPhis of composites (a loop that rewrites a member nobody reads loses the insert). A
 * use by anything other than an extract, an insert or an OpPhi reads the whole value.
 *
 * Inserts into arrays are left alone, as in spirv-opt (tracking every element costs more than it
 * finds); unlike spirv-opt, the object an array insert takes in is kept whole (spirv-opt does not
 * look at it, and so may drop an insert the array insert reads).
 *
 * @example
 * ```ts
 * runPasses(module, ['eliminate-dead-inserts']); // `%v1 = OpCompositeInsert %v4 %a %v0 1` nobody reads .y of goes
 * ```
 */
export const eliminateDeadInserts: Pass = {
  name: 'eliminate-dead-inserts',
  description: 'remove OpCompositeInsert instructions whose inserted component is never read',
  preserves: OPTIMIZER_PRESERVES,
  run(module) {
    const functions = module.functions;
    // Most modules hold no insert at all: then no def-use tables are built.
    if (!functions.some((fn) => fn.blocks.some((b) => b.instructions.some((inst) => inst.opcode === Op.CompositeInsert)))) return UNCHANGED;
    const types = module.analysis(TypesAnalysis);
    const defUse = module.analysis(DefUseAnalysis);
    const glsl = glslStd450(module);
    let changed = false;
    for (const fn of functions) {
      // Removing dead inserts can leave others with no reader: again until none is found.
      for (;;) {
        const inserts: Instruction[] = [];
        for (const block of fn.blocks) for (const inst of block.instructions) if (inst.opcode === Op.CompositeInsert) inserts.push(inst);
        if (inserts.length === 0) break;
        const local = new Set<Instruction>();
        for (const block of fn.blocks) for (const inst of block.instructions) local.add(inst);
        const live = liveInserts(local, types, defUse);
        const dead: Instruction[] = [];
        for (const inst of inserts) {
          if (live.has(inst) || !replaceResult(module, inst, inst.word(1), () => {})) continue;
          dead.push(inst);
        }
        if (dead.length === 0) break;
        removeUnused(module, defUse, dead, glsl, (inst) => local.has(inst));
        changed = true;
      }
    }
    return changed ? { changed: true, diagnostics: [] } : UNCHANGED;
  },
};

/** The inserts of a function some reader may see: marked from every use that reads a chain. */
function liveInserts(instructions: Iterable<Instruction>, types: TypeManager, defUse: DefUse): Set<Instruction> {
  const live = new Set<Instruction>();
  const marker = new ChainMarker(types, defUse, live);
  for (const inst of instructions) {
    const opcode = inst.opcode;
    if (opcode !== Op.CompositeInsert && opcode !== Op.Phi) continue;
    const type = types.def(inst.typeId);
    if (type === undefined || !COMPOSITE_TYPES.has(type.opcode)) continue;
    if (type.opcode === Op.TypeArray) {
      if (opcode === Op.CompositeInsert) {
        live.add(inst);
        // Not followed element by element, but what it takes in is read.
        marker.mark(defUse.def(inst.word(0)), undefined, 0, new Set());
      }
      continue;
    }
    for (const use of defUse.uses(inst.resultId)) {
      const user = use.instruction;
      if (DESCRIBING.has(user.opcode) && use.operand === 0) continue;
      if (user.opcode === Op.Phi) continue;
      // Another insert passes the chain on (as its composite), or takes it in as its object: its
      // own readers decide. An array insert has none that look, so it reads the object whole.
      if (user.opcode === Op.CompositeInsert && types.def(user.typeId)?.opcode !== Op.TypeArray) continue;
      if (user.opcode === Op.CompositeExtract && use.operand === 0) marker.mark(inst, Array.from(user.operands.subarray(1)), 0, new Set());
      else marker.mark(inst, undefined, 0, new Set());
    }
  }
  return live;
}

/** Marks the inserts of a chain that a read of some index path (or of everything) sees. */
class ChainMarker {
  constructor(
    private readonly types: TypeManager,
    private readonly defUse: DefUse,
    private readonly live: Set<Instruction>,
  ) {}

  /**
   * Marks what a read of `path` from `offset` on (undefined: the whole value) sees of the chain
   * ending at `chain`. `phis` are the OpPhis already followed for this read.
   */
  mark(chain: Instruction | undefined, path: readonly number[] | undefined, offset: number, phis: Set<Instruction>): void {
    if (chain === undefined || (chain.opcode !== Op.CompositeInsert && chain.opcode !== Op.Phi)) return;
    const type = this.types.def(chain.typeId);
    if (type === undefined || type.opcode === Op.TypeArray) return;
    if (path === undefined) {
      // The whole value: each member on its own, so an insert that overwrites one still hides
      // the inserts below it for that member.
      const count = memberCount(type);
      if (count > 0) {
        for (let i = 0; i < count; i++) this.mark(chain, [i], 0, new Set());
        return;
      }
    }
    let inst: Instruction | undefined = chain;
    while (inst?.opcode === Op.CompositeInsert) {
      const at = inst.operands.subarray(2);
      const object = this.defUse.def(inst.word(0));
      if (path === undefined) {
        this.live.add(inst);
        this.mark(object, undefined, 0, new Set());
      } else {
        const rest = path.length - offset;
        const common = Math.min(rest, at.length);
        let prefix = 0;
        while (prefix < common && path[offset + prefix] === at[prefix]) prefix++;
        if (prefix === common) {
          // The read and the insert overlap.
          this.live.add(inst);
          if (rest === at.length) {
            // Exactly what was inserted: nothing below it is seen.
            this.mark(object, undefined, 0, new Set());
            return;
          }
          if (rest > at.length) {
            // A part of the inserted object: that part of it, and nothing below.
            this.mark(object, path, offset + at.length, new Set());
            return;
          }
          // The read takes in the inserted object and more: all of it, and on down the chain.
          this.mark(object, undefined, 0, new Set());
        }
      }
      inst = this.defUse.def(inst.word(1));
    }
    if (inst?.opcode !== Op.Phi || phis.has(inst)) return;
    phis.add(inst);
    const incoming = new Set<number>();
    for (let i = 0; i < inst.operandCount; i += 2) incoming.add(inst.word(i));
    for (const id of incoming) this.mark(this.defUse.def(id), path, offset, phis);
  }
}

/** Members of a vector, matrix or struct type; 0 for anything else. */
function memberCount(type: Instruction): number {
  if (type.opcode === Op.TypeVector || type.opcode === Op.TypeMatrix) return type.word(1);
  if (type.opcode === Op.TypeStruct) return type.operandCount;
  return 0;
}
