// Referenced member by member, so bundlers inline the numbers and keep no table.
import { NonSemanticShaderDebugInfo100 as DebugInfo100, Op, extInstSetByName } from '../grammar/index.js';
import { decodeLiteralString } from '../words/literalString.js';
import type { SourceLocation } from '../errors/SpirvError.js';
import type { Instruction } from '../ir/Instruction.js';
import type { Analysis, Module } from '../ir/Module.js';

/** Source positions of instructions. */
export interface SourceLocations {
  /**
   * Where `inst` came from: the OpLine or NonSemantic.Shader.DebugInfo.100 DebugLine in effect for
   * it, else the assembly text it was assembled from, else undefined.
   */
  of(inst: Instruction): SourceLocation | undefined;
}

/**
 * Maps instructions to the source lines a compiler recorded for them, so diagnostics can point at
 * the user's GLSL (or assembly) rather than at a word offset. A line is in effect from its OpLine
 * or DebugLine to the next one, an OpNoLine/DebugNoLine, or the end of the block.
 *
 * @example
 * ```ts
 * const loc = module.analysis(SourceLocationsAnalysis).of(inst); // { file: 'blur.comp', line: 12, column: 5 }
 * ```
 */
export const SourceLocationsAnalysis: Analysis<SourceLocations> = {
  name: 'source-locations',
  build(module: Module): SourceLocations {
    const strings = new Map<number, string>();
    for (const inst of module.debugStrings) {
      if (inst.opcode === Op.String) strings.set(inst.resultId, decodeLiteralString(inst.operands, 0, inst.operandCount).value);
    }
    const debugInfoSets = new Set<number>();
    for (const inst of module.extInstImports) {
      const name = decodeLiteralString(inst.operands, 0, inst.operandCount).value;
      if (name.startsWith('NonSemantic.Shader.DebugInfo.') && extInstSetByName(name) !== undefined) debugInfoSets.add(inst.resultId);
    }
    const uintValues = new Map<number, number>();
    const debugSources = new Map<number, string>();
    for (const inst of module.globals) {
      if (inst.opcode === Op.Constant && inst.operandCount === 1) uintValues.set(inst.resultId, inst.word(0));
      else if (inst.opcode === Op.ExtInst && debugInfoSets.has(inst.word(0)) && inst.word(1) === DebugInfo100.DebugSource) {
        const file = strings.get(inst.word(2));
        if (file !== undefined) debugSources.set(inst.resultId, file);
      }
    }

    const locations = new Map<Instruction, SourceLocation>();
    for (const fn of module.functions) {
      let current: SourceLocation | undefined;
      const visit = (inst: Instruction): void => {
        if (inst.opcode === Op.Line) {
          const file = strings.get(inst.word(0));
          current = { ...(file !== undefined ? { file } : {}), line: inst.word(1), column: Math.max(1, inst.word(2)) };
          return;
        }
        if (inst.opcode === Op.NoLine) {
          current = undefined;
          return;
        }
        if (inst.opcode === Op.ExtInst && debugInfoSets.has(inst.word(0))) {
          if (inst.word(1) === DebugInfo100.DebugLine) {
            const file = debugSources.get(inst.word(2));
            const line = uintValues.get(inst.word(3));
            const column = uintValues.get(inst.word(5));
            if (line !== undefined) current = { ...(file !== undefined ? { file } : {}), line, column: Math.max(1, column ?? 1) };
            return;
          }
          if (inst.word(1) === DebugInfo100.DebugNoLine) {
            current = undefined;
            return;
          }
        }
        if (current !== undefined) locations.set(inst, current);
      };
      for (const inst of fn.leading) visit(inst);
      visit(fn.definition);
      for (const inst of fn.preamble) visit(inst);
      for (const block of fn.blocks) {
        current = undefined;
        for (const inst of block.instructions) visit(inst);
      }
    }
    return {
      of(inst) {
        const loc = locations.get(inst);
        if (loc !== undefined) return loc;
        const span = inst.span;
        return span === undefined ? undefined : { ...(span.file !== undefined ? { file: span.file } : {}), line: span.line, column: span.column };
      },
    };
  },
  // Read from strings, ext-inst imports, constants and the bodies; decorations and names do not matter.
  update: (_value, change) => change.place === 'annotations' || change.place === 'debugNames',
};
