// Validity of @spvkit/wgsl's output: every compute, vertex and fragment shader of the corpus is
// translated, and the WGSL must compile in Chromium's WebGPU (Tint) without errors, or be refused
// with UNSUPPORTED_CONSTRUCT for a reason listed in EXPECTED_REFUSALS below. A shader refused
// for another reason, or refused when it is not listed, or listed but translated, fails.
import { ExecutionModel, SpirvError, decodeModule } from '@spvkit/core';
import { toWgsl } from '@spvkit/wgsl';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { corpusToolsAvailable, loadCorpus, type CorpusModule } from '../corpus/index.js';
import { describeWithOracle } from '../support/oracles.js';
import { openWebGpu, webGpuAvailable, type WebGpuBrowser } from './WebGpuBrowser.js';

/**
 * Corpus sources refused on purpose, with the construct the refusal must name: what WGSL has no
 * form for. Keyed by the source file (every variant and target env of it is refused alike).
 */
const EXPECTED_REFUSALS: Readonly<Record<string, { readonly construct: string; readonly why: string }>> = {
  'glsl/particles_update.comp': {
    construct: 'an atomic operation on an image texel',
    why: 'imageAtomicAdd on an r32ui image (OpImageTexelPointer): WGSL has no atomics on textures',
  },
  'glsl/pbr_lighting.frag': { construct: 'an array of textures or samplers', why: 'sampler2D textures[8]: WGSL has no binding arrays' },
  'asm/extinst_glsl_std450.spvasm': {
    construct: 'GLSL.std.450 InterpolateAtCentroid',
    why: 'InterpolateAtCentroid: WGSL interpolates by the input declaration only (its Modf and Frexp translate)',
  },
  'asm/float_constants.spvasm': { construct: '16-bit floats', why: 'Float16 capability: f16 needs `enable f16`, which this translator does not emit' },
  'asm/int16_int64_constants.spvasm': { construct: '8-bit integers', why: 'Int8/Int16/Int64 capabilities: WGSL has 32-bit integers only' },
  'asm/loop_control_image_operands.spvasm': {
    construct: 'these image operands',
    why: 'a sample with MinLod (and ConstOffset, Bias): WGSL has no minimum-LOD clamp',
  },
  'asm/memory_access_vulkan_memory_model.spvasm': {
    construct: 'physical addressing',
    why: 'PhysicalStorageBuffer64 addressing: WGSL has logical addressing only',
  },
  'asm/spec_constant_op.spvasm': { construct: '64-bit integers', why: 'Int64 capability' },
  'asm/switch_selectors.spvasm': { construct: '64-bit integers', why: 'Int64 capability (64-bit switch selectors)' },
};

const STAGES = new Set<number>([ExecutionModel.GLCompute, ExecutionModel.Vertex, ExecutionModel.Fragment]);

/** Corpus modules whose every entry point is compute, vertex or fragment. */
function shaderModules(corpus: readonly CorpusModule[]): CorpusModule[] {
  return corpus.filter((c) => {
    const module = decodeModule(c.words);
    const eps = module.entryPoints;
    return eps.length > 0 && eps.every((ep) => STAGES.has(ep.word(0)));
  });
}

function sourceKey(c: CorpusModule): string {
  return c.name.split(':')[0];
}

const gpu = corpusToolsAvailable().ok ? await webGpuAvailable() : corpusToolsAvailable();

describeWithOracle('WGSL from the corpus compiles in Chromium', gpu, () => {
  let browser: WebGpuBrowser;
  let modules: CorpusModule[];
  beforeAll(async () => {
    [browser, modules] = await Promise.all([openWebGpu(), loadCorpus().then(shaderModules)]);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('translates or refuses every compute, vertex and fragment shader as listed', async () => {
    const problems: string[] = [];
    let compiled = 0;
    let refused = 0;
    for (const c of modules) {
      const expected = EXPECTED_REFUSALS[sourceKey(c)];
      let code: string;
      try {
        code = toWgsl(decodeModule(c.words)).code;
      } catch (e) {
        if (!(e instanceof SpirvError) || e.code !== 'UNSUPPORTED_CONSTRUCT') {
          problems.push(`${c.name}: threw ${String(e)}`);
        } else if (expected === undefined) problems.push(`${c.name}: refused but not listed: ${e.message}`);
        else if (!e.message.includes(expected.construct)) problems.push(`${c.name}: refused for another reason than "${expected.construct}": ${e.message}`);
        else refused++;
        continue;
      }
      if (expected !== undefined) {
        problems.push(`${c.name}: listed as refused (${expected.construct}) but translated`);
        continue;
      }
      const errors = (await browser.compile(code)).filter((msg) => msg.type === 'error');
      if (errors.length > 0)
        problems.push(`${c.name}: Tint rejects the WGSL:\n${errors.map((e) => `  ${e.lineNum}:${e.linePos} ${e.message}`).join('\n')}\n${numbered(code)}`);
      else compiled++;
    }
    console.log(
      `wgsl validity: ${compiled} compiled in Chromium, ${refused} refused as listed, ${problems.length} problems, of ${modules.length} corpus shaders`,
    );
    expect(problems).toEqual([]);
    expect(compiled).toBeGreaterThan(0);
  }, 180_000);
});

function numbered(code: string): string {
  return code
    .split('\n')
    .map((l, i) => `${String(i + 1).padStart(4)} | ${l}`)
    .join('\n');
}
