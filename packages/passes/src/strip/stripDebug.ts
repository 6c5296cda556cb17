import { Op, SECTIONS, UNCHANGED, decodeLiteralString, type Module, type Pass } from '@spvkit/core';
import { DEBUG_INFO_SETS, importedSets, isNonSemanticSet } from './extInstSets.js';
import { planExtInstRemoval } from './removeExtInsts.js';
import { removeDecorationsOf } from './removeDecorationsOf.js';
import { BodyWordFactsAnalysis } from '../words/BodyWordFacts.js';

const LINES = new Set<number>([Op.Line, Op.NoLine]);
const NON_SEMANTIC_INFO = 'SPV_KHR_non_semantic_info';

/**
 * `strip-debug`, as spirv-opt's pass of that name: removes OpSource, OpSourceContinued,
 * OpSourceExtension, OpName, OpMemberName, OpModuleProcessed, every OpLine and OpNoLine, and the
 * debug-information extended instructions (NonSemantic.Shader.DebugInfo.100, which glslang's `-gV`
 * writes, OpenCL.DebugInfo.100, DebugInfo) with their imports; an OpString goes unless a kept
 * non-semantic instruction names it (NonSemantic.DebugPrintf's format), and
 * `SPV_KHR_non_semantic_info` goes when no non-semantic set is left. Bodies still held as words
 * lose theirs by word edits, written when the module is encoded.
 */
export const stripDebug: Pass = {
  name: 'strip-debug',
  description: 'remove debug information: OpSource, OpString, OpName, OpLine, OpModuleProcessed and NonSemantic.Shader.DebugInfo.100',
  // Its edits outside the bodies keep their facts; new bodies drop them (and it holds theirs).
  preserves: [BodyWordFactsAnalysis],
  run(module) {
    const sets = importedSets(module);
    const debugSets = new Set<number>();
    const nonSemantic = new Set<number>();
    for (const [id, name] of sets) {
      if (DEBUG_INFO_SETS.has(name)) debugSets.add(id);
      else if (isNonSemanticSet(name)) nonSemantic.add(id);
    }
    const keptStrings = new Set<number>();
    const plan = planExtInstRemoval(module, { sets: debugSets, nonSemantic, dropOpcodes: LINES, keptUse: (id) => keptStrings.add(id) });
    // A producer may put OpLine / OpNoLine at the end of any section before the functions (an
    // OpLine before the first type ends up after the decorations): the globals are in the plan.
    const lineSections = SECTIONS.filter((name) => name !== 'globals' && module.section(name).some((inst) => LINES.has(inst.opcode)));
    const strips =
      plan.any ||
      lineSections.length > 0 ||
      debugSets.size > 0 ||
      module.debugNames.length > 0 ||
      module.debugModuleProcessed.length > 0 ||
      module.debugStrings.some((inst) => inst.opcode !== Op.String || !keptStrings.has(inst.resultId));
    if (!strips) return UNCHANGED;
    for (const name of lineSections) module.removeWhere(name, (inst) => LINES.has(inst.opcode));
    const strings = new Set<number>();
    for (const inst of module.debugStrings) if (inst.opcode === Op.String && !keptStrings.has(inst.resultId)) strings.add(inst.resultId);
    module.removeWhere('debugStrings', (inst) => inst.opcode !== Op.String || strings.has(inst.resultId));
    module.removeWhere('debugNames', () => true);
    module.removeWhere('debugModuleProcessed', () => true);
    module.removeWhere('extInstImports', (inst) => debugSets.has(inst.resultId));
    plan.apply();
    removeDecorationsOf(module, new Set([...plan.ids, ...strings, ...debugSets]));
    dropUnneededNonSemanticExtension(module);
    return { changed: true, diagnostics: [] };
  },
};

/** Removes `SPV_KHR_non_semantic_info` when no `NonSemantic.*` set is imported any more. */
export function dropUnneededNonSemanticExtension(module: Module): void {
  if ([...importedSets(module).values()].some(isNonSemanticSet)) return;
  module.removeWhere('extensions', (inst) => decodeLiteralString(inst.operands, 0, inst.operandCount).value === NON_SEMANTIC_INFO);
}
