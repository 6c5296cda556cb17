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

/** Compile one compute shader (GLSL source text) to SPIR-V words. */
export async function compileCompute(source: string, targetEnv: VulkanTargetEnv = 'vulkan1.1'): Promise<Uint32Array> {
  const dir = await mkdtemp(join(tmpdir(), 'spvkit-glsl-'));
  try {
    const src = join(dir, 'shader.comp');
    const spv = join(dir, 'shader.spv');
    await writeFile(src, source);
    const r = await run(['-V', '--target-env', targetEnv, '-o', spv, src]);
    if (!r.ok) throw new Error(`glslangValidator failed:\n${r.out}`);
    const bytes = await readFile(spv);
    return new Uint32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
