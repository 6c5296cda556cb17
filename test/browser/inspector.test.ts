// The inspector example (examples/inspector) in a real browser: built with Vite 8 and
// @spvkit/vite-plugin (from the packages' sources, so a stale dist/ never matters), served on
// 127.0.0.1, and driven in Debian's Chromium through playwright-core. It also writes the README's
// screenshot: always to test/.cache/browser/inspector.png, and to
// examples/inspector/screenshot.png when SPVKIT_UPDATE_SCREENSHOT=1.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { build } from 'vite';
import { assemble, decodeModule, disassemble, encodeModule, runPasses } from '@spvkit/core';
import { toWgsl } from '@spvkit/wgsl';
import '@spvkit/passes';
import '@spvkit/validator/register'; // and the validator's (validate-builtins)
import { createGlslang } from '@spvkit/glslang';
import spvkit from '@spvkit/vite-plugin';
import { inspectorConfig } from '../../examples/inspector/inspector.config.js';
import { describeWithOracle, type Availability } from '../support/oracles.js';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const inspectorDir = join(repoRoot, 'examples', 'inspector');
const cacheDir = join(repoRoot, 'test', '.cache', 'browser');
const outDir = join(cacheDir, 'inspector-dist');
const cachedScreenshot = join(cacheDir, 'inspector.png');
const committedScreenshot = join(inspectorDir, 'screenshot.png');
const reduceSpv = join(repoRoot, 'examples', 'shaders', 'reduce.spv');
const scaleSpvasm = join(inspectorDir, 'shaders', 'scale.spvasm');
const histogramComp = join(inspectorDir, 'shaders', 'histogram.comp');
const colorGlsl = join(inspectorDir, 'shaders', 'lib', 'color.glsl');
const corpusGlsl = join(repoRoot, 'test', 'corpus', 'glsl');

const CHROMIUM = process.env.SPVKIT_CHROMIUM ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function chromiumAvailability(): Availability {
  if (!existsSync(CHROMIUM)) return { ok: false, reason: `${CHROMIUM} not found (install Debian's chromium, or set SPVKIT_CHROMIUM)` };
  try {
    execFileSync(CHROMIUM, ['--version'], { stdio: 'pipe', timeout: 30_000 });
    return { ok: true };
  } catch (e) {
    return { ok: false, reason: `${CHROMIUM} --version failed: ${(e as Error).message.split('\n')[0]}` };
  }
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.spv': 'application/octet-stream',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
};

