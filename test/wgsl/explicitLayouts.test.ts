// Issue 35's proof in Chromium's WebGPU: for every compute and vertex shader of the corpus and of
// the shader folder that @spvkit/wgsl translates, a pipeline created with an explicit layout built
// from core's bindGroupLayoutsOf (and, for vertex shaders, vertexBufferLayoutsOf) succeeds, as one
// with layout 'auto' does; and in every group, a bind group made of resources that fit the
// generated entries is accepted by the explicit layout and by the 'auto' pipeline's own layout
// (which takes exactly its entries: a missing, extra or incompatible one is a validation error).
// Fragment shaders need a vertex stage that feeds their inputs: not covered here.
import { SpirvError, bindGroupLayoutsOf, decodeModule, vertexBufferLayoutsOf, type BindGroupLayoutDescriptor, type VertexBufferLayout } from '@spvkit/core';
import { toWgsl } from '@spvkit/wgsl';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { corpusToolsAvailable, loadCorpus } from '../corpus/index.js';
import { loadShaderFolder } from '../shaders/folder.mjs';
import { describeWithOracle } from '../support/oracles.js';
import { openWebGpu, webGpuAvailable, type WebGpuBrowser } from './WebGpuBrowser.js';

interface LayoutJob {
  readonly name: string;
  readonly code: string;
  readonly entryPoint: string;
  readonly stage: 'compute' | 'vertex';
  readonly bindGroupLayouts: readonly BindGroupLayoutDescriptor[];
  readonly vertexBuffers: readonly VertexBufferLayout[];
}

interface PageResult {
  readonly problems: string[];
  readonly pipelines: number;
  readonly bindGroups: number;
  /** Jobs whose pipeline fails with layout 'auto' too, with its error. */
  readonly skipped: string[];
}

/** In the page: the pipelines and bind groups of every job, with the validation errors found. */
async function pageCheckLayouts(jobs: readonly LayoutJob[]): Promise<PageResult> {
  /* eslint-disable @typescript-eslint/no-explicit-any, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-return -- WebGPU has no types in TypeScript's DOM library */
  const device = (globalThis as any).__spvkitDevice;
  const problems: string[] = [];
  let pipelines = 0;
  let bindGroups = 0;
  const skipped: string[] = [];
  const attempt = async <T>(what: string, f: () => T): Promise<T | undefined> => {
    device.pushErrorScope('validation');
    let result: T | undefined;
    let thrown: string | undefined;
    try {
      result = f();
    } catch (e) {
      thrown = String(e);
    }
    const error = await device.popErrorScope();
    if (thrown !== undefined || error !== null) {
      problems.push(`${what}: ${thrown ?? error.message}`);
      return undefined;
    }
    return result;
  };
  const resourceOf = (entry: any): any => {
    if (entry.buffer !== undefined) {
      const size = Math.max(16, Math.ceil(entry.buffer.minBindingSize / 16) * 16);
      return { buffer: device.createBuffer({ size, usage: entry.buffer.type === 'uniform' ? 0x40 : 0x80 }) };
    }
    if (entry.sampler !== undefined)
      return device.createSampler(
        entry.sampler.type === 'comparison' ? { compare: 'less' } : entry.sampler.type === 'filtering' ? { magFilter: 'linear' } : {},
      );
    const t = entry.texture ?? entry.storageTexture;
    const dim: string = t.viewDimension;
    const layers = dim === 'cube' ? 6 : dim === 'cube-array' ? 12 : dim === '2d-array' ? 2 : 1;
    const multisampled = entry.texture?.multisampled === true;
    const format =
      entry.storageTexture !== undefined
        ? entry.storageTexture.format
        : { float: 'rgba8unorm', 'unfilterable-float': multisampled ? 'rgba8unorm' : 'r32float', depth: 'depth32float', sint: 'rgba8sint', uint: 'rgba8uint' }[
            entry.texture.sampleType as string
          ];
    const texture = device.createTexture({
      size: [4, dim === '1d' ? 1 : 4, layers],
      dimension: dim === '1d' ? '1d' : dim === '3d' ? '3d' : '2d',
      format,
      sampleCount: multisampled ? 4 : 1,
      usage: entry.storageTexture !== undefined ? 0x08 : 0x04 | (multisampled ? 0x10 : 0),
    });
    return texture.createView({ dimension: dim });
  };
  for (const job of jobs) {
    const module = device.createShaderModule({ code: job.code });
    const layouts = await attempt(`${job.name}: createBindGroupLayout`, () => job.bindGroupLayouts.map((d) => device.createBindGroupLayout(d)));
    if (layouts === undefined) continue;
    const make = (layout: any): any =>
      job.stage === 'compute'
        ? device.createComputePipeline({ layout, compute: { module, entryPoint: job.entryPoint } })
        : device.createRenderPipeline({
            layout,
            vertex: { module, entryPoint: job.entryPoint, buffers: job.vertexBuffers },
            primitive: { topology: 'point-list' },
            depthStencil: { format: 'depth32float', depthWriteEnabled: false, depthCompare: 'always' },
          });
    // A shader this device cannot run whatever its layout (a workgroup past its limits) fails with
    // 'auto' too: left out, and counted. The explicit layout must not fail where 'auto' succeeds.
    const before = problems.length;
    const auto = await attempt(`${job.name}: layout 'auto'`, () => make('auto'));
    if (auto === undefined) {
      skipped.push(problems.splice(before)[0].split('\n')[0]);
      continue;
    }
    const explicit = await attempt(`${job.name}: the explicit layout`, () => make(device.createPipelineLayout({ bindGroupLayouts: layouts })));
    if (explicit === undefined) continue;
    pipelines++;
    for (let g = 0; g < job.bindGroupLayouts.length; g++) {
      const entries = await attempt(`${job.name}: resources of group ${g}`, () =>
        job.bindGroupLayouts[g].entries.map((e) => ({ binding: e.binding, resource: resourceOf(e) })),
      );
      if (entries === undefined) continue;
      const a = await attempt(`${job.name}: group ${g} against the explicit layout`, () => device.createBindGroup({ layout: layouts[g], entries }));
      const b = await attempt(`${job.name}: group ${g} against layout 'auto'`, () => device.createBindGroup({ layout: auto.getBindGroupLayout(g), entries }));
      if (a !== undefined && b !== undefined) bindGroups++;
    }
    // Past the last group with entries, 'auto' has no entries either.
    if (job.bindGroupLayouts.length < 4) {
      const g = job.bindGroupLayouts.length;
      await attempt(`${job.name}: 'auto' group ${g}, empty in the generated layouts`, () =>
        device.createBindGroup({ layout: auto.getBindGroupLayout(g), entries: [] }),
      );
    }
  }
  return { problems, pipelines, bindGroups, skipped };
  /* eslint-enable @typescript-eslint/no-explicit-any, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-return */
}

