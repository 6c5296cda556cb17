import type { BuiltinRule } from './BuiltinRule.js';
import type { BuiltinsContext } from './BuiltinsContext.js';
import { firstReached, type ReachedUse } from './entryPointReach.js';
import type { BuiltinTarget } from './targets.js';
import { describeRule } from './typeShapes.js';
import { modelName, orList } from './wording.js';

/**
 * "must be declared as ...": the declared type against the rule's shape, with the one outer
 * array level of per-vertex and per-primitive interfaces only in the models that have one.
 */
export function checkDeclaredType(c: BuiltinsContext, target: BuiltinTarget, rule: BuiltinRule, reached: readonly ReachedUse[]): void {
  if (rule.type === undefined) return;
  const isMember = target.kind === 'member';
  const arrayedIn = !isMember && target.kind === 'variable' ? (rule.arrayedIn ?? []) : [];
  const optional = arrayedIn.length > 0;
  if (!c.types.matches(rule.type.rule, target.typeId, optional, isMember)) {
    const first = firstReached(reached, target.instances[0]);
    c.reporter.report(
      target,
      first,
      first?.instance ?? target.instances[0],
      rule.type.vuid,
      typeText(rule, c.types.describe(target.typeId), optional, arrayedIn),
    );
    return;
  }
  if (!optional || c.types.matches(rule.type.rule, target.typeId, false, isMember)) return;
  // Declared with the per-vertex/per-primitive array level: only right where the model has one.
  for (const r of reached) {
    if (arrayedIn.includes(r.ep.executionModel)) continue;
    c.reporter.report(
      target,
      r,
      r.instance,
      rule.type.vuid,
      `within the ${modelName(r.ep.executionModel)} execution model, a variable decorated BuiltIn ${rule.name} must be declared as ${describeRule(rule.type.rule)} (no per-vertex or per-primitive array), not ${c.types.describe(target.typeId)}`,
    );
  }
}

function typeText(rule: BuiltinRule, actual: string, optional: boolean, arrayedIn: readonly number[]): string {
  const arrayed = optional ? ` (or an array of it in the ${orList(arrayedIn.map(modelName))} execution models)` : '';
  return `a variable decorated BuiltIn ${rule.name} must be declared as ${describeRule(rule.type!.rule)}${arrayed}, not ${actual}`;
}
