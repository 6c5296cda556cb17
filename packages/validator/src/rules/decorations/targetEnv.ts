/** What the decoration rules need to know of the target environment. */
export interface EnvFacts {
  /** A Vulkan environment (`vulkan1.0` ... `vulkan1.3`, `vulkan1.1spv1.4`): Vulkan's rules apply. */
  readonly vulkan: boolean;
  /**
   * Whether VK_KHR_relaxed_block_layout is in force by default: spirv-val takes it as part of every
   * Vulkan environment from 1.1 on (its --relax-block-layout turns it on elsewhere).
   */
  readonly relaxedBlockLayout: boolean;
}

/**
 * Reads the target environment name the way spirv-val's --target-env does, for the facts the
 * decoration rules depend on.
 *
 * @example
 * ```ts
 * envFacts('vulkan1.1'); // { vulkan: true, relaxedBlockLayout: true }
 * envFacts('spv1.5'); // { vulkan: false, relaxedBlockLayout: false }
 * ```
 */
export function envFacts(targetEnv: string | undefined): EnvFacts {
  const m = /^vulkan1\.(\d)/.exec(targetEnv ?? '');
  if (m === null) return { vulkan: false, relaxedBlockLayout: false };
  return { vulkan: true, relaxedBlockLayout: m[1] !== '0' };
}
