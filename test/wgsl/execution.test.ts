/**
 * Execution of @spvkit/wgsl's output: the corpus compute shaders run in Chromium's WebGPU as WGSL
 * and on Vulkan (lavapipe in CI) as SPIR-V with the same initial buffers, and every buffer must be
 * byte-identical. The comparison itself is test/execution/webGpuTwin.ts, which runCompute applies
 * to every run of every compute execution suite; this suite makes sure the corpus is among them,
 * that spec constants reach WebGPU through `constants` while Vulkan gets VkSpecializationInfo, and
 * that none of these shaders was skipped as refused.
 *
 * Corpus compute shaders with a `// run:` spec run as it says, in every debug-info variant and
 * target env. Those without one run once with every storage buffer filled with a pattern; the
 * ones listed in NOT_RUN are not, for the reason given.
 */
import { ExecutionModel, decodeModule } from '@spvkit/core';
import { toWgsl } from '@spvkit/wgsl';
import { expect, it } from 'vitest';
import { corpusToolsAvailable, loadCorpus, type CorpusModule } from '../corpus/index.js';
import { runCompute, vulkanAvailable, type ComputeBuffer } from '../execution/runCompute.js';
import { compareOnWebGpu, webGpuTwinStats } from '../execution/webGpuTwin.js';
import { describeWithOracle, type Availability } from '../support/oracles.js';
import { webGpuAvailable } from './WebGpuBrowser.js';

/** Corpus compute sources (without a run spec) this suite does not run, and why. */
const NOT_RUN: Readonly<Record<string, string>> = {
  'glsl/particles_update.comp': 'refused by the translator: imageAtomicAdd (see validity.test.ts)',
  'asm/float_constants.spvasm': 'refused by the translator: 16-bit floats',
  'asm/int16_int64_constants.spvasm': 'refused by the translator: 8-, 16- and 64-bit integers',
  'asm/memory_access_vulkan_memory_model.spvasm': 'refused by the translator: physical storage buffer addressing',
  'asm/spec_constant_op.spvasm': 'refused by the translator: 64-bit integers',
  'asm/switch_selectors.spvasm': 'refused by the translator: 64-bit switch selectors',
  'asm/multi_entry_points.spvasm': 'a uniform buffer: the Vulkan harness binds storage buffers only',
  'asm/spv14_interface_all_globals.spvasm': 'a uniform buffer and an image: the Vulkan harness binds storage buffers only',
  'asm/debug_line_source.spvasm': 'writes only workgroup memory: no buffer to compare',
  'asm/extinst_debugprintf.spvasm': 'has no buffer: no output to compare',
  'asm/strings_escapes_utf8.spvasm': 'writes only private memory: no buffer to compare',
};

async function availability(): Promise<Availability> {
  if (process.env.SPVKIT_WEBGPU_TWIN === '0') return { ok: false, reason: 'SPVKIT_WEBGPU_TWIN=0 turns the WebGPU runs off' };
  for (const a of [await vulkanAvailable(), corpusToolsAvailable(), await webGpuAvailable()]) if (!a.ok) return a;
  return { ok: true };
}

const sourceKey = (c: CorpusModule): string => c.name.split(':')[0];

/** Whether the module has a compute entry point (multi_entry_points.spvasm has other stages too). */
const isCompute = (c: CorpusModule): boolean => decodeModule(c.words).entryPoints.some((ep) => ep.word(0) === ExecutionModel.GLCompute);

/** Distinct words, so a wrong index or a lost write shows in the bytes. */
const pattern = (size: number, seed: number): Uint8Array =>
  new Uint8Array(Uint32Array.from({ length: size / 4 }, (_, i) => (Math.imul(i + seed, 2654435761) >>> 8) & 0xffff).buffer);

/** Runs `words` on Vulkan (and, through runCompute, on WebGPU) and says whether WebGPU compared it. */
async function ranOnBoth(job: Parameters<typeof runCompute>[0]): Promise<{ compared: boolean; buffers: Uint8Array[] }> {
  const before = webGpuTwinStats.runsCompared;
  const refused = webGpuTwinStats.refused.length + webGpuTwinStats.beyondLimits.length;
  const buffers = await runCompute(job);
  expect(webGpuTwinStats.refused.length + webGpuTwinStats.beyondLimits.length, [...webGpuTwinStats.refused, ...webGpuTwinStats.beyondLimits].join('\n')).toBe(
    refused,
  );
  return { compared: webGpuTwinStats.runsCompared === before + 1, buffers };
}

