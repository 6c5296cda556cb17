// The shader stages glslang compiles, by the names glslangValidator's -S option and file
// extensions use, and the EShLanguage number the wasm entry takes for each.

/** A shader stage, named as glslangValidator's `-S` option and the usual file extensions name it. */
export type ShaderStage = 'vert' | 'tesc' | 'tese' | 'geom' | 'frag' | 'comp' | 'rgen' | 'rint' | 'rahit' | 'rchit' | 'rmiss' | 'rcall' | 'task' | 'mesh';

/** glslang's EShLanguage value for each stage (glslang/Public/ShaderLang.h). */
export const STAGE_LANGUAGE: Readonly<Record<ShaderStage, number>> = {
  vert: 0,
  tesc: 1,
  tese: 2,
  geom: 3,
  frag: 4,
  comp: 5,
  rgen: 6,
  rint: 7,
  rahit: 8,
  rchit: 9,
  rmiss: 10,
  rcall: 11,
  task: 12,
  mesh: 13,
};

/** Every stage glslang supports, in EShLanguage order. */
export const SHADER_STAGES: readonly ShaderStage[] = Object.keys(STAGE_LANGUAGE) as ShaderStage[];

/** Whether `name` is one of {@link SHADER_STAGES}. */
export function isShaderStage(name: unknown): name is ShaderStage {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(STAGE_LANGUAGE, name);
}

/**
 * The stage a file name implies, as glslangValidator infers it: the last extension
 * (`blur.comp`), or the one before a trailing `.glsl` (`blur.comp.glsl`). Undefined when the
 * name says no stage.
 *
 * @example
 * ```ts
 * stageFromFileName('shaders/sky.rmiss'); // 'rmiss'
 * stageFromFileName('blur.comp.glsl'); // 'comp'
 * ```
 */
export function stageFromFileName(fileName: string): ShaderStage | undefined {
  const parts = fileName.replace(/^.*[\\/]/, '').split('.');
  if (parts.length < 2) return undefined;
  let ext = parts[parts.length - 1].toLowerCase();
  if (ext === 'glsl' && parts.length >= 3) ext = parts[parts.length - 2].toLowerCase();
  return isShaderStage(ext) ? ext : undefined;
}
