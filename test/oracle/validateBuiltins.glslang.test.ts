/**
 * validate-builtins on real glslang output:
 * - shaders that use (nearly) every built-in of every stage (builtins-matrix/glsl/), compiled by
 *   glslangValidator for several Vulkan versions, plain and with -g / -gV: spirv-val accepts them,
 *   and so must spvkit (no false positives);
 * - a compute shader compiled with -g / -gV and then patched the way GLSL cannot express (the
 *   LocalInvocationIndex variable moved to the Private storage class; the entry point turned into a
 *   Fragment shader): spvkit reports the VUID at the GLSL file and line of the use.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BuiltIn, Decoration, decodeModule, formatDiagnostic, Op } from '@spvkit/core';
import { describe, expect, test } from 'vitest';
import { validateBuiltins } from '../../packages/validator/src/index.js';
import { spirvValVerdict } from '../support/spirvValVerdicts.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const glslDir = path.join(here, 'builtins-matrix', 'glsl');
const cacheDir = path.join(here, '..', '.cache', 'validate-builtins', 'glsl');

function toolVersion(tool: string): string | undefined {
  const r = spawnSync(tool, ['--version'], { encoding: 'utf8' });
  return r.error || r.status !== 0 ? undefined : `${r.stdout}${r.stderr}`.trim();
}
const glslang = toolVersion('glslangValidator');
const spirvValVersion = toolVersion('spirv-val');
const ok = glslang !== undefined && spirvValVersion !== undefined;
const required = process.env.SPVKIT_REQUIRE_ORACLES === '1';
if (!ok) console.warn('[validateBuiltins.glslang] SKIPPED: glslangValidator or spirv-val not on PATH (Debian glslang-tools, spirv-tools)');

/** glslangValidator -V, run from the shader's folder so -g records the bare file name; cached. */
function compile(file: string, env: string, flags: readonly string[]): Uint32Array {
  const source = readFileSync(path.join(glslDir, file), 'utf8');
  const key = createHash('sha256')
    .update(`${glslang}\0${env}\0${flags.join(' ')}\0${file}\0${source}`)
    .digest('hex')
    .slice(0, 20);
  const out = path.join(cacheDir, `${key}.spv`);
  if (!existsSync(out)) {
    mkdirSync(cacheDir, { recursive: true });
    execFileSync('glslangValidator', ['-V', '--target-env', env, ...flags, '-o', out, file], { cwd: glslDir, stdio: 'pipe' });
  }
  const b = readFileSync(out);
  return new Uint32Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength));
}

function spirvVal(words: Uint32Array, env: string): { valid: boolean; message: string } {
  const r = spirvValVerdict(words, env);
  return { valid: r.ok, message: r.message };
}

/** Where each environment is used: ray tracing and EXT mesh shaders need SPIR-V 1.4. */
function envsFor(file: string): string[] {
  if (/\.(rgen|rchit|rahit|rint|rmiss|rcall)$/.test(file) || /_ext\.(mesh|task)$/.test(file)) return ['vulkan1.2', 'vulkan1.3'];
  if (file === 'builtins.vert' || file === 'builtins.comp' || file === 'extensions.frag' || file === 'density.frag')
    return ['vulkan1.1', 'vulkan1.2', 'vulkan1.3'];
  return ['vulkan1.0', 'vulkan1.1', 'vulkan1.2', 'vulkan1.3'];
}

const VARIANTS: readonly (readonly string[])[] = [[], ['-g'], ['-gV']];

/** Words with the `OpVariable` of the variable decorated `BuiltIn builtIn` moved to `storageClass`, or its entry point turned into `model`. */
function patch(words: Uint32Array, edit: { builtIn?: number; storageClass?: number; model?: number }): Uint32Array {
  const w = words.slice();
  let target = 0;
  for (let i = 5; i < w.length; i += w[i] >>> 16) {
    if ((w[i] & 0xffff) === Op.Decorate && w[i + 2] === Decoration.BuiltIn && w[i + 3] === edit.builtIn) target = w[i + 1]!;
  }
  for (let i = 5; i < w.length; i += w[i] >>> 16) {
    const op = w[i] & 0xffff;
    if (op === Op.Variable && w[i + 2] === target && edit.storageClass !== undefined) w[i + 3] = edit.storageClass;
    if (op === Op.EntryPoint && edit.model !== undefined) w[i + 1] = edit.model;
  }
  return w;
}

