/**
 * WebGPU in every compute execution suite: each module the suites run on Vulkan through runCompute
 * is also translated to WGSL by @spvkit/wgsl and run in Chromium's WebGPU (SwiftShader) with the
 * same storage buffers, the push constants in the uniform buffer the translator names, the spec
 * constants as pipeline `constants` (typed from the override the translator declares), and the
 * same dispatch. Every storage buffer must come back byte-identical to the Vulkan run.
 *
 * Done below the suites, as compilerTwins.ts does for the GLSL compilers, so that every shader
 * of every compute suite (the harness cases, every workgroup size and target env of the lowering
 * suites before and after the pass, the production passes' outputs, the specialization suites)
 * is a WGSL execution test with no per-test code.
 *
 * A module the translator refuses (UNSUPPORTED_CONSTRUCT: 8-, 16- and 64-bit types, ...) or a
 * workgroup beyond WebGPU's limits is recorded in webGpuTwinStats and not run; any other error of
 * the translator fails the run. Where Chromium or its WebGPU is missing the twin does nothing
 * (test/wgsl/execution.test.ts then skips, or fails under SPVKIT_REQUIRE_ORACLES=1).
 * SPVKIT_WEBGPU_TWIN=0 turns it off.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SpirvError, decodeModule } from '@spvkit/core';
import { toWgsl, type WgslOverride, type WgslResult } from '@spvkit/wgsl';
import { openWebGpu, webGpuAvailable, type WebGpuBrowser, type WebGpuBuffer } from '../wgsl/WebGpuBrowser.js';
import { describeDifference } from './bufferDifference.js';
import type { JobResources, Vec3 } from './spvrun.js';

/** What this process compared, refused and could not run (for a suite to report or assert on). */
export const webGpuTwinStats = { runsCompared: 0, refused: [] as string[], beyondLimits: [] as string[] };

// SPVKIT_TWIN_STATS=DIR: as in compilerTwins.ts, each test process keeps its figures in a file.
function saveStats(): void {
  const dir = process.env.SPVKIT_TWIN_STATS;
  if (dir) writeFileSync(join(dir, `${process.pid}.webgpu.json`), JSON.stringify(webGpuTwinStats));
}

let browser: Promise<WebGpuBrowser | undefined> | undefined;

/** The process's WebGPU browser, opened on first use; undefined where WebGPU is not available. */
function webGpu(): Promise<WebGpuBrowser | undefined> {
  browser ??= (async () => {
    if (process.env.SPVKIT_WEBGPU_TWIN === '0') return undefined;
    if (!(await webGpuAvailable()).ok) return undefined;
    return openWebGpu();
  })();
  return browser;
}

/** What runCompute ran on Vulkan, and what it got. */
export interface VulkanRun extends JobResources {
  readonly spirv: Uint32Array;
  readonly entryPoint: string;
  readonly workgroupSize?: Vec3;
}

/** The value of a spec constant's 32 bits as the override's type reads them. */
function overrideValue(o: WgslOverride, bits: number): number | boolean {
  switch (o.type) {
    case 'bool':
      return bits !== 0;
    case 'f32':
      return new Float32Array(new Uint32Array([bits >>> 0]).buffer)[0];
    case 'i32':
      return bits | 0;
    case 'u32':
      return bits >>> 0;
  }
}

function translate(run: VulkanRun): WgslResult | string {
  try {
    return toWgsl(decodeModule(run.spirv));
  } catch (e) {
    if (e instanceof SpirvError && e.code === 'UNSUPPORTED_CONSTRUCT') return e.message;
    throw new Error(`@spvkit/wgsl failed on a module the Vulkan suites run: ${String(e)}`, { cause: e });
  }
}

function beyondLimits(gpu: WebGpuBrowser, size: readonly number[] | undefined): boolean {
  if (size === undefined) return false;
  const l = gpu.limits;
  return (
    size[0] * size[1] * size[2] > l.maxComputeInvocationsPerWorkgroup ||
    size[0] > l.maxComputeWorkgroupSizeX ||
    size[1] > l.maxComputeWorkgroupSizeY ||
    size[2] > l.maxComputeWorkgroupSizeZ
  );
}

/**
 * Runs `run` on WebGPU as WGSL and throws, naming the buffer and byte, unless every buffer equals
 * `vulkan` (the Vulkan run's buffers, in `run.buffers` order).
 */
export async function compareOnWebGpu(run: VulkanRun, vulkan: readonly Uint8Array[]): Promise<void> {
  const gpu = await webGpu();
  if (gpu === undefined) return;
  const wgsl = translate(run);
  if (typeof wgsl === 'string') {
    webGpuTwinStats.refused.push(wgsl);
    saveStats();
    return;
  }
  const ep = wgsl.entryPoints.find((e) => e.name === run.entryPoint && e.stage === 'compute');
  if (ep === undefined) throw new Error(`@spvkit/wgsl gave no compute entry point "${run.entryPoint}"`);
  if (beyondLimits(gpu, run.workgroupSize ?? ep.workgroupSize)) {
    webGpuTwinStats.beyondLimits.push(`${ep.name}: ${(run.workgroupSize ?? ep.workgroupSize)?.join('x')}`);
    saveStats();
    return;
  }

  const kindAt = new Map(wgsl.bindings.map((b) => [`${b.group}:${b.binding}`, b]));
  const buffers: WebGpuBuffer[] = run.buffers.map((b) => {
    const group = b.set ?? 0;
    const bound = kindAt.get(`${group}:${b.binding}`);
    const kind = bound?.kind === 'read-only-storage' ? 'read-only-storage' : 'storage';
    return { group, binding: b.binding, kind, size: b.size, ...(b.init ? { init: b.init } : {}) };
  });
  if (run.pushConstants !== undefined) {
    const pc = wgsl.bindings.find((b) => b.kind === 'push-constant');
    if (pc !== undefined) {
      const size = Math.max(pc.size ?? 0, run.pushConstants.length, 4);
      buffers.push({ group: pc.group, binding: pc.binding, kind: 'push-constant', size, init: run.pushConstants });
    }
  }
  const constants: Record<string, number | boolean> = {};
  for (const o of wgsl.overrides) {
    const bits = run.specConstants?.[o.id];
    if (bits !== undefined) constants[String(o.id)] = overrideValue(o, bits);
  }

  let out: Uint8Array[];
  try {
    out = await gpu.runCompute({ code: wgsl.code, entryPoint: ep.wgslName, groups: run.groups, buffers, constants });
  } catch (e) {
    // A workgroup sized by spec constants is known only once they are applied.
    if (ep.workgroupSize === undefined && /workgroup.*(limit|exceed)|exceeds the maximum|invocations per workgroup/i.test(String(e))) {
      webGpuTwinStats.beyondLimits.push(`${ep.name}: sized by spec constants ${JSON.stringify(run.specConstants)}`);
      saveStats();
      return;
    }
    throw new Error(`the WGSL of a module the Vulkan suites run fails on WebGPU: ${String(e)}\n${wgsl.code}`, { cause: e });
  }
  webGpuTwinStats.runsCompared++;
  saveStats();
  vulkan.forEach((b, i) => {
    const difference = describeDifference(b, out[i]);
    if (difference !== undefined) {
      throw new Error(`the WGSL behaves differently from the SPIR-V: buffer ${i} (binding ${run.buffers[i].binding}) ${difference}\n${wgsl.code}`);
    }
  });
}
