/**
 * From a front end's module to the import's result: specialization and the user's passes,
 * validation, reflection, the WGSL translation, the release passes, the stripping of the
 * compiler's debug info, encoding.
 */
import {
  HOST_ENDIANNESS,
  decodeModule,
  disassemble,
  encodeModule,
  passRegistry,
  reflectModule,
  runPasses,
  type Diagnostic,
  type Pass,
  type Reflection,
} from '@spvkit/core';
import type { CompiledShader } from '../frontends/frontend.js';
import { stripCompilerDebugInfo } from '../glsl/stripDebug.js';
import type { ResolvedOptions } from '../options.js';
import { ShaderError, type Problem } from '../problems/problem.js';
import { diagnosticProblem, withSpirvErrors } from '../problems/spirv.js';
import { translateToWgsl, type Translate, type WgslOutput } from '../wgsl.js';
import type { TransformPlan } from './plan.js';

/** A transformed shader. */
export interface ShaderResult {
  /** Content hash of the input (and everything it includes). */
  readonly key: string;
  readonly words: Uint32Array;
  readonly reflection: Reflection;
  /** Diagnostics reported as warnings (validation with `validate: 'warn'`, warning-severity findings). */
  readonly warnings: readonly Problem[];
  /** Texts of the files the problems point into, for code frames. */
  readonly texts: ReadonlyMap<string, string>;
  /** The WGSL and its reflection, when the import asked for WGSL (see TransformPlan.wgsl). */
  readonly wgsl?: WgslOutput;
  /** The disassembly of `words`, made on first use. */
  disassembly(): string;
  /**
   * For `.spvasm` input: the transformed module as the input's own text, edited where the passes
   * changed it (see `preserveSource` in @spvkit/passes), made on first use; undefined when that
   * text could not be made (then use {@link disassembly}).
   */
  assembly?(): string | undefined;
}

/** One shader to transform: a front end's module with its key and plan. */
export interface TransformInput extends CompiledShader {
  /** The cache key, handed on as {@link ShaderResult.key}. */
  readonly key: string;
  readonly plan: TransformPlan;
  /** The shader file (absolute). */
  readonly file: string;
}

/** What the transform needs besides the shader. */
export interface TransformContext {
  readonly root: string;
  readonly options: ResolvedOptions;
  /** @spvkit/wgsl's translator, loaded before any transform whose plan asks for WGSL. */
  readonly translate: Translate | undefined;
}

/** Resolves a pass option entry to a Pass (names through the shared registry). */
export function resolvePass(p: string | Pass): Pass {
  return typeof p === 'string' ? passRegistry.create(p) : p;
}

/** Transforms one shader; its errors are thrown as a ShaderError, all at once. */
export function transform(input: TransformInput, { root, options, translate }: TransformContext): ShaderResult {
  const { key, plan, file, module, texts, locate, preserved } = input;
  const problem = (d: Diagnostic): Problem => diagnosticProblem(d, module, locate, preserved?.locate);
  // Specialization first, so that the user's passes see the constants it bakes in.
  const passes = [...plan.before.map(resolvePass), ...options.passes.map(resolvePass)];
  const validator = options.validate === false ? undefined : resolvePass(options.validator);
  const errors: Problem[] = [];
  const warnings: Problem[] = [...input.warnings];
  const collect = (diagnostics: readonly Diagnostic[], errorsAreWarnings: boolean): void => {
    for (const d of diagnostics) {
      if (d.severity === 'error') (errorsAreWarnings ? warnings : errors).push(problem(d));
      else if (d.severity === 'warning') warnings.push(problem(d));
    }
  };
  withSpirvErrors(file, root, () => {
    if (validator === undefined) {
      collect(runPasses(module, passes, { targetEnv: options.targetEnv }).diagnostics, false);
    } else {
      // 'error': after each pass that changed the module (the first invalid step stops the
      // build); 'warn': once at the end, its errors reported as warnings.
      const when = options.validate === 'error' ? 'each' : 'end';
      const r = runPasses(module, passes, { validate: when, validator, targetEnv: options.targetEnv });
      const warnOnly = options.validate !== 'error';
      collect(
        r.diagnostics.filter((d) => d.pass !== validator.name),
        false,
      );
      collect(
        r.diagnostics.filter((d) => d.pass === validator.name),
        warnOnly,
      );
    }
  });
  if (errors.length > 0) throw new ShaderError(errors);
  // Reflected before the release passes strip the names of bindings and entry points.
  const reflection = reflectModule(module);
  // Translated here too: after the user's passes and the validation, while the module still has
  // its names and debug info (the WGSL's names, the refusal's source line, the source map).
  let wgsl: WgslOutput | undefined;
  if (plan.wgsl) {
    if (translate === undefined) throw new Error('spvkit: the WGSL translator was not loaded');
    wgsl = translateToWgsl(translate, module, options.wgsl, {
      file,
      root,
      locate,
      texts,
      // The release passes strip the binary's debug info; the WGSL's map to it goes with it.
      sourceMap: !plan.after.includes('strip-debug'),
    });
  }
  if (plan.after.length > 0) {
    withSpirvErrors(file, root, () => {
      const r = runPasses(module, plan.after, { targetEnv: options.targetEnv });
      const failed = r.diagnostics.filter((d) => d.severity === 'error').map(problem);
      if (failed.length > 0) throw new ShaderError(failed);
    });
  }
  if (input.stripDebugInfo) stripCompilerDebugInfo(module);
  const words = encodeModule(module, { endianness: HOST_ENDIANNESS });
  let dis: string | undefined;
  return {
    key,
    words,
    reflection,
    ...(wgsl !== undefined ? { wgsl } : {}),
    warnings,
    texts,
    disassembly: () => (dis ??= disassemble(decodeModule(words))),
    ...(preserved !== undefined ? { assembly: () => preserved.text() } : {}),
  };
}