describe.skipIf(!ok && !required)('validate-builtins on glslang output', () => {
  test('glslangValidator and spirv-val are available', () => {
    expect(ok).toBe(true);
  });

  test('shaders using the built-ins of every stage validate clean (plain, -g, -gV)', { timeout: 300_000 }, () => {
    const files = readdirSync(glslDir).filter((f) => f.startsWith('builtins') || f.endsWith('.frag'));
    expect(files.length).toBeGreaterThanOrEqual(16);
    const problems: string[] = [];
    const builtIns = new Set<number>();
    let modules = 0;
    for (const file of files) {
      for (const env of envsFor(file)) {
        for (const flags of VARIANTS) {
          const words = compile(file, env, flags);
          const module = decodeModule(words);
          for (const a of module.annotations) {
            if (a.opcode === Op.Decorate && a.word(1) === Decoration.BuiltIn) builtIns.add(a.word(2));
            if (a.opcode === Op.MemberDecorate && a.word(2) === Decoration.BuiltIn) builtIns.add(a.word(3));
          }
          const val = spirvVal(words, env);
          if (!val.valid) problems.push(`${file} ${env} ${flags.join(' ')}: spirv-val rejects it: ${val.message}`);
          for (const d of validateBuiltins(module, { targetEnv: env })) {
            if (d.severity === 'error') problems.push(`${file} ${env} ${flags.join(' ')}: ${formatDiagnostic(d)}`);
          }
          modules++;
        }
      }
    }
    expect(problems, problems.join('\n')).toEqual([]);
    expect(modules).toBeGreaterThan(100);
    // The shaders really exercise the rules: most built-ins with Vulkan rules occur.
    expect(builtIns.size).toBeGreaterThanOrEqual(75);
  });

  for (const flags of [['-g'], ['-gV']]) {
    test(`a patched ${flags[0]} module reports the GLSL file and line of the use`, () => {
      const words = compile('lii_in_helper.comp', 'vulkan1.1', flags);
      expect(validateBuiltins(decodeModule(words), { targetEnv: 'vulkan1.1' })).toEqual([]);

      // GLSL cannot declare gl_LocalInvocationIndex anywhere but Input: move it to Private.
      const storage = validateBuiltins(decodeModule(patch(words, { builtIn: BuiltIn.LocalInvocationIndex, storageClass: 6 /* Private */ })), {
        targetEnv: 'vulkan1.1',
      });
      expect(storage.map((d) => d.code)).toEqual(['VUID-LocalInvocationIndex-LocalInvocationIndex-04285']);
      const s = storage[0];
      expect(s.location?.file).toBe('lii_in_helper.comp');
      expect(s.location?.line).toBe(7);
      expect(s.location?.column).toBeGreaterThanOrEqual(1);
      expect(formatDiagnostic(s)).toMatch(/^lii_in_helper\.comp:7:\d+: error: \[VUID-LocalInvocationIndex-LocalInvocationIndex-04285\] /);
      expect(s.message).toContain("'gl_LocalInvocationIndex'");
      expect(s.message).toContain("entry point 'main' (GLCompute)");
      expect(s.message).toContain('Private');
      expect(s.instruction?.opcode).toBe(Op.Load);

      // ...or use it from a Fragment shader: the model rule, found through the call graph.
      const model = validateBuiltins(decodeModule(patch(words, { model: 4 /* Fragment */ })), { targetEnv: 'vulkan1.1' });
      const m = model.find((d) => d.code === 'VUID-LocalInvocationIndex-LocalInvocationIndex-04284');
      expect(m, model.map((d) => formatDiagnostic(d)).join('\n')).toBeDefined();
      expect(m!.location?.file).toBe('lii_in_helper.comp');
      expect(m!.location?.line).toBe(7);
      expect(m!.message).toContain("entry point 'main' (Fragment)");
      expect(m!.hint).toMatch(/main -> scaled/);
    });
  }
});
