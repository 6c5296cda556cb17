/**
 * WebGPU in Debian's Chromium, for the WGSL suites: compile WGSL (Tint's diagnostics through
 * getCompilationInfo) and run compute shaders on buffers, returning their final bytes.
 *
 * Chromium runs headless through playwright-core, with WebGPU on SwiftShader (Vulkan on the CPU)
 * from a secure origin: an empty page served by a tiny node:http server on 127.0.0.1. One browser,
 * one page and one GPUDevice serve every call; the device asks for the adapter's highest limits
 * (more storage buffers per stage, larger workgroups) so that Vulkan shaders fit where the adapter
 * allows. Set SPVKIT_CHROMIUM to use another Chromium binary. Nothing is downloaded.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { Availability } from '../support/oracles.js';

export const CHROMIUM = process.env.SPVKIT_CHROMIUM ?? '/usr/bin/chromium';
export const CHROMIUM_WEBGPU_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--enable-unsafe-webgpu',
  '--enable-features=Vulkan',
  '--use-webgpu-adapter=swiftshader',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A diagnostic of getCompilationInfo(). */
export interface WgslMessage {
  type: 'error' | 'warning' | 'info';
  message: string;
  lineNum: number;
  linePos: number;
}

/** How a buffer is bound: `push-constant` is a uniform buffer (what toWgsl makes of push constants). */
export type WebGpuBufferKind = 'storage' | 'read-only-storage' | 'uniform' | 'push-constant';

/** A buffer of a compute job. */
export interface WebGpuBuffer {
  /** `@group` (default 0). */
  group?: number;
  binding: number;
  /** Default 'storage'. */
  kind?: WebGpuBufferKind;
  /** Size in bytes, > 0 (the GPU buffer is rounded up to 4, or 16 for uniforms; the extra bytes are not returned). */
  size: number;
  /** Initial bytes (at most `size`; the rest is zero). Default: all zero. */
  init?: Uint8Array;
}

export interface WebGpuComputeJob {
  code: string;
  /** The WGSL entry point's name; default: the module's only compute entry point. */
  entryPoint?: string;
  /** dispatchWorkgroups(x, y, z). */
  groups: [number, number, number];
  buffers: WebGpuBuffer[];
  /** GPUProgrammableStage.constants: override id (or name) -> value (booleans as 0/1 or true/false). */
  constants?: Record<string, number | boolean>;
  /**
   * 'explicit' (default): a pipeline layout made from the buffers' groups, bindings and kinds, so
   * every buffer is bound whether the shader uses it or not. 'auto': layout 'auto'; then the job
   * must list only the bindings the entry point uses.
   */
  layout?: 'explicit' | 'auto';
  /** Give up (and start a fresh page and device) after this long; default 60 s. */
  timeoutMs?: number;
}

/** A pipeline to create: a compute entry point, or a fragment entry point after the caller's vertex stage. */
export type WebGpuPipelineJob =
  | { readonly code: string; readonly stage: 'compute'; readonly entryPoint: string }
  | {
      readonly code: string;
      readonly stage: 'fragment';
      readonly entryPoint: string;
      /** A WGSL module whose entry point `vs` writes what the fragment stage reads. */
      readonly vertexCode: string;
      /** The color target formats, one per fragment output location. */
      readonly targets: readonly string[];
    };

/** A failed WebGPU call: compilation errors, validation errors, device loss, a timeout. */
export class WebGpuError extends Error {
  constructor(
    message: string,
    /** The shader's compilation messages, where the failure came with them. */
    readonly messages: WgslMessage[] = [],
  ) {
    super(message);
    this.name = 'WebGpuError';
  }
}

