import { enumHasParameters, instructionOperands } from '../../grammar/shapes.js';
import type { Instruction } from '../../ir/Instruction.js';

/**
 * Which further instructions must be printed entirely as raw words so that the raw ones stay
 * separate instructions when spirv-as reads the text back.
 *
 * spirv-as ends an instruction only at the next opcode name or `%id =`. A line that starts with
 * a raw word (`!0x00030abc ...`) therefore continues the line before it whenever that line could
 * still take an operand (the grammar allows more, or it already switched to raw words), and
 * spirv-as then recomputes that line's word count over both: the words survive, the instruction
 * boundary does not. A line that itself starts with a raw word keeps its word count as written,
 * so the fix is to print the line before as raw words too, and so on backwards while the line
 * before that could take more. Found by assembling the output back with spirv-as.
 *
 * @param instructions the module's instructions in order
 * @param wholeRaw indexes of the instructions printed entirely as raw words
 * @param rawTail indexes of the instructions printed as an opcode name followed by raw words
 */
export function linesToPrintRaw(instructions: readonly Instruction[], wholeRaw: readonly number[], rawTail: ReadonlySet<number>): Set<number> {
  const raw = new Set(wholeRaw);
  const force = new Set<number>();
  for (const index of wholeRaw) {
    for (let i = index - 1; i >= 0 && !raw.has(i); i--) {
      const inst = instructions[i];
      if (!rawTail.has(i) && !mayTakeMoreOperands(inst.opcode)) break;
      force.add(i);
      raw.add(i);
    }
  }
  return force;
}

const cache = new Map<number, boolean>();

/**
 * Whether spirv-as could read one more operand into an instruction with this opcode after the
 * ones it has: its grammar has optional or repeated operands, an enumerant operand whose values
 * may take parameters, or operands that depend on another operand (OpExtInst, OpSpecConstantOp).
 * Errs on the side of true.
 *
 * @example mayTakeMoreOperands(Op.Load) // true: the memory operands are optional
 */
export function mayTakeMoreOperands(opcode: number): boolean {
  let more = cache.get(opcode);
  if (more === undefined) {
    const operands = instructionOperands(opcode);
    more =
      operands !== undefined &&
      operands.some((o) => o.quantifier !== '' || o.kind === 'LiteralExtInstInteger' || o.kind === 'LiteralSpecConstantOpInteger' || enumHasParameters(o.kind));
    cache.set(opcode, more);
  }
  return more;
}
