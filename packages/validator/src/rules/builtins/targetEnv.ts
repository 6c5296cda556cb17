import { SpirvError, TARGET_ENVS, parseTargetEnv, versionOf } from '@spvkit/core';

/**
 * A validation target: which rules apply (Vulkan's or only SPIR-V's) and the highest SPIR-V
 * version a module may have.
 */
export interface BuiltinsTargetEnv {
  /** The name as given (`vulkan1.2`, `universal`, `vulkan`...). */
  readonly name: string;
  /** Vulkan API version (`{ major: 1, minor: 2 }`), or undefined for a non-Vulkan env (SPIR-V rules only). */
  readonly vulkan?: { readonly major: number; readonly minor: number };
  /** Highest SPIR-V version word (`makeVersion(1, 5)`) allowed, or undefined when any is. */
  readonly maxSpirvVersion?: number;
  /** True for `vulkan`: Vulkan rules for whatever SPIR-V version the module has. */
  readonly auto?: boolean;
}

/** Every env name {@link parseBuiltinsTargetEnv} accepts: `vulkan`, `universal`, and core's target envs. */
export const BUILTINS_TARGET_ENVS: readonly string[] = ['vulkan', 'universal', ...TARGET_ENVS.map((e) => e.name)];

/**
 * Parses a target env name.
 *
 * - `vulkan` (the default): Vulkan rules for any SPIR-V version (the module is taken to target the
 *   Vulkan version that consumes its SPIR-V version), so no version error is ever reported.
 * - `universal`: SPIR-V rules only (no VUIDs), any version.
 * - every name of core's `TARGET_ENVS` (the SPIRV-Tools names): `vulkan1.0` ... `vulkan1.4` and
 *   `vulkan1.1spv1.4` give Vulkan rules and that version's SPIR-V limit; `spv1.N`, `universal1.N`,
 *   `openclX.Y`, `openglX.Y` give SPIR-V rules only, with their SPIR-V limit.
 *
 * @example
 * ```ts
 * parseBuiltinsTargetEnv('vulkan1.1').maxSpirvVersion === makeVersion(1, 3);
 * ```
 */
export function parseBuiltinsTargetEnv(name: string): BuiltinsTargetEnv {
  if (name === 'vulkan') return { name, vulkan: { major: 1, minor: 0 }, auto: true };
  if (name === 'universal') return { name };
  let e: ReturnType<typeof parseTargetEnv>;
  try {
    e = parseTargetEnv(name);
  } catch {
    throw new SpirvError('BAD_OPTION', `unknown target env '${name}'`, { hint: `use one of: ${BUILTINS_TARGET_ENVS.join(', ')}` });
  }
  return { name: e.name, maxSpirvVersion: e.maxSpirvVersion, ...(e.vulkan ? { vulkan: { major: e.vulkan.major, minor: e.vulkan.minor } } : {}) };
}

/** `SPIR-V 1.5` for a version word. */
export function spirvVersionName(version: number): string {
  const { major, minor } = versionOf(version);
  return `SPIR-V ${major}.${minor}`;
}
