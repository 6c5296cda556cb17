import type { TargetEnv, TargetSpirv } from '@spvkit/glslang';
import { UsageError } from '../CommandIo.js';

/** What @spvkit/glslang compiles for, as `spvkit glsl`'s command line asked. */
export interface GlslTargets {
  readonly targetEnv?: TargetEnv;
  readonly targetSpirv?: TargetSpirv;
}

/**
 * The targets of `spvkit glsl`'s `--target-env` values (in command-line order) and its own
 * `--target-spv`, read as glslangValidator reads its `--target-env` (StandAlone.cpp): it may be
 * given more than once; `vulkan1.0` ... `vulkan1.4` name the client, `spirv1.0` ... `spirv1.6`
 * the SPIR-V version (spvkit's `spv1.x` too), the last of each kind wins, and without a SPIR-V
 * version the client's is taken (so `--target-env spirv1.4` alone is Vulkan 1.0 with SPIR-V 1.4,
 * what mesh and ray tracing shaders are compiled with). `opengl` is refused by name: the
 * compiler is built for Vulkan's SPIR-V only.
 *
 * @example
 * ```ts
 * glslTargets(['vulkan1.2', 'spirv1.4'], undefined); // { targetEnv: 'vulkan1.2', targetSpirv: 'spv1.4' }
 * ```
 */
export function glslTargets(envs: readonly string[], targetSpv: string | undefined): GlslTargets {
  let targetEnv: TargetEnv | undefined;
  let fromEnv: TargetSpirv | undefined;
  let spirvEnv = '';
  for (const env of envs) {
    if (/^vulkan1\.[0-4]$/.test(env)) targetEnv = env as TargetEnv;
    else if (/^(spirv|spv)1\.[0-6]$/.test(env)) {
      fromEnv = `spv${env.slice(env.indexOf('1.'))}` as TargetSpirv;
      spirvEnv = env;
    } else if (env === 'opengl')
      throw new UsageError(
        "--target-env opengl: spvkit glsl makes SPIR-V for Vulkan only (glslangValidator -V); its compiler is not built for OpenGL's (-G). Give vulkan1.0 ... vulkan1.4 or spirv1.0 ... spirv1.6",
      );
    else throw new UsageError(`--target-env: '${env}' is not one of vulkan1.0 ... vulkan1.4, spirv1.0 ... spirv1.6 (as glslangValidator takes them)`);
  }
  let targetSpirv = fromEnv;
  if (targetSpv !== undefined) {
    if (!/^spv1\.[0-6]$/.test(targetSpv)) throw new UsageError(`--target-spv: '${targetSpv}' is not one of spv1.0 ... spv1.6`);
    if (fromEnv !== undefined && fromEnv !== targetSpv)
      throw new UsageError(`--target-spv ${targetSpv} and --target-env ${spirvEnv} ask for two SPIR-V versions; give one`);
    targetSpirv = targetSpv as TargetSpirv;
  }
  return { ...(targetEnv !== undefined ? { targetEnv } : {}), ...(targetSpirv !== undefined ? { targetSpirv } : {}) };
}
