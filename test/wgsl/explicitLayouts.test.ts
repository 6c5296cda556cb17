// Issue 35's proof in Chromium's WebGPU: for every compute, vertex and fragment shader of the corpus and of
// the shader folder that @spvkit/wgsl translates, a pipeline created with an explicit layout built
// from core's bindGroupLayoutsOf (and, for vertex shaders, vertexBufferLayoutsOf) succeeds, as one
// with layout 'auto' does; and in every group, a bind group made of resources that fit the
// generated entries is accepted by the explicit layout and by the 'auto' pipeline's own layout
// (which takes exactly its entries: a missing, extra or incompatible one is a validation error).
// A fragment shader runs after a vertex shader written here that outputs what it reads (its
// @location inputs, with their @interpolate), into color targets of formats its outputs fill.
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
  readonly stage: 'compute' | 'vertex' | 'fragment';
  readonly bindGroupLayouts: readonly BindGroupLayoutDescriptor[];
  readonly vertexBuffers: readonly VertexBufferLayout[];
  /** For fragment shaders: the vertex shader before it (entry point `vs`) and the color target formats by location. */
  readonly feed?: { readonly vertex: string; readonly targets: readonly (string | null)[] };
}

/** For the fragment entry point `wgslName` of `code`: a vertex shader feeding its inputs, and color targets its outputs fill. */
function feedOf(code: string, wgslName: string): LayoutJob['feed'] {
  const signature = new RegExp(`@fragment\\s*\\nfn ${wgslName}\\((.*)\\)(?: -> (\\w+))? \\{`).exec(code);
  if (signature === null) throw new Error(`no @fragment fn ${wgslName} in the WGSL`);
  const fields = ['@builtin(position) spvkit_position: vec4<f32>,'];
  for (const m of signature[1].matchAll(/@location\((\d+)\)((?: @interpolate\([^)]*\))?) \w+: ([\w<>]+)/g))
    fields.push(`@location(${m[1]})${m[2]} v${m[1]}: ${m[3]},`);
  const targets: (string | null)[] = [];
  if (signature[2] !== undefined) {
    const body = new RegExp(`struct ${signature[2]} \\{([^}]*)\\}`).exec(code)?.[1] ?? '';
    for (const m of body.matchAll(/@location\((\d+)\) \w+: ([\w<>]+)/g)) {
      const type = m[2];
      const count = Number(/^vec(\d)/.exec(type)?.[1] ?? 1);
      const kind = type.includes('i32') ? 'sint' : type.includes('u32') ? 'uint' : 'float';
      // The format may have no more components than the output: 3 fills rg.
      const channels = count >= 4 ? 'rgba' : count >= 2 ? 'rg' : 'r';
      targets[Number(m[1])] = `${channels}32${kind}`;
    }
  }
  const vertex = `struct SpvkitFeed {\n${fields.map((f) => `  ${f}`).join('\n')}\n}\n@vertex fn vs() -> SpvkitFeed {\n  var out: SpvkitFeed;\n  return out;\n}\n`;
  return { vertex, targets: Array.from(targets, (t) => t ?? null) };
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
    const feed = job.feed === undefined ? undefined : device.createShaderModule({ code: job.feed.vertex });
    const depthStencil = { format: 'depth32float', depthWriteEnabled: false, depthCompare: 'always' };
    const make = (layout: any): any =>
      job.stage === 'compute'
        ? device.createComputePipeline({ layout, compute: { module, entryPoint: job.entryPoint } })
        : job.stage === 'vertex'
          ? device.createRenderPipeline({
              layout,
              vertex: { module, entryPoint: job.entryPoint, buffers: job.vertexBuffers },
              primitive: { topology: 'point-list' },
              depthStencil,
            })
          : device.createRenderPipeline({
              layout,
              vertex: { module: feed, entryPoint: 'vs' },
              fragment: { module, entryPoint: job.entryPoint, targets: job.feed!.targets.map((format) => (format === null ? null : { format })) },
              primitive: { topology: 'point-list' },
              depthStencil,
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

/** A job for each entry point of `words` that toWgsl translates. */
function jobsOf(name: string, words: Uint32Array): LayoutJob[] {
  let wgsl;
  try {
    wgsl = toWgsl(decodeModule(words));
  } catch (e) {
    if (e instanceof SpirvError && e.code === 'UNSUPPORTED_CONSTRUCT') return [];
    throw e;
  }
  return wgsl.entryPoints.flatMap((ep): LayoutJob[] => {
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
        ...(ep.stage === 'fragment' ? { feed: feedOf(wgsl.code, ep.wgslName) } : {}),
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
      ...folder.shaders.filter((s) => s.stage === 'comp' || s.stage === 'vert' || s.stage === 'frag').flatMap((s) => jobsOf(s.path, s.words)),
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
    for (const stage of ['compute', 'vertex', 'fragment']) expect(jobs.filter((j) => j.stage === stage).length, stage).toBeGreaterThanOrEqual(10);
  }, 300_000);
});
