import { Decoration, Op, SECTIONS, UNCHANGED, decodeLiteralString, type Instruction, type Pass } from '@spvkit/core';
import { importedSets, isNonSemanticSet } from './extInstSets.js';
import { planExtInstRemoval } from './removeExtInsts.js';
import { removeDecorationsOf } from './removeDecorationsOf.js';
import { BodyWordFactsAnalysis } from '../words/BodyWordFacts.js';

/** Reflection decorations: HlslSemanticGOOGLE (= UserSemantic) and UserTypeGOOGLE, by OpDecorateString. */
const REFLECTION_STRINGS = new Set<number>([Decoration.UserSemantic, Decoration.UserTypeGOOGLE]);

/** Extensions that only reflection and non-semantic information need. */
const ALWAYS_DROPPED = new Set(['SPV_GOOGLE_hlsl_functionality1', 'SPV_GOOGLE_user_type', 'SPV_KHR_non_semantic_info']);

function isReflection(inst: Instruction): boolean {
  if (inst.opcode === Op.DecorateString) return REFLECTION_STRINGS.has(inst.word(1));
  if (inst.opcode === Op.MemberDecorateString) return REFLECTION_STRINGS.has(inst.word(2));
  return inst.opcode === Op.DecorateId && inst.word(1) === Decoration.CounterBuffer;
}

function makePass(name: string, description: string): Pass {
  return {
    name,
    description,
    // Its edits outside the bodies keep their facts; new bodies drop them.
    preserves: [BodyWordFactsAnalysis],
    run(module) {
      const annotations = module.annotations;
      const reflection = annotations.filter(isReflection);
      const otherStrings = annotations.some((inst) => (inst.opcode === Op.DecorateString || inst.opcode === Op.MemberDecorateString) && !isReflection(inst));
      const extensions = module.extensions.filter((inst) => {
        const ext = decodeLiteralString(inst.operands, 0, inst.operandCount).value;
        return ALWAYS_DROPPED.has(ext) || (ext === 'SPV_GOOGLE_decorate_string' && !otherStrings);
      });
      const sets = new Set<number>();
      for (const [id, set] of importedSets(module)) if (isNonSemanticSet(set)) sets.add(id);
      const named = new Set<number>();
      const stillNamed = new Set<number>();
      const plan = planExtInstRemoval(module, {
        sets,
        nonSemantic: new Set(),
        everyUse: true,
        keptUse: (id) => stillNamed.add(id),
        removedUse: (id) => named.add(id),
      });
      // The OpStrings only removed instructions named (a DebugPrintf format, debug info's file
      // names) go with them; those an OpSource or OpLine names stay.
      for (const inst of module.debugStrings) if (inst.opcode === Op.Source && inst.operandCount > 2) stillNamed.add(inst.word(2));
      for (const name of SECTIONS) for (const inst of module.section(name)) if (inst.opcode === Op.Line && name !== 'globals') stillNamed.add(inst.word(0));
      const orphans = new Set(
        module.debugStrings
          .filter((inst) => inst.opcode === Op.String && named.has(inst.resultId) && !stillNamed.has(inst.resultId))
          .map((inst) => inst.resultId),
      );
      if (reflection.length === 0 && extensions.length === 0 && sets.size === 0 && !plan.any) return UNCHANGED;
      plan.apply();
      const goneReflection = new Set(reflection);
      module.removeWhere('annotations', (inst) => goneReflection.has(inst));
      const goneExtensions = new Set(extensions);
      module.removeWhere('extensions', (inst) => goneExtensions.has(inst));
      module.removeWhere('extInstImports', (inst) => sets.has(inst.resultId));
      if (orphans.size > 0) module.removeWhere('debugStrings', (inst) => orphans.has(inst.resultId));
      removeDecorationsOf(module, new Set([...plan.ids, ...sets, ...orphans]));
      return { changed: true, diagnostics: [] };
    },
  };
}

/**
 * `strip-nonsemantic`, as spirv-opt's pass of that name: removes every non-semantic extended
 * instruction (any `NonSemantic.*` set: debug info, DebugPrintf, clspv reflection) with its
 * import and `SPV_KHR_non_semantic_info`, and the HLSL reflection decorations
 * (`HlslSemanticGOOGLE`/`UserSemantic`, `UserTypeGOOGLE`, `HlslCounterBufferGOOGLE`/`CounterBuffer`)
 * with the extensions only they needed (`SPV_GOOGLE_hlsl_functionality1`, `SPV_GOOGLE_user_type`,
 * and `SPV_GOOGLE_decorate_string` when no other string decoration is left). An OpString only
 * removed instructions named goes too (spirv-opt leaves it, unused), so that strip-nonsemantic and
 * strip-debug give the same module in either order; one an OpSource or OpLine names stays.
 */
export const stripNonSemantic: Pass = makePass('strip-nonsemantic', 'remove non-semantic instructions (NonSemantic.* sets) and reflection decorations');

/**
 * `strip-reflect`: spirv-opt's older name for {@link stripNonSemantic}, which it now runs (its help
 * says: "DEPRECATED. Remove all reflection information ... defined by
 * SPV_GOOGLE_hlsl_functionality1 and SPV_KHR_non_semantic_info"); the same here.
 */
export const stripReflect: Pass = makePass('strip-reflect', 'remove reflection decorations and non-semantic instructions (as strip-nonsemantic)');
