/**
 * Compile GLSL to SPIR-V for execution tests: with glslangValidator, and (by default) with
 * @spvkit/glslang too, whose module is kept as the first one's twin and run beside it
 * (compilerTwins.ts says why and how).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createGlslang, type Glslang } from '@spvkit/glslang';
import { registerTwin } from './compilerTwins.js';

export type VulkanTargetEnv = 'vulkan1.0' | 'vulkan1.1' | 'vulkan1.2' | 'vulkan1.3';

function run(args: string[]): Promise<{ ok: boolean; out: string }> {
  return new Promise((resolve) => {
    execFile('glslangValidator', args, { timeout: 60_000, encoding: 'utf8' }, (err, stdout, stderr) =>
      resolve({ ok: !err, out: `${stdout}${stderr}`.trim() || String(err?.message ?? '') }),
    );
  });
}

let available: Promise<{ ok: true } | { ok: false; reason: string }> | undefined;

export function glslangAvailable(): Promise<{ ok: true } | { ok: false; reason: string }> {
  available ??= run(['--version']).then((r) => (r.ok ? { ok: true as const } : { ok: false as const, reason: `glslangValidator not usable: ${r.out}` }));
  return available;
}

let config: Promise<string> | undefined;

/**
 * glslangValidator's resource limits (its `-c` output) with the mesh and task workgroup size
 * limits lifted: its defaults (128) are below what devices offer (lavapipe: 1024), and the device,
 * not the compiler, is what the execution suites hold a size against (spvrun checks it).
 */
function meshConfig(): Promise<string> {
  config ??= run(['-c']).then((r) => {
    if (!r.ok) throw new Error(`glslangValidator -c failed:\n${r.out}`);
    return r.out.replace(/^(Max(?:Mesh|Task)WorkGroupSize[XYZ]_EXT) \d+$/gm, '$1 65535') + '\n';
  });
  return config;
}

/** A shader stage glslangValidator compiles here, by its file extension. */
export type ShaderStage = 'comp' | 'mesh' | 'task' | 'vert' | 'frag';

/**
 * Which compilers compileStage runs: glslangValidator alone, or (the default) glslangValidator
 * for the returned module and @spvkit/glslang for its twin.
 */
export type GlslCompilers = 'glslangValidator' | 'both';

let wasm: Promise<Glslang> | undefined;

/**
 * glslang's default resource limit on each mesh and task workgroup dimension, which
 * @spvkit/glslang compiles with (it takes no resource limits; glslangValidator is given lifted ones).
 */
const WASM_MESH_SIZE_LIMIT = 128;

/** The shader compiled by @spvkit/glslang, as glslangValidator was asked to compile it. */
async function compileWithWasm(source: string, stage: ShaderStage, targetEnv: VulkanTargetEnv): Promise<{ words: Uint32Array } | { notCompiled: string }> {
  if (wasm === undefined) {
    const p = createGlslang();
    wasm = p;
    p.catch(() => {
      if (wasm === p) wasm = undefined;
    });
  }
  const r = (await wasm).compile(source, { stage, file: `shader.${stage}`, targetEnv });
  if (r.ok) return { words: r.words };
  const log = r.diagnostics.map((d) => d.text).join('\n');
  // The one difference allowed: a mesh or task size above glslang's default limits, which only
  // glslangValidator's lifted limits (meshConfig) accept. Anything else is a compiler difference.
  const sizes = /local_size_([xyz])\s*=\s*(\d+)/g;
  const tooLarge = (stage === 'mesh' || stage === 'task') && [...source.matchAll(sizes)].some((m) => Number(m[2]) > WASM_MESH_SIZE_LIMIT);
  if (tooLarge && /exceeds|too large|max/i.test(log)) return { notCompiled: `${stage} workgroup size above ${WASM_MESH_SIZE_LIMIT}: ${log.split('\n')[0]}` };
  throw new Error(`glslangValidator compiled this ${stage} shader for ${targetEnv}, @spvkit/glslang did not:\n${log}`);
}

/**
 * Compile one shader of `stage` (GLSL source text) to SPIR-V words with glslangValidator; with
 * `compilers: 'both'` (the default) also with @spvkit/glslang, whose module the run functions
 * then run too and compare (compilerTwins.ts).
 */
export async function compileStage(
  source: string,
  stage: ShaderStage,
  targetEnv: VulkanTargetEnv = 'vulkan1.1',
  compilers: GlslCompilers = 'both',
): Promise<Uint32Array> {
  const [words, twin] = await Promise.all([
    compileWithValidator(source, stage, targetEnv),
    compilers === 'both' ? compileWithWasm(source, stage, targetEnv) : undefined,
  ]);
  if (twin !== undefined) registerTwin(words, twin);
  return words;
}

async function compileWithValidator(source: string, stage: ShaderStage, targetEnv: VulkanTargetEnv): Promise<Uint32Array> {
  const dir = await mkdtemp(join(tmpdir(), 'spvkit-glsl-'));
  try {
    const src = join(dir, `shader.${stage}`);
    const spv = join(dir, 'shader.spv');
    await writeFile(src, source);
    const args = ['-V', '--target-env', targetEnv, '-o', spv, src];
    if (stage !== 'comp') {
      const conf = join(dir, 'limits.conf');
      await writeFile(conf, await meshConfig());
      args.push(conf);
    }
    const r = await run(args);
    if (!r.ok) throw new Error(`glslangValidator failed:\n${r.out}`);
    const bytes = await readFile(spv);
    return new Uint32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Compile one compute shader (GLSL source text) to SPIR-V words (both compilers by default, as compileStage). */
export function compileCompute(source: string, targetEnv: VulkanTargetEnv = 'vulkan1.1', compilers: GlslCompilers = 'both'): Promise<Uint32Array> {
  return compileStage(source, 'comp', targetEnv, compilers);
}
