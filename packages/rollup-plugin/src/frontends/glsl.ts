/**
 * The front end of GLSL (`.comp`, `.vert`, ..., `.glsl?stage=`): includes expanded and defines
 * written in by the plugin (see glsl/preprocess.ts), then compiled by the `compiler` option. The
 * cache key covers every included file's text, so a cached shader is never compiled again.
 */
import { resolve } from 'node:path';
import { contentKey } from '../cache.js';
import { decodeText, displayPath } from '../files.js';
import { compileGlsl, GlslCompileError, type CompiledGlsl } from '../glsl/compilers.js';
import { preprocessGlsl } from '../glsl/preprocess.js';
import { GLSL_STAGES, isGlslStage } from '../ids.js';
import { compilerErrorProblems, compilerMessageProblems, mapGlslLocation } from '../problems/glsl.js';
import { ShaderError } from '../problems/problem.js';
import { decodeShader, type Frontend } from './frontend.js';

/** Reads a GLSL import and every file it includes; its stage comes from the extension or `?stage=`. */
export const glslFrontend: Frontend = async ({ request: { file, stage }, bytes, root, options, planTag, inputs }) => {
  if (!isGlslStage(stage)) {
    throw ShaderError.of('UNKNOWN_STAGE', `${displayPath(file, root)}?stage=${stage ?? ''}: unknown stage`, undefined, `use one of ${GLSL_STAGES.join(', ')}`);
  }
  const text = decodeText(bytes, file, root, 'GLSL source');
  inputs.texts.set(file, text);
  const pre = await preprocessGlsl(file, text, {
    root,
    includePaths: options.includePaths.map((p) => resolve(root, p)),
    defines: options.defines,
    allowIncludeOutsideRoot: options.allowIncludeOutsideRoot,
    maxFileSize: options.maxFileSize,
  });
  for (const f of pre.files) if (!inputs.files.includes(f)) inputs.files.push(f);
  inputs.missing.push(...pre.missing);
  for (const [f, t] of pre.texts) inputs.texts.set(f, t);
  // A function's identity is not its text: every user compiler shares one key part.
  const compilerId = typeof options.compiler === 'function' ? 'function' : options.compiler;
  return {
    key: contentKey('glsl', file, stage, pre.source, compilerId, planTag),
    async compile() {
      let compiled: CompiledGlsl;
      try {
        compiled = await compileGlsl(
          options.compiler,
          pre.source,
          {
            stage,
            file,
            defines: options.defines,
            includePaths: options.includePaths.map((p) => resolve(root, p)),
            targetEnv: options.targetEnv,
            debugInfo: true,
          },
          pre.mainName,
        );
      } catch (e) {
        if (e instanceof GlslCompileError || typeof options.compiler === 'function') throw new ShaderError(compilerErrorProblems(e, pre, file, root));
        throw ShaderError.of('GLSL_COMPILER', `${displayPath(file, root)}: ${(e as Error).message}`);
      }
      const startedAt = performance.now();
      return {
        module: decodeShader(compiled.words, file, root),
        texts: pre.texts,
        locate: (loc) => mapGlslLocation(pre, loc.file, loc.line, loc.column),
        // Compiled with debug info so that diagnostics point at source lines; it goes unless asked to stay.
        stripDebugInfo: !options.debugInfo,
        startedAt,
        warnings: compilerMessageProblems(compiled.warnings, pre),
      };
    },
  };
};
