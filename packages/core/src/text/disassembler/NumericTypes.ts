import { Op } from '../../grammar/index.js';
import type { Instruction } from '../../ir/Instruction.js';
import { formatFloat16, formatFloat32, formatFloat64, formatInt32, formatInt64, formatUint32, formatUint64 } from './formatNumber.js';

const UNSIGNED = 1;
const SIGNED = 2;
const FLOAT = 3;

/**
 * The scalar number types seen so far (OpTypeInt, OpTypeFloat) and how a literal of each is
 * printed. Filled while walking the module in order, as SPIRV-Tools' parser does, so a literal
 * whose type comes later (invalid) is treated as untyped.
 */
export class NumericTypes {
  /** type id -> width * 4 + kind */
  private readonly types = new Map<number, number>();

  /** Records `inst` if it declares a scalar number type. */
  note(inst: Instruction): void {
    if (inst.opcode === Op.TypeInt) this.types.set(inst.resultId, inst.word(0) * 4 + (inst.word(1) !== 0 ? SIGNED : UNSIGNED));
    else if (inst.opcode === Op.TypeFloat) this.types.set(inst.resultId, inst.word(0) * 4 + FLOAT);
  }

  /** Bit width of a scalar number type, 0 for anything else (the walker's `typeWidth`). */
  width(typeId: number): number {
    const t = this.types.get(typeId);
    return t === undefined ? 0 : Math.floor(t / 4);
  }

  /**
   * The literal of type `typeId` in operand words [start, start + count) of `inst`, or undefined
   * when it cannot be printed as a number that reads back the same: the type is not a scalar
   * number, or the word count does not match its width.
   *
   * Narrow integers print their whole word as a 32-bit integer of the type's signedness (so a
   * signed 16-bit word 0x00008000 prints 32768, as spirv-dis does); floats of widths other than
   * 16 and 64 print as 32-bit floats.
   */
  format(typeId: number, inst: Instruction, start: number, count: number): string | undefined {
    const t = this.types.get(typeId);
    if (t === undefined) return undefined;
    const width = Math.floor(t / 4);
    const kind = t & 3;
    if (width === 0 || width > 64 || count !== (width > 32 ? 2 : 1)) return undefined;
    const lo = inst.word(start);
    if (count === 1) {
      if (kind === FLOAT) return width === 16 ? formatFloat16(lo & 0xffff) : formatFloat32(lo);
      return kind === SIGNED ? formatInt32(lo) : formatUint32(lo);
    }
    const hi = inst.word(start + 1);
    if (kind === FLOAT) return formatFloat64(lo, hi);
    return kind === SIGNED ? formatInt64(lo, hi) : formatUint64(lo, hi);
  }
}
