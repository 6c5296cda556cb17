import { NamesAnalysis, SourceLocationsAnalysis, SpirvError, instructionTexts, opcodeName } from '@spvkit/core';
import type { Instruction, Module } from '@spvkit/core';

/**
 * Builds the UNSUPPORTED_CONSTRUCT errors of the translator: each names the construct, the
 * instruction (opname and ids by their OpName), its byte offset in the binary and the source line
 * the module records for it, so a refusal points at the user's code rather than at a word.
 */
export class Refuser {
  private offsets: Map<Instruction, number> | undefined;

  constructor(private readonly module: Module) {}

  /** The error for `construct` at `inst` (a thrown value: `throw refuser.error(...)`). */
  error(construct: string, inst: Instruction | undefined, detail?: string): SpirvError {
    if (inst === undefined)
      return new SpirvError('UNSUPPORTED_CONSTRUCT', `${construct} cannot be expressed in WGSL${detail !== undefined ? `: ${detail}` : ''}`);
    const opname = opcodeName(inst.opcode) ?? `Op${inst.opcode}`;
    const offset = this.offsetOf(inst);
    const location = this.module.analysis(SourceLocationsAnalysis).of(inst);
    const where = location !== undefined ? ` (${location.file ?? 'source'}:${location.line})` : '';
    const message = `${construct} cannot be expressed in WGSL: ${this.describe(inst)}${detail !== undefined ? ` (${detail})` : ''}${offset !== undefined ? ` at byte offset ${offset}` : ''}${where}`;
    return new SpirvError('UNSUPPORTED_CONSTRUCT', message, {
      opname,
      ...(offset !== undefined ? { offset } : {}),
      ...(location !== undefined ? { location } : {}),
    });
  }

  /** The instruction in spirv-dis syntax (`%name = OpX %type %a %b`), ids by their OpName where they have one. */
  describe(inst: Instruction): string {
    const names = this.module.analysis(NamesAnalysis);
    const text = instructionTexts(
      this.module,
      // An empty OpName (HLSL compilers write them) would print as `% = OpVariable`: the number then.
      (id) => {
        const name = names.name(id);
        return name === '' ? undefined : name;
      },
      (i) => i === inst,
    ).get(inst);
    return text ?? opcodeName(inst.opcode) ?? `Op${inst.opcode}`;
  }

  /** Byte offset of `inst` in the module's binary form (header included). */
  private offsetOf(inst: Instruction): number | undefined {
    if (this.offsets === undefined) {
      this.offsets = new Map();
      let at = 20;
      for (const i of this.module.instructions()) {
        this.offsets.set(i, at);
        at += i.wordCount * 4;
      }
    }
    return this.offsets.get(inst);
  }
}
