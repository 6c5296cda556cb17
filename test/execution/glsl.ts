/** Compile GLSL to SPIR-V with glslangValidator, for execution tests. */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

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
  available ??= run(['--version']).then((r) =>
    r.ok ? { ok: true as const } : { ok: false as const, reason: `glslangValidator not usable: ${r.out}` },
  );
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
export type ShaderStage = 'comp' | 'mesh' | 'task';

/** Compile one shader of `stage` (GLSL source text) to SPIR-V words. */
export async function compileStage(source: string, stage: ShaderStage, targetEnv: VulkanTargetEnv = 'vulkan1.1'): Promise<Uint32Array> {
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

/** Compile one compute shader (GLSL source text) to SPIR-V words. */
export function compileCompute(source: string, targetEnv: VulkanTargetEnv = 'vulkan1.1'): Promise<Uint32Array> {
  return compileStage(source, 'comp', targetEnv);
}
