// The shapes only (not the name tables): the decoder uses this, and a bundle that decodes keeps no names.
import { Op } from '../grammar/generated/enums.js';
import { extInstSetByName } from '../grammar/shapes.js';
import type { ExtInstSetInfo } from '../grammar/types.js';
import { decodeLiteralString } from '../words/literalString.js';
import type { Instruction } from './Instruction.js';
import type { OperandContext } from './operands.js';
import { createIdValues, type IdValues } from './idTables.js';

/**
 * The one {@link OperandContext} implementation: what walking operands needs to know (int and
 * float widths, result types, imported ext-inst sets), learned one instruction at a time with
 * {@link note}. The decoder fills it while decoding, the builder while building, analyses over a
 * whole module in one pass ({@link moduleOperandContext}). Result types are kept in a table sized
 * by the module (see createIdValues), not by its declared bound.
 *
 * @example
 * ```ts
 * const ctx = new OperandTables(module.header.bound, 1024);
 * for (const inst of module.globalInstructions()) ctx.note(inst);
 * walkOperands(inst, ctx, visit);
 * ```
 */
export class OperandTables implements OperandContext {
  private readonly widths = new Map<number, number>();
  private readonly sets = new Map<number, ExtInstSetInfo | undefined>();
  private readonly types: IdValues;

  /** `bound` is the module's id bound, `moduleWords` about how many words it has. */
  constructor(bound: number, moduleWords: number) {
    this.types = createIdValues(bound, moduleWords);
  }

  /** Learns what `inst` tells: a numeric type's width, an imported set, a result's type. */
  note(inst: Instruction): void {
    const op = inst.opcode;
    if (op === Op.TypeInt || op === Op.TypeFloat) this.widths.set(inst.resultId, inst.word(0));
    else if (op === Op.ExtInstImport) this.sets.set(inst.resultId, extInstSetByName(decodeLiteralString(inst.operands, 0, inst.operandCount).value));
    else if (inst.typeId !== 0 && inst.resultId !== 0) this.types.set(inst.resultId, inst.typeId);
  }

  /** Records that `id` has type `typeId` (for callers that see ids without an Instruction). */
  noteType(id: number, typeId: number): void {
    this.types.set(id, typeId);
  }

  typeWidth(typeId: number): number {
    return this.widths.get(typeId) ?? 0;
  }

  typeOf(id: number): number {
    return this.types.get(id);
  }

  extInstSet(id: number): ExtInstSetInfo | undefined {
    return this.sets.get(id);
  }
}
