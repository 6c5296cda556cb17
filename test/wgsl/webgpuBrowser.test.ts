/**
 * The WebGPU harness itself (WebGpuBrowser.ts): hand-written WGSL compiled and run in Chromium's
 * WebGPU, with the buffers' final bytes checked against what JS computes, so the WGSL suites can
 * trust what it returns.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithOracle } from '../support/oracles.js';
import { openWebGpu, webGpuAvailable, WebGpuError, type WebGpuBrowser } from './WebGpuBrowser.js';

const u32 = (b: Uint8Array): Uint32Array => new Uint32Array(b.buffer, b.byteOffset, b.byteLength >> 2);
const bytesOf = (a: Uint32Array | Float32Array): Uint8Array => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);

const KERNEL = `
struct Params { scale: u32, bias: u32, pad0: u32, pad1: u32 }
struct Words { v: array<u32> }
@group(0) @binding(0) var<storage, read> src: Words;
@group(0) @binding(1) var<storage, read_write> dst: Words;
@group(1) @binding(3) var<uniform> params: Params;
@group(1) @binding(0) var<storage, read_write> unused: Words;
@id(7) override shift: u32 = 1u;
@id(8) override negate: bool = false;

@compute @workgroup_size(8, 2, 1)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(num_workgroups) n: vec3<u32>) {
  let i = gid.x + gid.y * n.x * 8u;
  var r = (src.v[i] * params.scale + params.bias) << shift;
  if (negate) { r = ~r; }
  dst.v[i] = r;
}
`;

describeWithOracle('WebGPU in Chromium (the harness of the WGSL suites)', await webGpuAvailable(), () => {
  let gpu: WebGpuBrowser;
  beforeAll(async () => {
    gpu = await openWebGpu();
    console.info(`WebGPU adapter: ${gpu.adapter.vendor} ${gpu.adapter.architecture} ${gpu.adapter.description}`);
  }, 120_000);
  afterAll(async () => {
    await gpu?.close();
  });

  it('runs a compute shader on storage and uniform buffers in two groups, with overrides, and returns every buffer', async () => {
    const groups: [number, number, number] = [3, 2, 1];
    const count = 8 * 3 * 2 * 2;
    const src = Uint32Array.from({ length: count }, (_, i) => (i * 2654435761) >>> 0);
    const unused = Uint32Array.from({ length: 4 }, (_, i) => 0xdead0000 + i);
    const expected = (scale: number, bias: number, shift: number, negate: boolean): Uint32Array =>
      src.map((x) => {
        const r = ((Math.imul(x, scale) + bias) >>> 0) << shift;
        return (negate ? ~r : r) >>> 0;
      });
    const run = (constants: Record<string, number | boolean> | undefined, scale: number, bias: number) =>
      gpu.runCompute({
        code: KERNEL,
        groups,
        constants,
        buffers: [
          { group: 0, binding: 0, kind: 'read-only-storage', size: count * 4, init: bytesOf(src) },
          { group: 0, binding: 1, size: count * 4 + 8, init: bytesOf(new Uint32Array([1, 2, 3])) },
          { group: 1, binding: 3, kind: 'push-constant', size: 16, init: bytesOf(new Uint32Array([scale, bias, 0, 0])) },
          { group: 1, binding: 0, size: 16, init: bytesOf(unused) },
        ],
      });

    const out = await run(undefined, 3, 17);
    expect(out.map((b) => b.length)).toEqual([count * 4, count * 4 + 8, 16, 16]);
    expect(u32(out[0])).toEqual(src);
    expect(u32(out[1]).subarray(0, count)).toEqual(expected(3, 17, 1, false));
    expect([...u32(out[1]).subarray(count)]).toEqual([0, 0]); // past what the shader writes: untouched
    expect(u32(out[2])).toEqual(new Uint32Array([3, 17, 0, 0]));
    expect(u32(out[3])).toEqual(unused);

    const specialized = await run({ 7: 5, 8: true }, 0x10001, 0xfffffff0);
    expect(u32(specialized[1]).subarray(0, count)).toEqual(expected(0x10001, 0xfffffff0, 5, true));
  });

  it("runs a float shader with layout 'auto' and returns IEEE bits exactly", async () => {
    const code = `@group(0) @binding(0) var<storage, read_write> data: array<f32>;
@compute @workgroup_size(64) fn scale(@builtin(global_invocation_id) gid: vec3<u32>) { data[gid.x] = data[gid.x] * 0.5 + 1.0; }`;
    const data = Float32Array.from({ length: 128 }, (_, i) => i * 1.25 - 40);
    const [out] = await gpu.runCompute({
      code,
      entryPoint: 'scale',
      groups: [2, 1, 1],
      layout: 'auto',
      buffers: [{ binding: 0, size: 512, init: bytesOf(data) }],
    });
    expect(new Float32Array(out.buffer, out.byteOffset, 128)).toEqual(data.map((x) => Math.fround(x * 0.5 + 1)));
  });

  it('reports compilation errors at their line, and refuses to run such code', async () => {
    expect(await gpu.compile('@compute @workgroup_size(1) fn main() {}\n')).toEqual([]);
    const messages = await gpu.compile('@compute @workgroup_size(1)\nfn main() {\n  let x: u32 = 1.5;\n}\n');
    const error = messages.find((m) => m.type === 'error');
    expect(error, JSON.stringify(messages)).toBeDefined();
    expect(error!.lineNum).toBe(3);
    await expect(gpu.runCompute({ code: 'fn main( {', groups: [1, 1, 1], buffers: [] })).rejects.toBeInstanceOf(WebGpuError);
    // A layout that does not match the shader (a uniform where it declares storage) is an error, not a run.
    await expect(gpu.runCompute({ code: KERNEL, groups: [1, 1, 1], buffers: [{ binding: 0, kind: 'uniform', size: 16 }] })).rejects.toThrow(
      /WebGPU runCompute failed/,
    );
  });

  it('asked the adapter for its highest limits', () => {
    expect(gpu.limits.maxStorageBuffersPerShaderStage).toBeGreaterThanOrEqual(8);
    expect(gpu.limits.maxComputeInvocationsPerWorkgroup).toBeGreaterThanOrEqual(256);
  });
});
