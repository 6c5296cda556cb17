import { versionOf, type ModuleHeader } from '../../words/header.js';
import { generatorById } from '../../grammar/index.js';

/**
 * The comment lines spirv-dis starts its output with:
 *
 * ```
 * ; SPIR-V
 * ; Version: 1.3
 * ; Generator: Khronos Glslang Reference Front End; 11
 * ; Bound: 52
 * ; Schema: 0
 * ```
 *
 * The generator is the registered vendor and tool for the upper 16 bits of the generator word
 * (`Unknown(<id>)` when it is not registered) and the lower 16 bits as the tool's own version.
 */
export function headerComments(header: ModuleHeader): string[] {
  const { major, minor } = versionOf(header.version);
  const toolId = header.generator >>> 16;
  const tool = generatorById(toolId);
  const generator = tool === undefined ? `Unknown(${toolId})` : tool.tool === undefined ? tool.vendor : `${tool.vendor} ${tool.tool}`;
  return [
    '; SPIR-V',
    `; Version: ${major}.${minor}`,
    `; Generator: ${generator}; ${header.generator & 0xffff}`,
    `; Bound: ${header.bound >>> 0}`,
    `; Schema: ${header.schema >>> 0}`,
  ];
}
