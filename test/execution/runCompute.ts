/**
 * Run a SPIR-V compute shader on a real Vulkan driver (through harness/spvrun.c) and return the
 * final contents of its storage buffers. spvrun.ts says how the harness is built, which device it
 * uses, and how jobs are recorded for replay on another device.
 */
import { runWithTwins } from './compilerTwins.js';
import { checkName, checkUint, runHarnessJob, type JobBuffer, type JobResources, type Vec3 } from './spvrun.js';
import { compareOnWebGpu } from './webGpuTwin.js';

export { buildHarness, describeVulkanEnvironment, SpvRunError, vulkanAvailable, type MeshShaderLimits, type VulkanEnvironment } from './spvrun.js';

export type ComputeBuffer = JobBuffer;

export interface ComputeJob extends JobResources {
  spirv: Uint32Array;
  /** Entry point name, default 'main'. */
  entryPoint?: string;
  /**
   * The workgroup size the shader runs with, when the caller knows it: the harness then refuses
   * (SpvRunError, exit code 3) a size beyond the device's limits instead of running it.
   */
  workgroupSize?: Vec3;
}

/**
 * Run one dispatch; returns every buffer's final bytes, in `job.buffers` order. A module compiled
 * from GLSL is run again as @spvkit/glslang compiled it, and must give the same bytes (compilerTwins.ts);
 * every module is run again as WGSL on WebGPU, and must give the same bytes (webGpuTwin.ts).
 */
export async function runCompute(job: ComputeJob): Promise<Uint8Array[]> {
  const entry = job.entryPoint ?? 'main';
  checkName('entry point name', entry);
  const lines = [`entry ${entry}`];
  if (job.workgroupSize) {
    job.workgroupSize.forEach((n, i) => checkUint(`workgroupSize[${i}]`, n));
    lines.push(`size ${job.workgroupSize.join(' ')}`);
  }
  const buffers = await runWithTwins([job.spirv], ([spirv]) => runHarnessJob({ ...job, lines, modules: [{ key: 'spv', spirv: spirv }] }));
  await compareOnWebGpu({ ...job, entryPoint: entry }, buffers);
  return buffers;
}
