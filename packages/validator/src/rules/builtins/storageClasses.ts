import type { BuiltinRule, StorageRule } from './BuiltinRule.js';
import type { BuiltinsContext } from './BuiltinsContext.js';
import { firstReached, type ReachedUse } from './entryPointReach.js';
import type { BuiltinTarget } from './targets.js';
import { modelName, orList, storageName } from './wording.js';

/**
 * The storage-class rules: a rule without models judges every declaration (at its first use, if
 * any); a rule with models judges the declarations used by an entry point of those models.
 */
export function checkStorageClasses(c: BuiltinsContext, target: BuiltinTarget, rule: BuiltinRule, reached: readonly ReachedUse[]): void {
  const generic = rule.storage.filter((s) => s.models === undefined);
  const perModel = rule.storage.filter((s) => s.models !== undefined);
  for (const instance of target.instances) {
    const sc = instance.storageClass;
    if (sc === undefined) continue;
    const mine = reached.filter((r) => r.instance === instance);
    const bad = generic.find((g) => !g.classes.includes(sc));
    if (bad !== undefined) {
      c.reporter.report(target, firstReached(mine, instance), instance, bad.vuid, storageText(rule.name, bad, sc));
      continue;
    }
    if (perModel.length === 0) continue;
    let anyModelRule = false;
    for (const r of mine) {
      for (const s of perModel) {
        if (!s.models!.includes(r.ep.executionModel)) continue;
        anyModelRule = true;
        if (!s.classes.includes(sc)) c.reporter.report(target, r, instance, s.vuid, storageText(rule.name, s, sc, r.ep.executionModel));
      }
    }
    if (generic.length === 0 && !anyModelRule && mine.length === 0) {
      // Not used by any entry point: still a declaration in a storage class no model allows.
      const union = new Set(perModel.flatMap((s) => s.classes));
      if (!union.has(sc)) {
        c.reporter.report(target, undefined, instance, perModel[0].vuid, storageText(rule.name, { classes: [...union], vuid: perModel[0].vuid }, sc));
      }
    }
  }
}

function storageText(name: string, s: StorageRule, actual: number, model?: number): string {
  const classes = orList(s.classes.map(storageName));
  const within = model === undefined ? '' : `within the ${modelName(model)} execution model, `;
  return `${within}a variable decorated BuiltIn ${name} must be declared using the ${classes} storage class, not ${storageName(actual)}`;
}