export interface WebGpuBrowser {
  /** The adapter: vendor, architecture, description. */
  readonly adapter: { vendor: string; architecture: string; description: string };
  /** The device's limits (as requested: the adapter's highest). */
  readonly limits: Readonly<Record<string, number>>;
  /** The device's features. */
  readonly features: readonly string[];
  /** createShaderModule + getCompilationInfo. */
  compile(code: string): Promise<WgslMessage[]>;
  /** Runs one dispatch; returns every buffer's final bytes, in `job.buffers` order. */
  runCompute(job: WebGpuComputeJob): Promise<Uint8Array[]>;
  /**
   * Runs `fn(arg)` in the page, after the calls before it, where `globalThis.__spvkitDevice` is
   * the GPUDevice: for suites with page code of their own (serialized: it may use nothing from outside).
   */
  evaluate<A, R>(fn: (arg: A) => Promise<R>, arg: A, timeoutMs?: number): Promise<R>;
  /**
   * Compiles `job.code` and creates its pipeline with layout 'auto'; returns the errors of both
   * (none: WebGPU accepts it). Some rules (a storage texel format's access modes, two resources
   * at one binding) are checked at pipeline creation only, not by createShaderModule.
   */
  pipelineErrors(job: WebGpuPipelineJob): Promise<string[]>;
  close(): Promise<void>;
}

// ---------------------------------------------------------------------------------------------
// In the page. These functions are serialized by page.evaluate: they use nothing from outside.

// The few WebGPU types the page code uses (TypeScript's DOM library has none of WebGPU's).
interface GpuLimits {
  readonly [name: string]: unknown;
}
interface GpuAdapter {
  readonly limits: GpuLimits;
  readonly features: ReadonlySet<string>;
  readonly info: { vendor: string; architecture: string; description: string };
  requestDevice(descriptor: { requiredLimits: Record<string, number>; requiredFeatures: string[] }): Promise<GpuDevice>;
}
interface GpuCompilationInfo {
  readonly messages: readonly { type: 'error' | 'warning' | 'info'; message: string; lineNum: number; linePos: number }[];
}
interface GpuShaderModule {
  getCompilationInfo(): Promise<GpuCompilationInfo>;
}
type GpuObject = object;
interface GpuBuffer {
  mapAsync(mode: number): Promise<void>;
  getMappedRange(): ArrayBuffer;
  unmap(): void;
  destroy(): void;
}
interface GpuComputePipeline {
  getBindGroupLayout(index: number): GpuObject;
}
interface GpuComputePass {
  setPipeline(pipeline: GpuComputePipeline): void;
  setBindGroup(index: number, group: GpuObject): void;
  dispatchWorkgroups(x: number, y: number, z: number): void;
  end(): void;
}
interface GpuCommandEncoder {
  beginComputePass(): GpuComputePass;
  copyBufferToBuffer(source: GpuBuffer, sourceOffset: number, destination: GpuBuffer, destinationOffset: number, size: number): void;
  finish(): GpuObject;
}
interface GpuDevice {
  readonly limits: GpuLimits;
  readonly features: ReadonlySet<string>;
  readonly lost: Promise<{ reason: string; message: string }>;
  readonly queue: { writeBuffer(buffer: GpuBuffer, offset: number, data: Uint8Array): void; submit(buffers: GpuObject[]): void };
  pushErrorScope(filter: 'validation' | 'out-of-memory' | 'internal'): void;
  popErrorScope(): Promise<{ message: string } | null>;
  createShaderModule(descriptor: { code: string }): GpuShaderModule;
  createBindGroupLayout(descriptor: { entries: { binding: number; visibility: number; buffer: { type: string } }[] }): GpuObject;
  createPipelineLayout(descriptor: { bindGroupLayouts: GpuObject[] }): GpuObject;
  createRenderPipelineAsync(descriptor: {
    layout: 'auto';
    vertex: { module: GpuShaderModule; entryPoint: string };
    fragment: { module: GpuShaderModule; entryPoint: string; targets: { format: string }[] };
  }): Promise<GpuObject>;
  createComputePipelineAsync(descriptor: {
    layout: GpuObject | 'auto';
    compute: { module: GpuShaderModule; entryPoint?: string; constants?: Record<string, number> };
  }): Promise<GpuComputePipeline>;
  createBuffer(descriptor: { size: number; usage: number }): GpuBuffer;
  createBindGroup(descriptor: { layout: GpuObject; entries: { binding: number; resource: { buffer: GpuBuffer } }[] }): GpuObject;
  createCommandEncoder(): GpuCommandEncoder;
}
interface DeviceInfo {
  adapter: { vendor: string; architecture: string; description: string };
  limits: Record<string, number>;
  features: string[];
}

