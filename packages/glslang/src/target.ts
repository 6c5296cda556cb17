// Vulkan and SPIR-V target versions, spelled as glslangValidator's --target-env spells them.
import { GlslangError } from './GlslangError.js';

/** The Vulkan version a shader is compiled for (glslangValidator `--target-env`). */
export type TargetEnv = 'vulkan1.0' | 'vulkan1.1' | 'vulkan1.2' | 'vulkan1.3' | 'vulkan1.4';

/** The SPIR-V version of the output (glslangValidator `--target-env spv1.x`). */
export type TargetSpirv = 'spv1.0' | 'spv1.1' | 'spv1.2' | 'spv1.3' | 'spv1.4' | 'spv1.5' | 'spv1.6';

/** The SPIR-V version glslangValidator picks for each Vulkan version when none is given. */
const DEFAULT_SPIRV_MINOR: readonly number[] = [0, 3, 5, 6, 6];

/** The minor numbers the wasm entry takes, checked. */
export function resolveTarget(targetEnv: string | undefined, targetSpirv: string | undefined): { vulkanMinor: number; spirvMinor: number } {
  const env = targetEnv ?? 'vulkan1.0';
  const vulkan = /^vulkan1\.([0-4])$/.exec(env);
  if (!vulkan) throw new GlslangError('GLSLANG_BAD_OPTION', `targetEnv '${env}': expected vulkan1.0 … vulkan1.4`);
  const vulkanMinor = Number(vulkan[1]);
  if (targetSpirv === undefined) return { vulkanMinor, spirvMinor: DEFAULT_SPIRV_MINOR[vulkanMinor] };
  const spirv = /^spv1\.([0-6])$/.exec(targetSpirv);
  if (!spirv) throw new GlslangError('GLSLANG_BAD_OPTION', `targetSpirv '${targetSpirv}': expected spv1.0 … spv1.6`);
  return { vulkanMinor, spirvMinor: Number(spirv[1]) };
}
