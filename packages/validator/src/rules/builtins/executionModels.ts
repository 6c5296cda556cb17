import type { BuiltinRule } from './BuiltinRule.js';
import type { BuiltinsContext } from './BuiltinsContext.js';
import type { ReachedUse } from './entryPointReach.js';
import type { BuiltinTarget } from './targets.js';
import { modelName, orList } from './wording.js';

/** "BuiltIn X must be used only within the ... Execution Model": each entry point that reaches a use from another model breaks it. */
export function checkExecutionModels(c: BuiltinsContext, target: BuiltinTarget, rule: BuiltinRule, reached: readonly ReachedUse[]): void {
  if (rule.models === undefined) return;
  for (const r of reached) {
    if (rule.models.allowed.includes(r.ep.executionModel)) continue;
    c.reporter.report(
      target,
      r,
      r.instance,
      rule.models.vuid,
      `BuiltIn ${rule.name} must be used only within the ${orList(rule.models.allowed.map(modelName))} execution model${rule.models.allowed.length > 1 ? 's' : ''}, not ${modelName(r.ep.executionModel)}`,
    );
  }
}
