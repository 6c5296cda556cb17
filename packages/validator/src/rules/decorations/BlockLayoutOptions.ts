/**
 * spirv-val's options that change how Block and BufferBlock layouts are judged. Left out, each is
 * what spirv-val does by default for the target environment (relaxed block layout from Vulkan 1.1
 * on, the others off), but for one: a module whose OpSourceExtension says its GLSL enabled
 * `GL_EXT_scalar_block_layout` is judged by scalar layout unless `scalarBlockLayout` is `false`.
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
  /**
   * VK_EXT_scalar_block_layout (--scalar-block-layout): every type aligned to its scalar component,
   * in every storage class but Workgroup. Left out: on where the module's GLSL enabled
   * `GL_EXT_scalar_block_layout`, else off.
   */
  readonly scalarBlockLayout?: boolean;
  /** --workgroup-scalar-block-layout: scalar layout for Workgroup blocks (SPV_KHR_workgroup_memory_explicit_layout). */
  readonly workgroupScalarBlockLayout?: boolean;
  /** --skip-block-layout: no layout checks (the Offset, ArrayStride and MatrixStride decorations are still required). */
  readonly skipBlockLayout?: boolean;
}
