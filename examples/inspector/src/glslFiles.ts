// Which dropped files are GLSL, decided from their names alone, so that dropping a .spv never
// loads the GLSL compiler (glsl.ts and glslang's WebAssembly are fetched only for GLSL).

/** A shader stage's extension, as glslangValidator reads it: `blur.comp`, or `blur.comp.glsl`. */
const STAGE_NAME = /\.(vert|tesc|tese|geom|frag|comp|mesh|task|rgen|rint|rahit|rchit|rmiss|rcall)(\.glsl)?$/i;

/** A file meant to be included: GLSL with no stage of its own. */
const INCLUDE_NAME = /\.(glsl|h|inc)$/i;

/** True for a GLSL shader of some stage, by its extension. */
export function isGlslShader(name: string): boolean {
  return STAGE_NAME.test(name);
}

/** True for a GLSL file without a stage (what `#include` brings in). */
export function isGlslInclude(name: string): boolean {
  return !STAGE_NAME.test(name) && INCLUDE_NAME.test(name);
}