type PageGlobals = typeof globalThis & { __spvkitDevice?: GpuDevice; __spvkitLost?: string };

async function pageInit(): Promise<DeviceInfo | string> {
  const g = globalThis as PageGlobals;
  const gpu = (navigator as unknown as { gpu?: { requestAdapter(): Promise<GpuAdapter | null> } }).gpu;
  if (!gpu) return 'navigator.gpu is missing (WebGPU is not enabled in this browser)';
  const adapter = await gpu.requestAdapter();
  if (!adapter) return 'navigator.gpu.requestAdapter() gave no adapter';
  const requiredLimits: Record<string, number> = {};
  const names = [
    'maxBindGroups',
    'maxBindingsPerBindGroup',
    'maxStorageBuffersPerShaderStage',
    'maxUniformBuffersPerShaderStage',
    'maxUniformBufferBindingSize',
    'maxStorageBufferBindingSize',
    'maxBufferSize',
    'maxComputeWorkgroupStorageSize',
    'maxComputeInvocationsPerWorkgroup',
    'maxComputeWorkgroupSizeX',
    'maxComputeWorkgroupSizeY',
    'maxComputeWorkgroupSizeZ',
    'maxComputeWorkgroupsPerDimension',
    'maxSampledTexturesPerShaderStage',
    'maxSamplersPerShaderStage',
    'maxStorageTexturesPerShaderStage',
    'maxInterStageShaderVariables',
    'maxColorAttachments',
    'maxVertexAttributes',
  ];
  for (const n of names) {
    const v = adapter.limits[n];
    if (typeof v === 'number') requiredLimits[n] = v;
  }
  const requiredFeatures = ['shader-f16', 'subgroups', 'clip-distances', 'float32-filterable'].filter((f) => adapter.features.has(f));
  const device = await adapter.requestDevice({ requiredLimits, requiredFeatures });
  g.__spvkitDevice = device;
  g.__spvkitLost = undefined;
  void device.lost.then((info) => {
    g.__spvkitLost = `device lost (${info.reason}): ${info.message}`;
  });
  const limits: Record<string, number> = {};
  for (const k in device.limits) {
    const v = device.limits[k];
    if (typeof v === 'number') limits[k] = v;
  }
  return {
    adapter: { vendor: adapter.info.vendor, architecture: adapter.info.architecture, description: adapter.info.description },
    limits,
    features: [...device.features],
  };
}

async function pageCompile(code: string): Promise<WgslMessage[]> {
  const device = (globalThis as PageGlobals).__spvkitDevice!;
  device.pushErrorScope('validation');
  const module = device.createShaderModule({ code });
  const info = await module.getCompilationInfo();
  await device.popErrorScope();
  return info.messages.map((m) => ({ type: m.type, message: m.message, lineNum: m.lineNum, linePos: m.linePos }));
}

async function pagePipelineErrors(job: WebGpuPipelineJob): Promise<string[]> {
  const device = (globalThis as PageGlobals).__spvkitDevice!;
  const errors: string[] = [];
  device.pushErrorScope('validation');
  const module = device.createShaderModule({ code: job.code });
  for (const m of (await module.getCompilationInfo()).messages) if (m.type === 'error') errors.push(`${m.lineNum}:${m.linePos} ${m.message}`);
  await device.popErrorScope();
  if (errors.length > 0) return errors;
  try {
    if (job.stage === 'compute') await device.createComputePipelineAsync({ layout: 'auto', compute: { module, entryPoint: job.entryPoint } });
    else {
      const vertex = device.createShaderModule({ code: job.vertexCode });
      await device.createRenderPipelineAsync({
        layout: 'auto',
        vertex: { module: vertex, entryPoint: 'vs' },
        fragment: { module, entryPoint: job.entryPoint, targets: job.targets.map((format) => ({ format })) },
      });
    }
  } catch (e) {
    errors.push(`${(e as Error).name}: ${(e as Error).message}`);
  }
  return errors;
}

interface PageJob {
  code: string;
  entryPoint?: string;
  groups: [number, number, number];
  buffers: { group: number; binding: number; kind: WebGpuBufferKind; size: number; init: string }[];
  constants?: Record<string, number>;
  layout: 'explicit' | 'auto';
}

