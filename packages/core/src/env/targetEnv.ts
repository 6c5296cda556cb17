import { SpirvError } from '../errors/SpirvError.js';
import { makeVersion } from '../words/header.js';

/**
 * A target environment as SPIRV-Tools names it (`--target-env`): which SPIR-V version a tool writes
 * into the header, and what a consumer of that environment accepts.
 */
export interface TargetEnv {
  /** The name as given on a command line, e.g. `vulkan1.2`, `spv1.4`, `opencl2.2embedded`. */
  readonly name: string;
  /** The SPIR-V version word (`0x00MMmm00`) the assembler writes into the header. */
  readonly spirvVersion: number;
  /** The Vulkan version, for Vulkan environments. */
  readonly vulkan?: { readonly major: number; readonly minor: number };
  /** The newest SPIR-V version (as a version word) a module for this environment may declare. */
  readonly maxSpirvVersion: number;
}

function env(name: string, major: number, minor: number, vulkan?: [number, number]): TargetEnv {
  const version = makeVersion(major, minor);
  const e: TargetEnv = { name, spirvVersion: version, maxSpirvVersion: version };
  return Object.freeze(vulkan === undefined ? e : { ...e, vulkan: Object.freeze({ major: vulkan[0], minor: vulkan[1] }) });
}

/**
 * Every environment name spvkit accepts, with the SPIR-V version SPIRV-Tools v2023.1 maps it to
 * (`spvVersionForTargetEnv`). `vulkan1.4` and `universal1.0`–`universal1.6` are not known to
 * v2023.1; they follow newer SPIRV-Tools (`vulkan1.4` is SPIR-V 1.6) and the C API's
 * `SPV_ENV_UNIVERSAL_1_x` names.
 *
 * @example TARGET_ENVS.map((e) => e.name).includes('vulkan1.1spv1.4') // true
 */
export const TARGET_ENVS: readonly TargetEnv[] = Object.freeze([
  env('vulkan1.0', 1, 0, [1, 0]),
  env('vulkan1.1', 1, 3, [1, 1]),
  env('vulkan1.1spv1.4', 1, 4, [1, 1]),
  env('vulkan1.2', 1, 5, [1, 2]),
  env('vulkan1.3', 1, 6, [1, 3]),
  env('vulkan1.4', 1, 6, [1, 4]),
  ...[0, 1, 2, 3, 4, 5, 6].map((minor) => env(`spv1.${minor}`, 1, minor)),
  ...[0, 1, 2, 3, 4, 5, 6].map((minor) => env(`universal1.${minor}`, 1, minor)),
  env('opencl1.2embedded', 1, 0),
  env('opencl1.2', 1, 0),
  env('opencl2.0embedded', 1, 0),
  env('opencl2.0', 1, 0),
  env('opencl2.1embedded', 1, 0),
  env('opencl2.1', 1, 0),
  env('opencl2.2embedded', 1, 2),
  env('opencl2.2', 1, 2),
  env('opengl4.0', 1, 0),
  env('opengl4.1', 1, 0),
  env('opengl4.2', 1, 0),
  env('opengl4.3', 1, 0),
  env('opengl4.5', 1, 0),
]);

/** The environment spirv-as uses when none is given: SPIR-V 1.6 with no client API. */
export const DEFAULT_TARGET_ENV: TargetEnv = TARGET_ENVS.find((e) => e.name === 'universal1.6')!;

const byName = new Map<string, TargetEnv>(TARGET_ENVS.map((e) => [e.name, e]));

/**
 * The target environment with the given name. Unlike spirv-as, which accepts any string that
 * merely starts with a known name (`vulkan1.1spv1.5` is taken as `vulkan1.1`), the name must match
 * exactly, so a typo is reported instead of silently picking another environment.
 *
 * @throws SpirvError `BAD_OPTION` for an unknown name; the message lists the valid names.
 * @example parseTargetEnv('vulkan1.2').spirvVersion === makeVersion(1, 5)
 */
export function parseTargetEnv(name: string): TargetEnv {
  const found = byName.get(name);
  if (found !== undefined) return found;
  const names = TARGET_ENVS.map((e) => e.name);
  const close = names.filter((n) => n.startsWith(name) || name.startsWith(n));
  throw new SpirvError('BAD_OPTION', `unknown target environment '${name}'; valid names: ${names.join(', ')}`, {
    hint: close.length > 0 ? `did you mean ${close.slice(0, 3).join(' or ')}?` : 'spvkit names environments as spirv-as --target-env does',
  });
}