/** A static file server for `dir` on 127.0.0.1, on a port the system picks. */
async function serveStatic(dir: string): Promise<{ server: Server; url: string }> {
  const root = resolve(dir);
  const server = createServer((req, res) => {
    void (async () => {
      const path = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
      const file = normalize(join(root, path.endsWith('/') ? `${path}index.html` : path));
      if (req.method !== 'GET' || (file !== root && !file.startsWith(root + sep))) {
        res.writeHead(404).end();
        return;
      }
      try {
        const body = await readFile(file);
        res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream', 'Cache-Control': 'no-store' });
        res.end(body);
      } catch {
        res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
      }
    })();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}/` };
}

describeWithOracle('inspector example in Chromium', chromiumAvailability(), () => {
  let server: Server | undefined;
  let url = '';
  let browser: Browser | undefined;
  /** Page errors, console errors and failed requests of the test that is running. */
  let problems: string[] = [];

  beforeAll(async () => {
    rmSync(outDir, { recursive: true, force: true });
    mkdirSync(cacheDir, { recursive: true });
    const config = inspectorConfig(spvkit);
    // The app's own configuration; only the packages the page imports are taken from source.
    await build({
      ...config,
      configFile: false,
      logLevel: 'warn',
      resolve: {
        alias: [
          { find: /^@spvkit\/core$/, replacement: join(repoRoot, 'packages/core/src/index.ts') },
          { find: /^@spvkit\/passes$/, replacement: join(repoRoot, 'packages/passes/src/index.ts') },
          { find: /^@spvkit\/glslang$/, replacement: join(repoRoot, 'packages/glslang/src/index.ts') },
          { find: /^@spvkit\/wgsl$/, replacement: join(repoRoot, 'packages/wgsl/src/index.ts') },
        ],
      },
      build: { ...config.build, outDir, emptyOutDir: true },
    });
    ({ server, url } = await serveStatic(outDir));
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  });

  /** The WebGPU tests' browser (SwiftShader), launched when the first of them runs and shared. */
  let gpuBrowserLaunch: Promise<Browser> | undefined;
  function webGpuBrowser(): Promise<Browser> {
    gpuBrowserLaunch ??= chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--headless=new',
        '--no-sandbox',
        '--enable-unsafe-webgpu',
        '--enable-features=Vulkan',
        '--use-webgpu-adapter=swiftshader',
        '--disable-quic',
        '--no-first-run',
      ],
    });
    return gpuBrowserLaunch;
  }

  afterAll(async () => {
    await browser?.close();
    await (await gpuBrowserLaunch)?.close();
    await new Promise((done) => (server ? server.close(done) : done(undefined)));
  });

  afterEach(() => {
    const seen = problems;
    problems = [];
    expect(seen, 'page errors, console errors or failed requests').toEqual([]);
  });

  async function open(viewport = { width: 1360, height: 900 }): Promise<Page> {
    const page = await browser!.newPage({ viewport });
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(`console error: ${m.text()}`);
    });
    page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()} ${r.failure()?.errorText ?? ''}`));
    page.on('response', (r) => {
      if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`);
    });
    await page.goto(url);
    await page.waitForSelector('body[data-ready="true"]');
    return page;
  }

  const card = (page: Page, name: string, origin: 'bundled' | 'dropped'): Locator =>
    page.locator(`section.shader[data-origin="${origin}"][data-shader="${name}"]`);

  /** The text of one side of a card's disassembly, every line (folded ones too). */
  async function side(c: Locator, which: 'before' | 'after'): Promise<string> {
    const cells = await c.locator(`td.code.${which}:not(.empty)`).allTextContents();
    return cells.join('\n');
  }

  async function tableRows(c: Locator, cls: string): Promise<string[][]> {
    return c.locator(`table.${cls} tbody tr`).evaluateAll((rows) => rows.map((r) => Array.from(r.querySelectorAll('td'), (td) => td.textContent.trim())));
  }

  const lowered = (words: Uint8Array | Uint32Array): string => {
    const m = decodeModule(words);
    const result = runPasses(m, ['lower-local-invocation-index'], { validateAfterEach: 'validate-builtins', targetEnv: 'vulkan1.1' });
    expect(result.ok).toBe(true);
    return disassemble(m);
  };
  const lines = (text: string): string => text.replace(/\n$/, '');

  it('shows the reflection of each shader imported through the plugin', async () => {
    const page = await open();
    const names = await page.locator('section.shader[data-origin="bundled"]').evaluateAll((cs) => cs.map((c) => c.getAttribute('data-shader')));
    expect(names).toEqual(['histogram.comp', 'scale.spvasm', 'reduce.spv']);

    const histogram = card(page, 'histogram.comp', 'bundled');
    expect(await tableRows(histogram, 'entry-points')).toEqual([['main', 'GLCompute', '16 × 16 × 1']]);
    expect(await tableRows(histogram, 'bindings')).toEqual([
      ['0', '0', 'storage image', 'source', '1'],
      ['0', '1', 'storage buffer', 'histogram', '1'],
    ]);
    expect(await tableRows(histogram, 'push-constants')).toEqual([
      ['size', '0', '8 B'],
      ['exposure', '8', '4 B'],
    ]);
    await expect.poll(() => histogram.locator('.b-push .count').textContent()).toBe('12 bytes');
    expect(await tableRows(histogram, 'spec-constants')).toEqual([['0', 'BIN_COUNT', 'uint', '64']]);

    const scale = card(page, 'scale.spvasm', 'bundled');
    expect(await tableRows(scale, 'entry-points')).toEqual([['main', 'GLCompute', '64 × 1 × 1x: SpecId 0, y: SpecId 1, z: SpecId 2']]);
    expect(await tableRows(scale, 'bindings')).toEqual([['0', '0', 'storage buffer', 'data', '1']]);
    expect(await tableRows(scale, 'push-constants')).toEqual([
      ['factor', '0', '4 B'],
      ['count', '4', '4 B'],
    ]);
    expect(await tableRows(scale, 'spec-constants')).toEqual([
      ['0', 'SIZE_X', 'uint', '64'],
      ['1', 'SIZE_Y', 'uint', '1'],
      ['2', 'SIZE_Z', 'uint', '1'],
    ]);

    const reduce = card(page, 'reduce.spv', 'bundled');
    expect(await tableRows(reduce, 'entry-points')).toEqual([['main', 'GLCompute', '8 × 4 × 2']]);
    expect(await tableRows(reduce, 'bindings')).toEqual([
      ['0', '0', 'storage buffer', 'Input', '1'],
      ['0', '1', 'storage buffer', 'Output', '1'],
    ]);
    expect(await reduce.locator('.b-push .none').textContent()).toBe('none');
    expect(await reduce.locator('.b-spec .none').textContent()).toBe('none');

    for (const c of [histogram, scale, reduce]) {
      expect(await c.locator('.findings-panel').textContent()).toContain('validate-builtins: no findings');
    }
    await page.close();
  });

  it('shows the disassembly before and after lower-local-invocation-index, changed lines marked', async () => {
    const page = await open();
    for (const name of ['histogram.comp', 'scale.spvasm', 'reduce.spv']) {
      const c = card(page, name, 'bundled');
      const before = await side(c, 'before');
      const after = await side(c, 'after');
      expect(before, name).toContain('BuiltIn LocalInvocationIndex');
      expect(after, name).toContain('LocalInvocationId');
      expect(after, name).not.toContain('BuiltIn LocalInvocationIndex');
      expect(await c.locator('td.code.before.del').count(), name).toBeGreaterThan(0);
      expect(await c.locator('td.code.after.add').count(), name).toBeGreaterThan(0);
      // Marked lines are exactly the ones that differ.
      const deleted = await c.locator('td.code.before.del').allTextContents();
      expect(
        deleted.some((l) => l.includes('BuiltIn LocalInvocationIndex')),
        name,
      ).toBe(true);
      const added = await c.locator('td.code.after.add').allTextContents();
      expect(
        added.some((l) => l.includes('BuiltIn LocalInvocationId')),
        name,
      ).toBe(true);
    }
    // The binary's columns are exactly spvkit's disassembly of the file and of the lowered module.
    const bytes = readFileSync(reduceSpv);
    const reduce = card(page, 'reduce.spv', 'bundled');
    expect(await side(reduce, 'before')).toBe(lines(disassemble(decodeModule(bytes))));
    expect(await side(reduce, 'after')).toBe(lines(lowered(bytes)));
    // Folded by default; "show all lines" shows every line.
    const visibleRows = () => reduce.locator('tr.row:visible').count();
    const folded = await visibleRows();
    await reduce.locator('input.show-all').check();
    expect(await visibleRows()).toBeGreaterThan(folded);
    await page.close();
  });

  it('inspects a .spv chosen with the file picker, in the page', async () => {
    const page = await open();
    await page.setInputFiles('#file-input', reduceSpv);
    const c = card(page, 'reduce.spv', 'dropped');
    await c.waitFor();
    expect(await tableRows(c, 'entry-points')).toEqual([['main', 'GLCompute', '8 × 4 × 2']]);
    expect(await tableRows(c, 'bindings')).toHaveLength(2);
    const bytes = readFileSync(reduceSpv);
    expect(await side(c, 'before')).toBe(lines(disassemble(decodeModule(bytes))));
    expect(await side(c, 'after')).toBe(lines(lowered(bytes)));
    expect(await c.locator('.findings-panel').textContent()).toContain('no findings');
    expect(await page.locator('#shader-nav a.chip.dropped').textContent()).toBe('reduce.spv');
    await page.close();
  });

  it('inspects a .spv dropped on the drop zone (a drop event with a DataTransfer built in the page)', async () => {
    const page = await open();
    const bytes = new Uint8Array(encodeModule(assemble(readFileSync(scaleSpvasm, 'utf8'), { targetEnv: 'vulkan1.1' })).buffer);
    await page.evaluate(
      ({ name, data }) => {
        const transfer = new DataTransfer();
        transfer.items.add(new File([new Uint8Array(data)], name, { type: 'application/octet-stream' }));
        const zone = document.querySelector('#drop-zone')!;
        for (const type of ['dragenter', 'dragover', 'drop']) {
          zone.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: transfer }));
        }
      },
      { name: 'scale-dropped.spv', data: [...bytes] },
    );
    const c = card(page, 'scale-dropped.spv', 'dropped');
    await c.waitFor();
    expect(await tableRows(c, 'entry-points')).toEqual([['main', 'GLCompute', '64 × 1 × 1x: SpecId 0, y: SpecId 1, z: SpecId 2']]);
    expect(await tableRows(c, 'spec-constants')).toHaveLength(3);
    const after = await side(c, 'after');
    expect(after).toContain('BuiltIn LocalInvocationId');
    expect(after).not.toContain('BuiltIn LocalInvocationIndex');
    expect(await page.locator('#drop-zone').getAttribute('class')).not.toContain('over');
    await page.close();
  });

  it('shows diagnostics for dropped modules that are wrong, without page errors', async () => {
    const page = await open();
    const fragment = `               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint Fragment %main "main" %idx
               OpExecutionMode %main OriginUpperLeft
               OpDecorate %idx BuiltIn LocalInvocationIndex
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %uint = OpTypeInt 32 0
        %ptr = OpTypePointer Input %uint
        %idx = OpVariable %ptr Input
       %main = OpFunction %void None %fn
      %entry = OpLabel
          %v = OpLoad %uint %idx
               OpReturn
               OpFunctionEnd
`;
    const typo = 'OpCapability Shader\nOpMemoryModel Logical GLSL450\n%void = OpTypeVoid\n%x = OpTypeInt 32 O\n';
    await page.setInputFiles('#file-input', [
      { name: 'fragment.spvasm', mimeType: 'text/plain', buffer: Buffer.from(fragment) },
      { name: 'typo.spvasm', mimeType: 'text/plain', buffer: Buffer.from(typo) },
    ]);
    const frag = card(page, 'fragment.spvasm', 'dropped');
    await frag.waitFor();
    expect(await tableRows(frag, 'entry-points')).toEqual([['main', 'Fragment', '—']]);
    const findings = await frag.locator('li.finding.error').allTextContents();
    expect(findings.join('\n')).toContain('VUID-LocalInvocationIndex-LocalInvocationIndex-04284');

    const bad = card(page, 'typo.spvasm', 'dropped');
    await bad.waitFor();
    expect(await bad.locator('li.finding.error').count()).toBeGreaterThan(0);
    expect(await bad.locator('li.finding .where').first().textContent()).toMatch(/^typo\.spvasm:4:/);
    expect(await bad.locator('pre.frame').first().textContent()).toContain('OpTypeInt 32 O');
    // Removing a card removes it and its link.
    await bad.locator('button.remove').click();
    expect(await bad.count()).toBe(0);
    await page.close();
  });

  /** Requests for glslang (its wasm, or the chunk that loads it) a page made so far. */
  function glslangRequests(page: Page): string[] {
    const seen: string[] = [];
    page.on('request', (r) => {
      if (/\.wasm$|glsl/i.test(new URL(r.url()).pathname)) seen.push(new URL(r.url()).pathname);
    });
    return seen;
  }

  it('compiles a dropped GLSL shader with its #include in the page; glslang is fetched only then', async () => {
    const page = await browser!.newPage({ viewport: { width: 1360, height: 900 } });
    const requests = glslangRequests(page);
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    await page.goto(url);
    await page.waitForSelector('body[data-ready="true"]');
    // The page and its three imported shaders: no compiler, no wasm.
    await page.setInputFiles('#file-input', reduceSpv);
    await card(page, 'reduce.spv', 'dropped').waitFor();
    expect(requests).toEqual([]);
    // The entry chunk names the GLSL chunk only; the compiler's glue and the wasm are reached through it.
    const assets = readdirSync(join(outDir, 'assets'));
    const entry = assets.filter((f) => /^index-.*\.js$/.test(f));
    expect(entry).toHaveLength(1);
    expect(readFileSync(join(outDir, 'assets', entry[0]), 'utf8')).not.toMatch(/\.wasm|_spvkit_glslang_compile/);
    expect(assets.filter((f) => f.endsWith('.wasm'))).toHaveLength(1);

    await page.setInputFiles('#file-input', [histogramComp, colorGlsl]);
    const c = card(page, 'histogram.comp', 'dropped');
    await c.waitFor();
    expect(requests.filter((r) => r.endsWith('.wasm'))).toHaveLength(1);
    // The include is not a card of its own.
    expect(await page.locator('section.shader[data-shader="color.glsl"]').count()).toBe(0);
    expect(await c.locator('.format').textContent()).toBe('GLSL compute');
    expect(await tableRows(c, 'entry-points')).toEqual([['main', 'GLCompute', '16 × 16 × 1']]);
    const bundled = card(page, 'histogram.comp', 'bundled');
    expect(await tableRows(c, 'bindings')).toEqual(await tableRows(bundled, 'bindings'));
    expect(await tableRows(c, 'push-constants')).toEqual(await tableRows(bundled, 'push-constants'));
    // The 'before' column is what the same glslang gives in Node for the same file; 'after' is it lowered.
    const glslang = await createGlslang();
    // The page enables GL_GOOGLE_include_directive, which the plugin's shaders need not name, keeping line numbers.
    const source = readFileSync(histogramComp, 'utf8').replace(/^#version 450\n/, '#version 450\n#extension GL_GOOGLE_include_directive : enable\n#line 2\n');
    const compiled = glslang.compile(source, {
      stage: 'comp',
      file: 'histogram.comp',
      targetEnv: 'vulkan1.1',
      include: ({ name }) => ({ file: 'color.glsl', source: name === 'lib/color.glsl' ? readFileSync(colorGlsl, 'utf8') : '' }),
    });
    if (!compiled.ok) throw new Error(compiled.diagnostics.map((d) => d.text).join('\n'));
    expect(await side(c, 'before')).toBe(lines(disassemble(decodeModule(compiled.words))));
    expect(await side(c, 'after')).toBe(lines(lowered(compiled.words)));
    expect(await c.locator('.findings-panel').textContent()).toContain('no findings');
    expect(await c.locator('.steps').textContent()).toMatch(/compiled.*glslang \d+\.\d+\.\d+ \(WebAssembly\), vulkan1\.1/);

    // A second GLSL file compiles with the same instance: the wasm is not fetched again.
    await page.setInputFiles('#file-input', [join(corpusGlsl, 'path_tracer.rgen'), join(corpusGlsl, 'include', 'rt_common.glsl')]);
    const rgen = card(page, 'path_tracer.rgen', 'dropped');
    await rgen.waitFor();
    expect((await tableRows(rgen, 'entry-points'))[0].slice(0, 2)).toEqual(['main', 'RayGenerationKHR']);
    expect(await rgen.locator('li.finding.error').count()).toBe(0);
    expect(requests.filter((r) => r.endsWith('.wasm'))).toHaveLength(1);
    await page.close();
  });

  it('shows the WebGPU layouts of a dropped shader: bind group layouts, vertex buffers and the offset, size, align and strides of every block member', async () => {
    const page = await open();
    const blocks = `#version 450
layout(local_size_x = 1) in;
struct Light { vec3 position; float intensity; };
layout(std140, set = 0, binding = 0) uniform Scene { float time; vec3 eye; mat3 basis; Light lights[2]; } scene;
layout(std430, set = 0, binding = 1) buffer Out { vec2 points[]; } result;
void main() { result.points[0] = vec2(scene.time + scene.eye.x + scene.basis[2].z + scene.lights[1].intensity); }
`;
    const vertex =
      '#version 450\nlayout(location = 0) in vec3 position;\nlayout(location = 1) in vec2 uv;\nlayout(location = 0) out vec2 vUv;\nvoid main() { vUv = uv; gl_Position = vec4(position, 1.0); }\n';
    await page.setInputFiles('#file-input', [
      { name: 'blocks.comp', mimeType: 'text/plain', buffer: Buffer.from(blocks) },
      { name: 'mesh.vert', mimeType: 'text/plain', buffer: Buffer.from(vertex) },
    ]);
    const c = card(page, 'blocks.comp', 'dropped');
    await c.locator('.webgpu-layouts').waitFor();
    expect(await tableRows(c, 'bind-group-layouts')).toEqual([
      ['0', '0', 'compute', 'buffer uniform, min 112 B'],
      ['0', '1', 'compute', 'buffer storage, min 8 B'],
    ]);
    const scene = c.locator('.block-layout[data-block="Scene"]');
    expect(await scene.locator('h5').textContent()).toBe('Scene @group(0) @binding(0): 112 bytes, align 16');
    // std140: eye after time at 16, mat3 columns 16 apart from 32, Light structs of 16 from 80.
    expect(await tableRows(scene, 'block-offsets')).toEqual([
      ['time', '0', '4', '4', '—'],
      ['eye', '16', '12', '16', '—'],
      ['basis', '32', '48', '16', 'matrix 16'],
      ['lights', '80', '32', '16', 'array 16'],
      ['lights[].position', '0', '12', '16', '—'],
      ['lights[].intensity', '12', '4', '4', '—'],
    ]);
    expect(await tableRows(c.locator('.block-layout[data-block="Out"]'), 'block-offsets')).toEqual([['points', '0', '8', '8', 'array 8']]);
    expect(await c.locator('.webgpu-layouts').textContent()).toContain('Vertex buffers');
    const v = card(page, 'mesh.vert', 'dropped');
    await v.locator('.webgpu-layouts').waitFor();
    expect(await tableRows(v, 'vertex-buffers')).toEqual([
      ['0', '12', 'vertex', '0', 'float32x3', '0'],
      ['1', '8', 'vertex', '1', 'float32x2', '0'],
    ]);
    await page.close();
  });

  it('shows GLSL compile errors at their file, line and column, with the line', async () => {
    const page = await open();
    const syntax = '#version 450\nlayout(local_size_x = 1) in;\nvoid main() {\n  uint a = 1u\n  uint b = a;\n}\n';
    const include = '#version 450\n#extension GL_GOOGLE_include_directive : require\n#include "helpers.glsl"\nlayout(local_size_x = 1) in;\nvoid main() {}\n';
    const extension = '#version 450\n#extension GL_EXT_no_such_thing : require\nvoid main() {}\n';
    await page.setInputFiles('#file-input', [
      { name: 'syntax.comp', mimeType: 'text/plain', buffer: Buffer.from(syntax) },
      { name: 'include.comp', mimeType: 'text/plain', buffer: Buffer.from(include) },
      { name: 'extension.frag', mimeType: 'text/plain', buffer: Buffer.from(extension) },
    ]);
    const first = async (name: string) => {
      const c = card(page, name, 'dropped');
      await c.waitFor();
      const finding = c.locator('li.finding.error').first();
      return {
        where: await finding.locator('.where').textContent(),
        text: await finding.textContent(),
        frame: await finding.locator('pre.frame').textContent(),
      };
    };
    const s = await first('syntax.comp');
    expect(s.where).toBe('syntax.comp:5:6');
    expect(s.text).toContain('syntax error, unexpected UINT, expecting COMMA or SEMICOLON');
    expect(s.frame).toContain('5 |   uint b = a;');
    const i = await first('include.comp');
    expect(i.where).toMatch(/^include\.comp:3:\d+$/);
    expect(i.text).toContain('"helpers.glsl" (included by include.comp) was not dropped: drop it together with include.comp');
    expect(i.frame).toContain('3 | #include "helpers.glsl"');
    const e = await first('extension.frag');
    expect(e.where).toMatch(/^extension\.frag:2:\d+$/);
    expect(e.text).toContain('extension not supported: GL_EXT_no_such_thing');
    for (const name of ['syntax.comp', 'include.comp', 'extension.frag']) {
      const c = card(page, name, 'dropped');
      expect(await c.locator('.steps .failed').count(), name).toBeGreaterThan(0);
    }
    await page.close();
  });

  /**
   * A compute shader with a storage buffer of a runtime array, a uniform block of two members and
   * push constants, and an empty body (what the first @spvkit/wgsl translates): a run must create
   * each buffer from the SPIR-V layout, fill it with the documented data and read it back.
   */
  const idleSpvasm = `               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main"
               OpExecutionMode %main LocalSize 64 1 1
               OpName %Data "Data"
               OpMemberName %Data 0 "values"
               OpName %data "data"
               OpName %Limits "Limits"
               OpMemberName %Limits 0 "offset"
               OpMemberName %Limits 1 "gain"
               OpName %limits "limits"
               OpName %Params "Params"
               OpMemberName %Params 0 "scale"
               OpName %params "params"
               OpDecorate %rta ArrayStride 4
               OpMemberDecorate %Data 0 Offset 0
               OpDecorate %Data Block
               OpDecorate %data DescriptorSet 0
               OpDecorate %data Binding 0
               OpMemberDecorate %Limits 0 Offset 0
               OpMemberDecorate %Limits 1 Offset 16
               OpDecorate %Limits Block
               OpDecorate %limits DescriptorSet 0
               OpDecorate %limits Binding 1
               OpMemberDecorate %Params 0 Offset 0
               OpDecorate %Params Block
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
        %int = OpTypeInt 32 1
       %uint = OpTypeInt 32 0
      %float = OpTypeFloat 32
    %v4float = OpTypeVector %float 4
        %rta = OpTypeRuntimeArray %int
       %Data = OpTypeStruct %rta
   %ptr_Data = OpTypePointer StorageBuffer %Data
       %data = OpVariable %ptr_Data StorageBuffer
     %Limits = OpTypeStruct %uint %v4float
 %ptr_Limits = OpTypePointer Uniform %Limits
     %limits = OpVariable %ptr_Limits Uniform
     %Params = OpTypeStruct %float
 %ptr_Params = OpTypePointer PushConstant %Params
     %params = OpVariable %ptr_Params PushConstant
       %main = OpFunction %void None %fn
      %entry = OpLabel
               OpReturn
               OpFunctionEnd
`;

  /** The numbers a run shows for a field of a buffer, before and after; undefined after for a buffer not read back. */
  async function shownValues(c: Locator, binding: string, field: string): Promise<{ type: string; before: number[]; after: number[] }> {
    const row = c.locator(`.gpu-buffer[data-binding="${binding}"] tr[data-field="${field}"]`);
    const read = async (cls: string) =>
      ((await row.locator(`td.${cls}`).getAttribute('data-values')) ?? '')
        .split(',')
        .filter((v) => v !== '')
        .map(Number);
    return { type: (await row.getAttribute('data-type')) ?? '', before: await read('before'), after: await read('after') };
  }

  /** Clicks "Run on WebGPU" in the card and waits for the outcome; a failed run fails with the page's message. */
  async function runOnGpu(c: Locator): Promise<void> {
    const panel = c.locator('.webgpu');
    await panel.locator('button.run-gpu').click();
    await expect.poll(() => panel.getAttribute('data-webgpu'), { timeout: 60_000 }).not.toMatch(/^(idle|running|unavailable)$/);
    const state = await panel.getAttribute('data-webgpu');
    if (state !== 'done') throw new Error(`the run ended ${state}: ${await panel.locator('.gpu-status').textContent()}`);
  }

  /** Drops `text` on the page as the file `name` and gives its card. */
  async function dropAssembly(page: Page, name: string, text: string): Promise<Locator> {
    const source = join(cacheDir, name);
    writeFileSync(source, text);
    await page.setInputFiles('#file-input', source);
    const c = card(page, name, 'dropped');
    await c.waitFor();
    return c;
  }

  it("runs a compute shader on the page's WebGPU (SwiftShader): buffers from the SPIR-V layout, filled as documented, read back; the translator is fetched only then", async () => {
    const gpuBrowser = await webGpuBrowser();
    const page = await gpuBrowser.newPage({ viewport: { width: 1360, height: 900 } });
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(`console error: ${m.text()}`);
    });
    await page.goto(url);
    await page.waitForSelector('body[data-ready="true"]');
    const c = await dropAssembly(page, 'idle.spvasm', idleSpvasm);
    expect(await c.locator('.webgpu').getAttribute('data-webgpu')).toBe('idle');
    const chunk = (r: string): boolean => /\/assets\/webgpu-[^/]*\.js$/.test(r);
    expect(requests.filter(chunk)).toEqual([]);

    await runOnGpu(c);
    expect(requests.filter(chunk)).toHaveLength(1);
    // The WGSL that ran is shown beside the buffers.
    expect(await c.locator('pre.wgsl-code').textContent()).toMatch(/@compute\s+@workgroup_size\(64/);
    expect(await c.locator('.gpu-status.ok').textContent()).toMatch(/over 4 × 1 × 1 workgroups/);
    // Every binding the translator reports, and only those, gets its buffer, typed and filled
    // from the SPIR-V block's layout as documented (the nth number of a storage buffer n - 8 for
    // i32; of a uniform block or the push constants n + 2 for u32, n + 1.5 for f32), and the
    // storage buffer is read back after the dispatch, which writes nothing. By name: the
    // translator says which kind each is (a storage buffer nothing writes is read-only).
    const { bindings } = toWgsl(assemble(idleSpvasm, { targetEnv: 'vulkan1.1' }));
    const shownSlots = await c.locator('.gpu-buffer').evaluateAll((els) => els.map((e) => `${e.getAttribute('data-binding')} ${e.getAttribute('data-name')}`));
    expect(shownSlots).toEqual(bindings.map((b) => `${b.group}:${b.binding} ${b.name}`));
    const expected: Record<string, { size: string; fields: Record<string, { type: string; before: number[]; after?: number[] }> }> = {
      data: {
        size: '1024 bytes',
        fields: {
          values: {
            type: 'i32',
            before: Array.from({ length: 256 }, (_, n) => n - 8),
            after: Array.from({ length: 256 }, (_, n) => n - 8),
          },
        },
      },
      limits: { size: '32 bytes', fields: { offset: { type: 'u32', before: [2] }, gain: { type: 'f32', before: [2.5, 3.5, 4.5, 5.5] } } },
      params: { size: '16 bytes', fields: { scale: { type: 'f32', before: [1.5] } } },
    };
    for (const b of bindings) {
      const slot = `${b.group}:${b.binding}`;
      const want = expected[b.name];
      expect(await c.locator(`.gpu-buffer[data-binding="${slot}"] h4 .count`).textContent()).toBe(want.size);
      for (const [field, values] of Object.entries(want.fields)) expect(await shownValues(c, slot, field)).toMatchObject(values);
    }
    await page.close();
  });

  /** values[i] = values[i] * params.scale + 5 for i = gl_GlobalInvocationID.x, in 64-wide workgroups. */
  const tripleSpvasm = `               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main" %gid
               OpExecutionMode %main LocalSize 64 1 1
               OpName %Data "Data"
               OpMemberName %Data 0 "values"
               OpName %data "data"
               OpName %Params "Params"
               OpMemberName %Params 0 "scale"
               OpName %params "params"
               OpDecorate %gid BuiltIn GlobalInvocationId
               OpDecorate %rta ArrayStride 4
               OpMemberDecorate %Data 0 Offset 0
               OpDecorate %Data Block
               OpDecorate %data DescriptorSet 0
               OpDecorate %data Binding 0
               OpMemberDecorate %Params 0 Offset 0
               OpDecorate %Params Block
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
        %int = OpTypeInt 32 1
       %uint = OpTypeInt 32 0
     %v3uint = OpTypeVector %uint 3
      %int_0 = OpConstant %int 0
     %uint_5 = OpConstant %uint 5
    %ptr_in3 = OpTypePointer Input %v3uint
        %gid = OpVariable %ptr_in3 Input
        %rta = OpTypeRuntimeArray %uint
       %Data = OpTypeStruct %rta
   %ptr_Data = OpTypePointer StorageBuffer %Data
       %data = OpVariable %ptr_Data StorageBuffer
   %ptr_uint = OpTypePointer StorageBuffer %uint
     %Params = OpTypeStruct %uint
 %ptr_Params = OpTypePointer PushConstant %Params
   %ptr_pc_u = OpTypePointer PushConstant %uint
     %params = OpVariable %ptr_Params PushConstant
       %main = OpFunction %void None %fn
      %entry = OpLabel
        %id3 = OpLoad %v3uint %gid
          %i = OpCompositeExtract %uint %id3 0
        %ptr = OpAccessChain %ptr_uint %data %int_0 %i
          %v = OpLoad %uint %ptr
   %scalePtr = OpAccessChain %ptr_pc_u %params %int_0
      %scale = OpLoad %uint %scalePtr
          %m = OpIMul %uint %v %scale
          %r = OpIAdd %uint %m %uint_5
               OpStore %ptr %r
               OpReturn
               OpFunctionEnd
`;

  it('runs shaders that compute on WebGPU, and shows what they computed: a dropped one and the bundled scale.spvasm', async () => {
    const gpuBrowser = await webGpuBrowser();
    const page = await gpuBrowser.newPage({ viewport: { width: 1360, height: 900 } });
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    await page.goto(url);
    await page.waitForSelector('body[data-ready="true"]');
    const c = await dropAssembly(page, 'triple.spvasm', tripleSpvasm);
    await runOnGpu(c);
    // What the shader must compute, from the values the page shows it started with.
    const scale = await shownValues(c, '1:0', 'scale');
    expect(scale.before).toEqual([2]);
    const values = await shownValues(c, '0:0', 'values');
    expect(values.before).toEqual(Array.from({ length: 256 }, (_, n) => n + 1)); // distinct: a wrong index would show
    expect(values.after).toEqual(values.before.map((v) => (Math.imul(v, scale.before[0]) + 5) >>> 0));

    // The bundled scale.spvasm (workgroup size from spec constants, lowered at build time):
    // values[i] *= factor for i < count, the others as they were, in f32.
    const bundled = card(page, 'scale.spvasm', 'bundled');
    await runOnGpu(bundled);
    const factor = (await shownValues(bundled, '1:0', 'factor')).before[0];
    const count = (await shownValues(bundled, '1:0', 'count')).before[0];
    expect([factor, count]).toEqual([1.5, 3]);
    const data = await shownValues(bundled, '0:0', 'values');
    expect(data.before).toEqual(Array.from({ length: 256 }, (_, n) => (n + 1) / 2));
    expect(data.after).toEqual(data.before.map((v, i) => (i < count ? Math.fround(v * factor) : v)));
    await page.close();
  });

  /** A page of the WebGPU (SwiftShader) browser, its page errors and console errors collected. */
  async function openOnGpu(): Promise<Page> {
    const gpuBrowser = await webGpuBrowser();
    const page = await gpuBrowser.newPage({ viewport: { width: 1360, height: 900 } });
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(`console error: ${m.text()}`);
    });
    await page.goto(url);
    await page.waitForSelector('body[data-ready="true"]');
    return page;
  }

  /** The texels a run shows for the texture at `binding`: its format, before, and after (undefined where not read back). */
  async function shownTexels(c: Locator, binding: string): Promise<{ format: string; before: number[]; after?: number[] }> {
    const texture = c.locator(`.gpu-texture[data-binding="${binding}"]`);
    const values = async (label: string): Promise<number[] | undefined> => {
      const figure = texture.locator(`figure.texels.${label}`);
      if ((await figure.count()) === 0) return undefined;
      return ((await figure.getAttribute('data-texels')) ?? '').split(',').map(Number);
    };
    return { format: (await texture.getAttribute('data-format')) ?? '', before: (await values('before')) ?? [], after: await values('after') };
  }

  /** The page's documented pattern, computed here: channel c of texel (x, y) of a 16 × 16 single-layer texture. */
  const patternTexel = (x: number, y: number, integer: boolean): number[] => (integer ? [x, y, 0, 1] : [x / 15, y / 15, 0, 1]);
  const grid = <T>(f: (x: number, y: number) => T[]): T[] => Array.from({ length: 256 }, (_, i) => f(i % 16, Math.floor(i / 16))).flat();

  it("runs the bundled histogram.comp on WebGPU: its storage texture made from the binding's format, filled with the documented pattern, the histogram counted right", async () => {
    const page = await openOnGpu();
    const c = card(page, 'histogram.comp', 'bundled');
    expect(await c.locator('.webgpu').getAttribute('data-webgpu')).toBe('idle');
    await runOnGpu(c);
    // One 16 × 16 workgroup covers the 16 × 16 texture.
    expect(await c.locator('.gpu-status.ok').textContent()).toMatch(/over 1 × 1 × 1 workgroups/);
    expect(await c.locator('.gpu-texture-rule').textContent()).toContain('r = x / 15, g = y / 15');
    const source = await shownTexels(c, '0:0');
    expect(source.format).toBe('rgba8unorm');
    // rgba8unorm stores round(255 x / 15) = 17 x: the shader reads 17 x / 255.
    expect(source.before).toEqual(grid((x, y) => patternTexel(x, y, false).map((v) => Math.round(v * 255) / 255)));
    expect(source.after, 'a read-only storage texture is not read back').toBeUndefined();
    expect(
      await c.locator('.gpu-texture[data-binding="0:0"] canvas').evaluate((e) => [(e as HTMLCanvasElement).width, (e as HTMLCanvasElement).height]),
    ).toEqual([16, 16]);

    // The histogram of the texels inside params.size, each scaled by params.exposure, in f32 as the shader does.
    const size = (await shownValues(c, '1:0', 'size')).before;
    const exposure = (await shownValues(c, '1:0', 'exposure')).before[0];
    expect(size).toEqual([2, 3]);
    expect(exposure).toBe(3.5);
    const f = Math.fround;
    const counts = new Array<number>(64).fill(0);
    for (let y = 0; y < size[1]; y++)
      for (let x = 0; x < size[0]; x++) {
        const [r, g, b] = source.before.slice((y * 16 + x) * 4, (y * 16 + x) * 4 + 3).map((v) => f(f(v) * f(exposure)));
        const luminance = f(f(f(r * f(0.2126)) + f(g * f(0.7152))) + f(b * f(0.0722)));
        counts[Math.min(Math.floor(f(Math.min(1, Math.max(0, luminance)) * 64)), 63)]++;
      }
    expect(counts.filter((n) => n > 0).length, 'the texels fall in several bins').toBeGreaterThan(2);
    const bins = await shownValues(c, '0:1', 'bins');
    expect(bins.before).toEqual(Array.from({ length: 256 }, (_, n) => n + 1));
    expect(bins.after).toEqual(bins.before.map((v, i) => v + (counts[i] ?? 0)));
    await page.close();
  });

  /** Writes a storage texture from what it held and what a combined image sampler reads at the same texel. */
  const stampComp = `#version 450
layout(local_size_x = 8, local_size_y = 8) in;
layout(set = 0, binding = 0, r32ui) uniform uimage2D counts;
layout(set = 0, binding = 1) uniform sampler2D pattern;
void main() {
  ivec2 p = ivec2(gl_GlobalInvocationID.xy);
  vec4 s = textureLod(pattern, (vec2(p) + 0.5) / 16.0, 0.0);
  uint old = imageLoad(counts, p).x;
  imageStore(counts, p, uvec4(old * 3u + uint(round(s.r * 255.0)) * 1000u + uint(round(s.g * 255.0))));
}
`;

  it('runs a dropped shader that samples a texture and writes a storage texture, and shows the texture after the run as an image', async () => {
    const page = await openOnGpu();
    await page.setInputFiles('#file-input', { name: 'stamp.comp', mimeType: 'text/plain', buffer: Buffer.from(stampComp) });
    const c = card(page, 'stamp.comp', 'dropped');
    await c.waitFor();
    await runOnGpu(c);
    expect(await c.locator('.gpu-status.ok').textContent()).toMatch(/over 2 × 2 × 1 workgroups/);
    const pattern = await shownTexels(c, '0:1');
    expect(pattern.format).toBe('rgba8unorm');
    expect(pattern.before).toEqual(grid((x, y) => patternTexel(x, y, false).map((v) => Math.round(v * 255) / 255)));
    expect(await c.locator('.gpu-sampler[data-binding="0:501"] .kind').textContent()).toBe('filtering sampler');
    const counts = await shownTexels(c, '0:0');
    expect(counts.format).toBe('r32uint');
    expect(counts.before).toEqual(grid((x, y) => patternTexel(x, y, true).slice(0, 1)));
    // Each texel: what it held (x) times 3, plus the sampled texel's red and green bytes (17 x, 17 y).
    const expected = grid((x, y) => [x * 3 + 17 * x * 1000 + 17 * y]);
    expect(counts.after).toEqual(expected);
    // The after picture is those values, grey, scaled to the largest.
    const scale = Math.max(...expected);
    const reds = await c.locator('.gpu-texture[data-binding="0:0"] figure.after canvas').evaluate((e) => {
      const canvas = e as HTMLCanvasElement;
      const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
      return Array.from({ length: data.length / 4 }, (_, i) => data[i * 4]);
    });
    expect(reds).toEqual(expected.map((v) => Math.round((v / scale) * 255)));
    await page.close();
  });

  /** Reads a 2D array of integer texels and writes a 3D float storage texture, a layer per z. */
  const volumeComp = `#version 450
layout(local_size_x = 4, local_size_y = 4, local_size_z = 1) in;
layout(set = 0, binding = 0, r32f) uniform image3D volume;
layout(set = 0, binding = 1) uniform usampler2DArray layers;
void main() {
  ivec3 p = ivec3(gl_GlobalInvocationID);
  uvec4 t = texelFetch(layers, p, 0);
  float old = imageLoad(volume, p).x;
  imageStore(volume, p, vec4(old * 2.0 + float(t.y * 100u + t.z)));
}
`;

  it('runs a shader over a 3D storage texture and a 2D array of integer texels, a workgroup layer per texture layer', async () => {
    const page = await openOnGpu();
    await page.setInputFiles('#file-input', { name: 'volume.comp', mimeType: 'text/plain', buffer: Buffer.from(volumeComp) });
    const c = card(page, 'volume.comp', 'dropped');
    await c.waitFor();
    await runOnGpu(c);
    // 16 × 16 × 4 texels in 4 × 4 × 1 workgroups.
    expect(await c.locator('.gpu-status.ok').textContent()).toMatch(/over 4 × 4 × 4 workgroups/);
    const texel = (i: number): [number, number, number] => [i % 16, Math.floor(i / 16) % 16, Math.floor(i / 256)];
    const all = <T>(f: (x: number, y: number, z: number) => T[]): T[] => Array.from({ length: 16 * 16 * 4 }, (_, i) => f(...texel(i))).flat();
    const layers = await shownTexels(c, '0:1');
    expect(layers.format).toBe('rgba8uint');
    expect(layers.before).toEqual(all((x, y, z) => [x, y, z, 1]));
    const volume = await shownTexels(c, '0:0');
    expect(volume.format).toBe('r32float');
    expect(volume.before).toEqual(all((x) => [Math.fround(x / 15)]));
    expect(volume.after).toEqual(all((x, y, z) => [Math.fround(Math.fround(x / 15) * 2 + (y * 100 + z))]));
    // Four layers side by side on one canvas.
    expect(
      await c
        .locator('.gpu-texture[data-binding="0:0"] figure.after canvas')
        .evaluate((e) => [(e as HTMLCanvasElement).width, (e as HTMLCanvasElement).height]),
    ).toEqual([64, 16]);
    await page.close();
  });

  /** Writes, without reading, a layered half-float storage texture: values a half float holds exactly. */
  const layersComp = `#version 450
layout(local_size_x = 8, local_size_y = 8, local_size_z = 1) in;
layout(set = 0, binding = 0, rgba16f) uniform writeonly image2DArray frames;
void main() {
  ivec3 p = ivec3(gl_GlobalInvocationID);
  imageStore(frames, p, vec4(float(p.x) / 16.0, float(p.y), float(p.z) * 0.5, 1.0));
}
`;

  it('runs a shader that only writes a 2D array storage texture of half floats, and reads every layer back', async () => {
    const page = await openOnGpu();
    await page.setInputFiles('#file-input', { name: 'layers.comp', mimeType: 'text/plain', buffer: Buffer.from(layersComp) });
    const c = card(page, 'layers.comp', 'dropped');
    await c.waitFor();
    await runOnGpu(c);
    expect(await c.locator('.gpu-status.ok').textContent()).toMatch(/over 2 × 2 × 4 workgroups/);
    expect(await c.locator('.gpu-texture[data-binding="0:0"] .kind').textContent()).toBe('storage texture, write-only');
    const frames = await shownTexels(c, '0:0');
    expect(frames.format).toBe('rgba16float');
    const texel = (i: number): [number, number, number] => [i % 16, Math.floor(i / 16) % 16, Math.floor(i / 256)];
    const all = (f: (x: number, y: number, z: number) => number[]): number[] => Array.from({ length: 16 * 16 * 4 }, (_, i) => f(...texel(i))).flat();
    // Before: the pattern, to half-float precision.
    const pattern = all((x, y, z) => [x / 15, y / 15, z / 3, 1]);
    expect(frames.before).toHaveLength(pattern.length);
    frames.before.forEach((v, i) => expect(Math.abs(v - pattern[i]), `channel ${i}`).toBeLessThan(1e-3));
    expect(frames.after).toEqual(all((x, y, z) => [x / 16, y, z * 0.5, 1]));
    await page.close();
  });

  it('offers no run where the runner cannot make a binding or the shader is not compute, and says why', async () => {
    const page = await openOnGpu();
    const multisampled = `#version 450
layout(local_size_x = 1) in;
layout(set = 0, binding = 0) uniform sampler2DMS frames;
layout(std430, set = 0, binding = 1) buffer Out { vec4 texel; } result;
void main() { result.texel = texelFetch(frames, ivec2(0), 0); }
`;
    const depth = `#version 450
layout(local_size_x = 1) in;
layout(set = 0, binding = 0) uniform sampler2DShadow shadowMap;
layout(std430, set = 0, binding = 1) buffer Out { float lit; } result;
void main() { result.lit = textureLod(shadowMap, vec3(0.5, 0.5, 0.5), 0.0); }
`;
    const fragment = `#version 450
layout(set = 0, binding = 0) uniform sampler2D albedo;
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 color;
void main() { color = texture(albedo, uv); }
`;
    await page.setInputFiles('#file-input', [
      { name: 'frames.comp', mimeType: 'text/plain', buffer: Buffer.from(multisampled) },
      { name: 'shadow.comp', mimeType: 'text/plain', buffer: Buffer.from(depth) },
      { name: 'albedo.frag', mimeType: 'text/plain', buffer: Buffer.from(fragment) },
    ]);
    const why: Record<string, RegExp> = {
      'frames.comp': /^Not run here: frames \(set 0, binding 0\) is multisampled/,
      'shadow.comp': /^Not run here: shadowMap \(set 0, binding 0\) is a depth texture/,
      'albedo.frag': /^Not run here: the runner dispatches compute shaders only, and this module's entry points are Fragment/,
    };
    for (const [name, reason] of Object.entries(why)) {
      const c = card(page, name, 'dropped');
      await c.waitFor();
      expect(await c.locator('li.finding.error').count(), name).toBe(0);
      const panel = c.locator('.webgpu');
      expect(await panel.getAttribute('data-webgpu'), name).toBe('cannot-run');
      expect(await panel.locator('button.run-gpu').count(), name).toBe(0);
      expect(await panel.locator('.note').textContent(), name).toMatch(reason);
    }
    await page.close();
  });

  it('says so in the page where WebGPU is not available', async () => {
    // The suite's Chromium runs with --disable-gpu and no WebGPU flags.
    const page = await open();
    const c = await dropAssembly(page, 'idle.spvasm', idleSpvasm);
    const panel = c.locator('.webgpu');
    await panel.locator('button.run-gpu').click();
    await expect.poll(() => panel.getAttribute('data-webgpu'), { timeout: 60_000 }).toMatch(/^failed-/);
    expect(await panel.getAttribute('data-webgpu')).toBe('failed-webgpu');
    expect(await panel.locator('.gpu-status').textContent()).toMatch(
      /No WebGPU: WebGPU is (not available in this browser|there, but this browser gave no adapter)/,
    );
    // The WGSL is still shown: translating needs no GPU.
    expect(await panel.locator('pre.wgsl-code').textContent()).toMatch(/@compute/);
    await page.close();
  });

  it('renders the README screenshot', async () => {
    const page = await open({ width: 1360, height: 1000 });
    await page.evaluate(() => document.fonts.ready);
    const first = page.locator('section.shader').first();
    const box = (await first.boundingBox())!;
    mkdirSync(cacheDir, { recursive: true });
    await page.screenshot({ path: cachedScreenshot, fullPage: true, clip: { x: 0, y: 0, width: 1360, height: Math.ceil(box.y + box.height + 24) } });
    expect(readFileSync(cachedScreenshot).subarray(1, 4).toString()).toBe('PNG');
    if (process.env.SPVKIT_UPDATE_SCREENSHOT === '1') copyFileSync(cachedScreenshot, committedScreenshot);
    await page.close();
  });
});
