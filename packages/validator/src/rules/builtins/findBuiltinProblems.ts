import { BuiltIn, type Module } from '@spvkit/core';
import type { BuiltinError, BuiltinProblem } from './BuiltinProblem.js';
import { BuiltinsContext } from './BuiltinsContext.js';
import { BUILTIN_SPVKIT_CODES } from './codes.js';
import { collectBuiltins, type CollectedBuiltins } from './collect.js';
import { checkDecoratedObject } from './decoratedObjects.js';
import { checkDeclaredType } from './declaredTypes.js';
import { checkExecutionModels } from './executionModels.js';
import { checkFurtherRules } from './furtherRules.js';
import { checkStorageClasses } from './storageClasses.js';
import type { BuiltinTarget } from './targets.js';
import { spirvVersionName, type BuiltinsTargetEnv } from './targetEnv.js';
import { builtinRuleFor } from './vulkanRules.js';
import { checkWorkgroupSize } from './workgroupSize.js';

/** What {@link findBuiltinProblems} found, and how to place a use site. */
export interface BuiltinProblems {
  readonly problems: readonly BuiltinProblem[];
  /** Undefined when the module has no BuiltIn decoration (then no problem has a site). */
  readonly collected?: CollectedBuiltins;
}

/**
 * Every broken BuiltIn rule of `module` under `env`, in the order the checks find them.
 *
 * @example
 * ```ts
 * const { problems } = findBuiltinProblems(module, parseBuiltinsTargetEnv('vulkan1.2'));
 * ```
 */
export function findBuiltinProblems(module: Module, env: BuiltinsTargetEnv): BuiltinProblems {
  const problems: BuiltinProblem[] = [];
  const version = versionProblem(module.header.version, env);
  if (version !== undefined) problems.push(version);
  const collected = collectBuiltins(module, {
    wantsWrites: (b) => builtinRuleFor(b)?.extra?.some((e) => e.kind === 'executionMode' && e.writesOnly === true) === true,
  });
  if (collected.targets.length === 0) return { problems };
  const c = new BuiltinsContext(module, env, collected, problems);
  for (const target of collected.targets) checkTarget(c, target);
  return { problems, collected };
}

/**
 * The module's SPIR-V version against the highest `env` allows: read from the header alone, so
 * the validator checks it without decoding the module.
 *
 * @example
 * ```ts
 * versionProblem(makeVersion(1, 6), parseBuiltinsTargetEnv('vulkan1.1')); // spvkit-target-env-version
 * ```
 */
export function versionProblem(version: number, env: BuiltinsTargetEnv): BuiltinError | undefined {
  if (env.maxSpirvVersion === undefined || version <= env.maxSpirvVersion) return undefined;
  return {
    severity: 'error',
    code: BUILTIN_SPVKIT_CODES.version,
    message: `the module is ${spirvVersionName(version)}, but target env ${env.name} allows at most ${spirvVersionName(env.maxSpirvVersion)}`,
    hint: env.vulkan
      ? `use a target env of a Vulkan version that consumes ${spirvVersionName(version)}, or compile for ${env.name}`
      : `use target env spv${spirvVersionName(version).slice('SPIR-V '.length)} or later`,
  };
}

/** The checks of one decorated object, in the order their findings are told. */
function checkTarget(c: BuiltinsContext, target: BuiltinTarget): void {
  if (target.builtIn === BuiltIn.WorkgroupSize) {
    checkWorkgroupSize(c, target);
    return;
  }
  if (!c.vulkan) return;
  if (target.builtIn === BuiltIn.VertexId) {
    c.reporter.report(
      target,
      undefined,
      undefined,
      BUILTIN_SPVKIT_CODES.vertexId,
      'Vulkan does not support BuiltIn VertexId',
      'use VertexIndex (gl_VertexIndex)',
    );
    return;
  }
  const rule = builtinRuleFor(target.builtIn);
  if (rule === undefined) return;
  if (!checkDecoratedObject(c, target, rule)) return;
  const reached = c.reach.reachedUses(target);
  checkExecutionModels(c, target, rule, reached);
  checkStorageClasses(c, target, rule, reached);
  checkDeclaredType(c, target, rule, reached);
  checkFurtherRules(c, target, rule, reached);
}
