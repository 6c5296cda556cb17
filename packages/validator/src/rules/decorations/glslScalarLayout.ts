import { Op, type ModuleIndex } from '@spvkit/core';
import { readString } from '../../scan/readString.js';

/** The GLSL extension whose `layout(scalar)` blocks are laid out by VK_EXT_scalar_block_layout. */
export const GLSL_SCALAR_LAYOUT_EXTENSION = 'GL_EXT_scalar_block_layout';

/**
 * Whether the module says its GLSL enabled GL_EXT_scalar_block_layout (an OpSourceExtension, as
 * glslang writes for each `#extension`). Such a shader is written for VK_EXT_scalar_block_layout:
 * judging its blocks by the standard rules would fail every `layout(scalar)` block, and spirv-val
 * users pass `--scalar-block-layout` for exactly these modules.
 */
export function sourceAsksScalarLayout(scan: ModuleIndex): boolean {
  for (let i = 0; i < scan.count; i++) {
    const op = scan.opcode[i];
    if (op === Op.Function) return false; // debug instructions come before the first function
    if (op === Op.SourceExtension && readString(scan.words, scan.operandStart[i], scan.end[i]) === GLSL_SCALAR_LAYOUT_EXTENSION) return true;
  }
  return false;
}
