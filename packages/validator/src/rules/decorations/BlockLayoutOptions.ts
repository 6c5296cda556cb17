/**
 * spirv-val's options that change how Block and BufferBlock layouts are judged. Left out, each is
 * what spirv-val does by default for the target environment (relaxed block layout from Vulkan 1.1
 * on, the others off).
 *
 * @example
 * ```ts
 * const options: BlockLayoutOptions = { scalarBlockLayout: true }; // spirv-val --scalar-block-layout
 * ```
 */
export interface BlockLayoutOptions {
  /** VK_KHR_relaxed_block_layout (--relax-block-layout): vectors aligned to their component only, but not straddling 16 bytes improperly. */
  readonly relaxBlockLayout?: boolean;
  /** VK_KHR_uniform_buffer_standard_layout (--uniform-buffer-standard-layout): uniform buffers laid out as storage buffers (std430). */
  readonly uniformBufferStandardLayout?: boolean;
  /** VK_EXT_scalar_block_layout (--scalar-block-layout): every type aligned to its scalar component. */
  readonly scalarBlockLayout?: boolean;
  /** --skip-block-layout: no layout checks (the Offset, ArrayStride and MatrixStride decorations are still required). */
  readonly skipBlockLayout?: boolean;
}
