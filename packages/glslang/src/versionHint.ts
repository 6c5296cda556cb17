// What to do about glslang's refusal of a `#version` that has no SPIR-V: its message names the
// rule ("ES shaders for SPIR-V require version 310 or higher"), not that the shader is WebGL's.

/** glslang's message for an ES version below 3.10: `#version 300 es` (WebGL 2) and `#version 100` (WebGL 1). */
const ES_BELOW_310 = /^#version: ES shaders for SPIR-V require version 310 or higher/;
/** glslang's message for a desktop version below 1.40 (`#version 110`, `120`, `130`). */
const DESKTOP_BELOW_140 = /^#version: Desktop shaders for Vulkan SPIR-V require version 140 or higher/;

const WEBGL_HINT =
  'this is a WebGL shader (#version 300 es is WebGL 2, #version 100 WebGL 1), which cannot become SPIR-V: ' +
  'SPIR-V is compiled from #version 310 es or later, or desktop GLSL (#version 450), with layout(location = N) ' +
  'on every in and out and uniforms in blocks with layout(binding = N). A WebGL shader is given to WebGL as text, not compiled';
const OLD_DESKTOP_HINT =
  'GLSL before 1.40 cannot become SPIR-V: write #version 450, with layout(location = N) on every in and out ' +
  'and uniforms in blocks with layout(binding = N)';

/**
 * The hint for a glslang message, where there is one: for the `#version` errors of a shader that
 * no SPIR-V can be made from, what that version is and what SPIR-V needs instead.
 *
 * @example
 * ```ts
 * versionHint('#version: ES shaders for SPIR-V require version 310 or higher'); // 'this is a WebGL shader (...'
 * ```
 */
export function versionHint(message: string): string | undefined {
  if (ES_BELOW_310.test(message)) return WEBGL_HINT;
  if (DESKTOP_BELOW_140.test(message)) return OLD_DESKTOP_HINT;
  return undefined;
}
