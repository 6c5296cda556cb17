import { Op, makeVersion } from '@spvkit/core';
import type { BuiltinsContext } from './BuiltinsContext.js';
import { BUILTIN_SPVKIT_CODES } from './codes.js';
import { firstReached } from './entryPointReach.js';
import type { BuiltinTarget } from './targets.js';
import { WORKGROUP_SIZE_RULES } from './vulkanRules.js';
import { modelName, orList } from './wording.js';

/**
 * BuiltIn WorkgroupSize, unlike the others, decorates a constant: that is a SPIR-V rule (checked
 * for every target env), its type and models are Vulkan's, and the two warnings (a zero size, the
 * decoration deprecated in SPIR-V 1.6) are advice.
 */
export function checkWorkgroupSize(c: BuiltinsContext, target: BuiltinTarget): void {
  const constantCode = c.vulkan ? WORKGROUP_SIZE_RULES.constantVuid : BUILTIN_SPVKIT_CODES.workgroupSizeConstant;
  const reached = c.reach.reachedUses(target);
  const first = firstReached(reached, target.instances[0]);
  if (target.kind !== 'constant') {
    const what = target.kind === 'variable' ? 'a variable' : target.kind === 'member' ? 'a struct member' : 'a non-constant';
    c.reporter.report(
      target,
      first,
      target.instances[0],
      constantCode,
      `BuiltIn WorkgroupSize must decorate a constant or specialization constant, not ${what}`,
    );
    return;
  }
  if (c.vulkan && !c.types.matches({ kind: 'ivec', n: 3 }, target.typeId, false, false)) {
    c.reporter.report(
      target,
      first,
      target.instances[0],
      WORKGROUP_SIZE_RULES.typeVuid,
      `a constant decorated BuiltIn WorkgroupSize must be a 3-component vector of 32-bit integers, not ${c.types.describe(target.typeId)}`,
    );
  } else if (target.def?.opcode === Op.ConstantComposite && target.def.operandCount === 3) {
    const sizes = [0, 1, 2].map((i) => c.types.constantValue(target.def!.word(i)));
    if (sizes.every((s) => s !== undefined) && sizes.some((s) => s === 0)) {
      c.reporter.report(
        target,
        first,
        target.instances[0],
        BUILTIN_SPVKIT_CODES.workgroupSizeZero,
        `WorkgroupSize has a static product of zero (X = ${sizes[0]}, Y = ${sizes[1]}, Z = ${sizes[2]}): no invocation would run`,
        undefined,
        'warning',
      );
    }
  }
  if (c.vulkan) {
    for (const r of reached) {
      if ((WORKGROUP_SIZE_RULES.models as readonly number[]).includes(r.ep.executionModel)) continue;
      c.reporter.report(
        target,
        r,
        r.instance,
        WORKGROUP_SIZE_RULES.modelVuid,
        `BuiltIn WorkgroupSize must be used only within the ${orList(WORKGROUP_SIZE_RULES.models.map(modelName))} execution models, not ${modelName(r.ep.executionModel)}`,
      );
    }
  }
  if (c.module.header.version >= makeVersion(1, 6)) {
    c.reporter.report(
      target,
      first,
      target.instances[0],
      BUILTIN_SPVKIT_CODES.workgroupSizeDeprecated,
      'BuiltIn WorkgroupSize is deprecated in SPIR-V 1.6',
      'declare the size with OpExecutionModeId LocalSizeId instead',
      'warning',
    );
  }
}