/** A job for each compute and vertex entry point of `words` that toWgsl translates. */
function jobsOf(name: string, words: Uint32Array): LayoutJob[] {
  let wgsl;
  try {
    wgsl = toWgsl(decodeModule(words));
  } catch (e) {
    if (e instanceof SpirvError && e.code === 'UNSUPPORTED_CONSTRUCT') return [];
    throw e;
  }
  return wgsl.entryPoints.flatMap((ep): LayoutJob[] => {
    if (ep.stage === 'fragment') return [];
    const choice = { name: ep.name, stage: ep.stage };
    const module = decodeModule(words);
    return [
      {
        name: `${name} ${ep.name}`,
        code: wgsl.code,
        entryPoint: ep.wgslName,
        stage: ep.stage,
        bindGroupLayouts: bindGroupLayoutsOf(module, choice).bindGroupLayouts,
        vertexBuffers: vertexBufferLayoutsOf(module, choice).buffers,
      },
    ];
  });
}

const gpu = corpusToolsAvailable().ok ? await webGpuAvailable() : corpusToolsAvailable();

describeWithOracle("explicit WebGPU layouts from the reflection match layout 'auto' in Chromium", gpu, () => {
  let browser: WebGpuBrowser;
  let jobs: LayoutJob[];
  beforeAll(async () => {
    const [opened, corpus, folder] = await Promise.all([openWebGpu(), loadCorpus(), loadShaderFolder()]);
    browser = opened;
    jobs = [
      ...corpus.flatMap((c) => jobsOf(c.name, c.words)),
      ...folder.shaders.filter((s) => s.stage === 'comp' || s.stage === 'vert').flatMap((s) => jobsOf(s.path, s.words)),
    ];
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('creates every pipeline with the generated layouts, and every group takes the same resources as auto', async () => {
    const result = await browser.evaluate(pageCheckLayouts, jobs, 300_000);
    console.log(`${jobs.length} entry points: ${result.pipelines} pipeline pairs, ${result.bindGroups} bind groups accepted by both layouts`);
    console.log(`left out, failing with 'auto' too:\n${result.skipped.join('\n')}`);
    expect(result.problems).toEqual([]);
    expect(result.pipelines + result.skipped.length).toBe(jobs.length);
    expect(result.skipped.length).toBeLessThanOrEqual(5);
    expect(jobs.filter((j) => j.stage === 'vertex').length).toBeGreaterThanOrEqual(10);
  }, 300_000);
});