describeWithOracle('corpus compute shaders on WebGPU (WGSL) and Vulkan (SPIR-V): the same buffers', await availability(), () => {
  const corpus = loadCorpus().then((all) => all.filter(isCompute));

  it(
    'every module with a run spec, in every variant and target env; spec constants as constants and as VkSpecializationInfo',
    { timeout: 600_000 },
    async () => {
      const modules = (await corpus).filter((m) => m.run !== undefined);
      expect(modules.length).toBeGreaterThanOrEqual(8 * 3);
      let specialized = 0;
      for (const m of modules) {
        const spec = m.run!;
        const buffers: ComputeBuffer[] = spec.buffers.map((b, i) => ({
          binding: b.binding,
          size: b.size,
          ...(b.fill === 'iota' ? { init: pattern(b.size, i) } : {}),
        }));
        const { compared, buffers: out } = await ranOnBoth({
          spirv: m.words,
          groups: spec.groups,
          buffers,
          ...(spec.specConstants ? { specConstants: spec.specConstants } : {}),
        });
        expect(compared, `${m.name} was not run on WebGPU`).toBe(true);
        expect(
          out.some((b) => b.some((x) => x !== 0)),
          `${m.name} wrote nothing`,
        ).toBe(true);
        if (spec.specConstants) specialized++;
      }
      expect(specialized).toBeGreaterThan(0);
      console.info(`wgsl execution: ${modules.length} run-spec modules identical on WebGPU and Vulkan (${specialized} specialized)`);
    },
  );

  it('every other compute shader of the corpus with storage buffers, once, with the buffers filled', { timeout: 600_000 }, async () => {
    const modules = (await corpus).filter((m) => m.run === undefined);
    const sources = new Set(modules.map(sourceKey));
    // The list stays true: each entry names a compute source of the corpus.
    for (const key of Object.keys(NOT_RUN)) expect(sources.has(key), `NOT_RUN lists ${key}, which is no compute shader of the corpus`).toBe(true);
    let ran = 0;
    for (const m of modules.filter((c) => NOT_RUN[sourceKey(c)] === undefined)) {
      const wgsl = toWgsl(decodeModule(m.words));
      const storage = wgsl.bindings.filter((b) => b.kind === 'storage' || b.kind === 'read-only-storage');
      expect(storage.length, `${m.name} has no storage buffer: list it in NOT_RUN`).toBeGreaterThan(0);
      expect(
        wgsl.bindings.filter((b) => !storage.includes(b) && b.kind !== 'push-constant'),
        m.name,
      ).toEqual([]);
      const buffers: ComputeBuffer[] = storage.map((b, i) => ({ set: b.group, binding: b.binding, size: 4096, init: pattern(4096, i + 1) }));
      const entryPoint = wgsl.entryPoints.find((e) => e.stage === 'compute')!.name;
      const { compared } = await ranOnBoth({ spirv: m.words, entryPoint, groups: [2, 1, 1], buffers });
      expect(compared, `${m.name} was not run on WebGPU`).toBe(true);
      ran++;
    }
    expect(ran).toBeGreaterThan(0);
    console.info(`wgsl execution: ${ran} more corpus compute modules identical on WebGPU and Vulkan; not run: ${Object.keys(NOT_RUN).length} sources, listed`);
  });

  it('fails a run whose WGSL gives other bytes than the Vulkan run, naming the buffer and byte', async () => {
    const m = (await corpus).find((c) => c.run !== undefined && c.run.buffers.length > 0)!;
    const spec = m.run!;
    const buffers: ComputeBuffer[] = spec.buffers.map((b) => ({ binding: b.binding, size: b.size }));
    const job = { spirv: m.words, entryPoint: 'main', groups: spec.groups, buffers, ...(spec.specConstants ? { specConstants: spec.specConstants } : {}) };
    const vulkan = await runCompute(job);
    const wrong = vulkan.map((b) => b.slice());
    wrong[0][8] ^= 1;
    await expect(compareOnWebGpu(job, wrong)).rejects.toThrow(/the WGSL behaves differently from the SPIR-V: buffer 0 \(binding \d+\) differs first at byte 8/);
    await expect(compareOnWebGpu(job, vulkan)).resolves.toBeUndefined();
  });
});
