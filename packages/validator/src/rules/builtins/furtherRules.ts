import { DecorationsAnalysis } from '@spvkit/core';
import type { BuiltinRule } from './BuiltinRule.js';
import type { BuiltinsContext } from './BuiltinsContext.js';
import { firstReached, type EntryPoint, type ReachedUse } from './entryPointReach.js';
import type { BuiltinTarget } from './targets.js';
import { modelName } from './wording.js';

/** The rules only some built-ins have (BuiltinRule's `extra`): an execution mode, a capability, another decoration. */
export function checkFurtherRules(c: BuiltinsContext, target: BuiltinTarget, rule: BuiltinRule, reached: readonly ReachedUse[]): void {
  for (const extra of rule.extra ?? []) {
    switch (extra.kind) {
      case 'executionMode':
        for (const r of extra.writesOnly ? c.reach.reachedUses(target, true) : reached) {
          if (!extra.models.includes(r.ep.executionModel)) continue;
          if (hasExecutionMode(c, r.ep, extra.mode)) continue;
          c.reporter.report(
            target,
            r,
            r.instance,
            extra.vuid,
            `entry point '${r.ep.name}' must declare the ${extra.modeName} execution mode to ${extra.writesOnly ? 'write' : 'use'} BuiltIn ${rule.name}`,
          );
        }
        break;
      case 'capabilityInModels':
        if (extra.capabilities.some((cap) => c.capabilities.has(cap))) break;
        for (const r of reached) {
          if (!extra.models.includes(r.ep.executionModel)) continue;
          c.reporter.report(
            target,
            r,
            r.instance,
            extra.vuid,
            `using BuiltIn ${rule.name} in the ${modelName(r.ep.executionModel)} execution model requires the ${extra.capabilityNames} capability`,
          );
        }
        break;
      case 'alsoDecorated': {
        const decorations = c.module.analysis(DecorationsAnalysis);
        const onTarget =
          target.kind === 'member'
            ? decorations.ofMember(target.id, target.member!).some((d) => d.decoration === extra.decoration)
            : decorations.of(target.id).some((d) => d.decoration === extra.decoration);
        if (onTarget) break;
        for (const instance of target.instances) {
          if (decorations.of(instance.id).some((d) => d.decoration === extra.decoration)) continue;
          c.reporter.report(
            target,
            firstReached(reached, instance),
            instance,
            extra.vuid,
            `BuiltIn ${rule.name} must also be decorated ${extra.decorationName}`,
          );
        }
        break;
      }
    }
  }
}

function hasExecutionMode(c: BuiltinsContext, ep: EntryPoint, mode: number): boolean {
  return c.module.executionModes.some((m) => m.word(0) === ep.functionId && m.word(1) === mode);
}