type PageResult = { ok: true; buffers: string[] } | { ok: false; error: string; messages: WgslMessage[] };

async function pageRunCompute(job: PageJob): Promise<PageResult> {
  const g = globalThis as PageGlobals;
  const device = g.__spvkitDevice!;
  if (g.__spvkitLost) return { ok: false, error: g.__spvkitLost, messages: [] };
  // GPUShaderStage.COMPUTE, GPUBufferUsage.*, GPUMapMode.READ, by value: this code runs in the page.
  const [STAGE_COMPUTE, USAGE_MAP_READ, USAGE_COPY_SRC, USAGE_COPY_DST, USAGE_UNIFORM, USAGE_STORAGE, MAP_READ] = [4, 1, 4, 8, 64, 128, 1];
  const fromBase64 = (s: string): Uint8Array => Uint8Array.from(atob(s), (c) => c.charCodeAt(0));
  const toBase64 = (bytes: Uint8Array): string => {
    let s = '';
    for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(s);
  };
  const scopes = ['validation', 'out-of-memory', 'internal'] as const;
  for (const f of scopes) device.pushErrorScope(f);
  const popAll = async (): Promise<string[]> => {
    const errors: string[] = [];
    for (let i = 0; i < scopes.length; i++) {
      const e = await device.popErrorScope();
      if (e) errors.push(e.message);
    }
    return errors;
  };
  const created: GpuBuffer[] = [];
  try {
    const module = device.createShaderModule({ code: job.code });
    const info = await module.getCompilationInfo();
    const messages = info.messages.map((m) => ({ type: m.type, message: m.message, lineNum: m.lineNum, linePos: m.linePos }));
    if (messages.some((m) => m.type === 'error')) {
      await popAll();
      return { ok: false, error: 'the WGSL does not compile', messages };
    }
    const isUniform = (k: WebGpuBufferKind): boolean => k === 'uniform' || k === 'push-constant';
    const groupCount = job.buffers.reduce((n, b) => Math.max(n, b.group + 1), 0);
    let layout: GpuObject | 'auto' = 'auto';
    if (job.layout === 'explicit') {
      const bindGroupLayouts: GpuObject[] = [];
      for (let group = 0; group < groupCount; group++) {
        const entries = job.buffers
          .filter((b) => b.group === group)
          .map((b) => ({
            binding: b.binding,
            visibility: STAGE_COMPUTE,
            buffer: { type: isUniform(b.kind) ? 'uniform' : b.kind === 'read-only-storage' ? 'read-only-storage' : 'storage' },
          }));
        bindGroupLayouts.push(device.createBindGroupLayout({ entries }));
      }
      layout = device.createPipelineLayout({ bindGroupLayouts });
    }
    let pipeline: GpuComputePipeline;
    try {
      pipeline = await device.createComputePipelineAsync({
        layout,
        compute: { module, ...(job.entryPoint !== undefined ? { entryPoint: job.entryPoint } : {}), ...(job.constants ? { constants: job.constants } : {}) },
      });
    } catch (e) {
      await popAll();
      return { ok: false, error: `createComputePipelineAsync: ${(e as Error).message}`, messages };
    }
    const gpuBuffers = job.buffers.map((b) => {
      const size = Math.ceil(b.size / (isUniform(b.kind) ? 16 : 4)) * (isUniform(b.kind) ? 16 : 4);
      const usage = (isUniform(b.kind) ? USAGE_UNIFORM : USAGE_STORAGE) | USAGE_COPY_SRC | USAGE_COPY_DST;
      const buffer = device.createBuffer({ size, usage });
      created.push(buffer);
      const init = fromBase64(b.init);
      if (init.length > 0) {
        const padded = new Uint8Array(Math.ceil(init.length / 4) * 4);
        padded.set(init);
        device.queue.writeBuffer(buffer, 0, padded);
      }
      return { buffer, size };
    });
    const encoder = device.createCommandEncoder();
    const pass = encoder.beginComputePass();
    pass.setPipeline(pipeline);
    for (let group = 0; group < groupCount; group++) {
      const entries = job.buffers.flatMap((b, i) => (b.group === group ? [{ binding: b.binding, resource: { buffer: gpuBuffers[i].buffer } }] : []));
      if (job.layout === 'auto' && entries.length === 0) continue;
      pass.setBindGroup(group, device.createBindGroup({ layout: pipeline.getBindGroupLayout(group), entries }));
    }
    pass.dispatchWorkgroups(job.groups[0], job.groups[1], job.groups[2]);
    pass.end();
    const readbacks = gpuBuffers.map(({ buffer, size }) => {
      const r = device.createBuffer({ size, usage: USAGE_MAP_READ | USAGE_COPY_DST });
      created.push(r);
      encoder.copyBufferToBuffer(buffer, 0, r, 0, size);
      return r;
    });
    device.queue.submit([encoder.finish()]);
    const errors = await popAll();
    if (errors.length > 0) return { ok: false, error: errors.join('\n'), messages };
    const out: string[] = [];
    for (let i = 0; i < readbacks.length; i++) {
      await readbacks[i].mapAsync(MAP_READ);
      out.push(toBase64(new Uint8Array(readbacks[i].getMappedRange()).slice(0, job.buffers[i].size)));
      readbacks[i].unmap();
    }
    if (g.__spvkitLost) return { ok: false, error: g.__spvkitLost, messages };
    return { ok: true, buffers: out };
  } catch (e) {
    return { ok: false, error: `${(e as Error).name}: ${(e as Error).message}${g.__spvkitLost ? ` (${g.__spvkitLost})` : ''}`, messages: [] };
  } finally {
    for (const b of created) b.destroy();
  }
}

