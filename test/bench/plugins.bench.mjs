// The plugins' cost per shader: a generated project of 200 compute shaders, precompiled to .spv
// (so GLSL compilation is not counted), built with Vite and @spvkit/vite-plugin, without and with
// passes + validation. Reports the median of the plugin's own work per shader (decode, passes,
// validation, encode, reflection, as the plugin times it) and the whole-build time per shader.
//
// Run: pnpm bench plugins (or: pnpm build && node test/bench/plugins.bench.mjs)
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import spvkit from '@spvkit/vite-plugin';
import { report } from './measure.mjs';

const SHADERS = Number(process.env.SPVKIT_BENCH_SHADERS ?? 200);
const ROUNDS = Number(process.env.SPVKIT_BENCH_ROUNDS ?? 5);
const TARGET_MS = 2;

// @spvkit/glslang's build (pnpm bench builds the packages first); not a dependency of the root.
const { createGlslang } = await import(new URL('../../packages/glslang/dist/index.js', import.meta.url).href);
const glslang = await createGlslang();

/** A compute shader of some substance: shared memory, a reduction loop, several buffers, push constants. */
function shaderSource(i) {
  const x = [64, 32, 16, 8][i % 4];
  const y = 256 / x / 4;
  return `#version 450
layout(local_size_x = ${x}, local_size_y = ${y}, local_size_z = 4) in;
layout(set = 0, binding = 0) readonly buffer In { float values[]; } src;
layout(set = 0, binding = 1) writeonly buffer Out { float sums[]; } dst;
layout(set = 0, binding = 2) uniform Params { float scale; uint count; } params;
layout(push_constant) uniform Push { uint offset; float bias; } pc;
layout(constant_id = 0) const uint VARIANT = ${i}u;
shared float partial[256];
float shade${i}(float v, uint k) {
  float acc = v;
  for (uint j = 0u; j < ${2 + (i % 5)}u; j++) acc = acc * ${(1 + i / 1000).toFixed(3)} + float(k ^ j);
  return acc;
}
void main() {
  uint local = gl_LocalInvocationIndex;
  uint group = gl_WorkGroupID.x + gl_NumWorkGroups.x * gl_WorkGroupID.y;
  uint index = group * 256u + local + pc.offset;
  float v = index < params.count ? src.values[index] * params.scale : 0.0;
  partial[local] = shade${i}(v, VARIANT) + pc.bias;
  barrier();
  for (uint stride = 128u; stride > 0u; stride >>= 1u) {
    if (local < stride) partial[local] += partial[local + stride];
    barrier();
  }
  if (local == 0u) dst.sums[group] = partial[0] + float(gl_LocalInvocationID.z);
}
`;
}

const root = join(tmpdir(), `spvkit-bench-plugins-${process.pid}`);
await rm(root, { recursive: true, force: true });
await mkdir(join(root, 'src', 'shaders'), { recursive: true });
let main = '';
let totalBytes = 0;
for (let i = 0; i < SHADERS; i++) {
  const result = glslang.compile(shaderSource(i), { stage: 'comp', file: `s${i}.comp`, targetEnv: 'vulkan1.1' });
  if (!result.ok) throw new Error(result.diagnostics.map((d) => d.text).join('\n'));
  const words = result.words;
  totalBytes += words.byteLength;
  await writeFile(join(root, 'src', 'shaders', `s${i}.spv`), new Uint8Array(words.buffer, words.byteOffset, words.byteLength));
  main += `export { default as s${i}, bindings as b${i} } from './shaders/s${i}.spv';\n`;
}
await writeFile(join(root, 'src', 'main.js'), main);

async function buildOnce(options) {
  const plugin = spvkit({ ...options, root });
  const started = performance.now();
  await build({
    root,
    logLevel: 'silent',
    configFile: false,
    plugins: [plugin],
    build: { write: false, minify: false, rolldownOptions: { input: join(root, 'src', 'main.js'), preserveEntrySignatures: 'strict' } },
  });
  const wall = performance.now() - started;
  const timings = plugin.api.timings.map((t) => t.ms);
  if (timings.length !== SHADERS) throw new Error(`expected ${SHADERS} transforms, got ${timings.length}`);
  return { wall, timings };
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1];
}

async function measure(options) {
  await buildOnce(options); // warm-up: JIT, Vite's own start-up
  const walls = [];
  const perShader = [];
  for (let r = 0; r < ROUNDS; r++) {
    const { wall, timings } = await buildOnce(options);
    walls.push(wall);
    perShader.push(...timings);
  }
  return { wall: median(walls), perShader: median(perShader), p90: [...perShader].sort((a, b) => a - b)[Math.floor(perShader.length * 0.9)] };
}

try {
  const plain = await measure({ validate: false });
  const full = await measure({ passes: ['lower-local-invocation-index'], validate: 'error' });
  const fmt = (ms) => `${ms.toFixed(3)} ms`;
  report(`Vite build of ${SHADERS} precompiled compute shaders (${(totalBytes / 1024).toFixed(0)} KiB of SPIR-V), median of ${ROUNDS} builds`, [
    ['plugin/shader, no passes', fmt(plain.perShader)],
    ['plugin/shader, passes+validation', fmt(full.perShader), `<= ${TARGET_MS} ms`],
    ['  p90, passes+validation', fmt(full.p90)],
    ['build, no passes', fmt(plain.wall)],
    ['build, passes+validation', fmt(full.wall)],
    ['build/shader, passes+validation', fmt(full.wall / SHADERS)],
    ['added/shader by passes+validation', fmt((full.wall - plain.wall) / SHADERS)],
  ]);
  if (full.perShader > TARGET_MS) {
    console.error(`\nover target: ${full.perShader.toFixed(3)} ms per shader > ${TARGET_MS} ms`);
    process.exitCode = 1;
  }
} finally {
  await rm(root, { recursive: true, force: true });
}