// ---------------------------------------------------------------------------------------------
// In Node.

async function serveEmptyPage(): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '/') !== '/') {
      res.writeHead(404).end();
      return;
    }
    res
      .writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
      .end('<!doctype html><html><head><title>spvkit webgpu</title></head><body></body></html>\n');
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` };
}

const toBase64 = (bytes: Uint8Array | undefined): string => (bytes ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64') : '');

function checkUint(name: string, v: number, max = 0xffffffff): void {
  if (!Number.isInteger(v) || v < 0 || v > max) throw new RangeError(`${name} must be an integer in [0, ${max}], got ${v}`);
}

/** Launches Chromium, opens a page on 127.0.0.1 and creates a GPUDevice there. */
export async function openWebGpu(): Promise<WebGpuBrowser> {
  const reserved = reservedBrowser;
  reservedBrowser = undefined;
  if (reserved) {
    const r = await reserved.catch(() => undefined);
    if (r) return r;
  }
  return launch();
}

async function launch(): Promise<WebGpuBrowser> {
  const { server, url } = await serveEmptyPage();
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_WEBGPU_ARGS });
    const b = browser;
    const newPage = async (): Promise<{ page: Page; info: DeviceInfo }> => {
      const page = await b.newPage();
      await page.goto(url);
      const info = await page.evaluate(pageInit);
      if (typeof info === 'string') throw new WebGpuError(`WebGPU in ${CHROMIUM}: ${info}`);
      return { page, info };
    };
    let { page, info } = await newPage();
    let closed = false;
    // One evaluation at a time: calls queue behind each other.
    let queue: Promise<unknown> = Promise.resolve();
    const serial = <T>(f: () => Promise<T>): Promise<T> => {
      const r = queue.then(f, f);
      queue = r.catch(() => undefined);
      return r;
    };
    const withTimeout = async <T>(what: string, ms: number, p: Promise<T>): Promise<T> => {
      let timer: NodeJS.Timeout | undefined;
      try {
        return await Promise.race([
          p,
          new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(new WebGpuError(`${what} took longer than ${ms} ms`)), ms);
          }),
        ]);
      } catch (e) {
        if (e instanceof WebGpuError && /took longer/.test(e.message) && !closed) {
          // The page may hang on a runaway shader: start over with a fresh page and device.
          await page.close().catch(() => undefined);
          ({ page, info } = await newPage());
        }
        throw e;
      } finally {
        clearTimeout(timer);
      }
    };
    const self: WebGpuBrowser = {
      get adapter() {
        return info.adapter;
      },
      get limits() {
        return info.limits;
      },
      get features() {
        return info.features;
      },
      compile: (code) =>
        serial(() => {
          if (closed) throw new Error('WebGpuBrowser is closed');
          return withTimeout('compile', 60_000, page.evaluate(pageCompile, code));
        }),
      pipelineErrors: (job) =>
        serial(() => {
          if (closed) throw new Error('WebGpuBrowser is closed');
          return withTimeout('pipelineErrors', 60_000, page.evaluate(pagePipelineErrors, job));
        }),
      runCompute: (job) =>
        serial(async () => {
          if (closed) throw new Error('WebGpuBrowser is closed');
          job.groups.forEach((n, i) => checkUint(`groups[${i}]`, n));
          const buffers = job.buffers.map((b, i) => {
            checkUint(`buffers[${i}].group`, b.group ?? 0);
            checkUint(`buffers[${i}].binding`, b.binding);
            checkUint(`buffers[${i}].size`, b.size, Number.MAX_SAFE_INTEGER);
            if (b.size === 0) throw new RangeError(`buffers[${i}].size must be > 0`);
            if (b.init && b.init.length > b.size) throw new RangeError(`buffers[${i}].init is longer than its size`);
            return { group: b.group ?? 0, binding: b.binding, kind: b.kind ?? 'storage', size: b.size, init: toBase64(b.init) };
          });
          const constants = job.constants
            ? Object.fromEntries(Object.entries(job.constants).map(([k, v]) => [k, typeof v === 'boolean' ? Number(v) : v]))
            : undefined;
          const pageJob: PageJob = { code: job.code, entryPoint: job.entryPoint, groups: job.groups, buffers, constants, layout: job.layout ?? 'explicit' };
          const r = await withTimeout('runCompute', job.timeoutMs ?? 60_000, page.evaluate(pageRunCompute, pageJob));
          if (!r.ok) {
            const detail = r.messages.map((m) => `  ${m.lineNum}:${m.linePos} ${m.type}: ${m.message}`).join('\n');
            if (/device lost/.test(r.error)) {
              await page.close().catch(() => undefined);
              ({ page, info } = await newPage());
            }
            throw new WebGpuError(`WebGPU runCompute failed: ${r.error}${detail ? `\n${detail}` : ''}`, r.messages);
          }
          return r.buffers.map((s) => new Uint8Array(Buffer.from(s, 'base64')));
        }),
      evaluate: <A, R>(fn: (arg: A) => Promise<R>, arg: A, timeoutMs = 120_000) =>
        serial(() => {
          if (closed) throw new Error('WebGpuBrowser is closed');
          return withTimeout('evaluate', timeoutMs, page.evaluate<R>(fn as never, arg));
        }),
      close: async () => {
        if (closed) return;
        closed = true;
        await queue;
        await b.close();
        await new Promise((done) => server.close(done));
      },
    };
    return self;
  } catch (e) {
    await browser?.close().catch(() => undefined);
    await new Promise((done) => server.close(done));
    throw e;
  }
}

let reservedBrowser: Promise<WebGpuBrowser> | undefined;
let availabilityPromise: Promise<Availability> | undefined;

/**
 * Whether WebGPU runs here: Chromium is there, starts, and gives a device. Cached; the browser it
 * opened to find out is handed to the next openWebGpu() rather than started again.
 */
export function webGpuAvailable(): Promise<Availability> {
  availabilityPromise ??= (async (): Promise<Availability> => {
    if (!existsSync(CHROMIUM)) return { ok: false, reason: `${CHROMIUM} not found (install Debian's chromium, or set SPVKIT_CHROMIUM)` };
    try {
      execFileSync(CHROMIUM, ['--version'], { stdio: 'pipe', timeout: 30_000 });
    } catch (e) {
      return { ok: false, reason: `${CHROMIUM} --version failed: ${(e as Error).message.split('\n')[0]}` };
    }
    const opened = launch();
    try {
      await opened;
    } catch (e) {
      return { ok: false, reason: `WebGPU in Chromium is not available: ${(e as Error).message.split('\n')[0]}` };
    }
    reservedBrowser = opened;
    return { ok: true };
  })();
  return availabilityPromise;
}
