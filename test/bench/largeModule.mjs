// The benchmarks' shared input: a generated compute shader of at least 4 MB of SPIR-V, compiled
// by glslang with debug info (-g), so it looks like real compiler output: many functions, loops,
// buffer traffic, OpLine everywhere, and gl_LocalInvocationIndex read at every depth.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const cacheDir = join(here, '..', '.cache', 'bench');
const FUNCTIONS = 5000;

function glsl(functions) {
  const out = [
    '#version 450',
    'layout(local_size_x = 7, local_size_y = 3, local_size_z = 2) in;',
    'layout(std430, set = 0, binding = 0) buffer Data { uint data[]; };',
    'layout(std430, set = 0, binding = 1) buffer Params { float weights[64]; uint seed; };',
    'shared uint scratch[64];',
  ];
  for (let i = 0; i < functions; i++) {
    const callee = i > 0 && i % 3 !== 0 ? `f${i - 1}(x ^ ${i}u, k + 1)` : `x * ${2 * i + 1}u`;
    out.push(`uint f${i}(uint x, int k) {
  uint acc = gl_LocalInvocationIndex + ${i}u;
  for (int j = 0; j < (k & 3) + 1; ++j) {
    float w = weights[(x + uint(j)) & 63u] * ${(i % 17) + 0.5};
    acc += uint(w) ^ (acc << ${(i % 5) + 1});
    if ((acc & ${1 << (i % 8)}u) != 0u) { acc = acc * 2654435761u + seed; }
    else { acc ^= gl_LocalInvocationIndex * ${i + 3}u; }
  }
  scratch[gl_LocalInvocationIndex & 63u] = acc;
  return acc + ${i % 2 === 0 ? callee : `uint(k) + ${callee}`};
}`);
  }
  out.push('void main() {', '  uint i = gl_LocalInvocationIndex;', '  uint acc = 0u;');
  for (let i = functions - 1; i >= 0; i -= 7) out.push(`  acc += f${i}(i + ${i}u, ${i % 4});`);
  out.push('  barrier();', '  data[gl_GlobalInvocationID.x] = acc + scratch[i];', '}');
  return out.join('\n') + '\n';
}

/** Path of the 4+ MB benchmark module, generated and compiled on first use. */
export async function largeModule() {
  const spv = join(cacheDir, 'large.spv');
  if (existsSync(spv) && statSync(spv).size >= 4 * 1024 * 1024) return spv;
  compile(FUNCTIONS, join(cacheDir, 'large.comp'), spv);
  const size = statSync(spv).size;
  if (size < 4 * 1024 * 1024) throw new Error(`generated module is only ${size} bytes; raise FUNCTIONS`);
  return spv;
}

/** Path of the same kind of module with `functions` functions (for how time grows with size). */
export function moduleOfFunctions(functions) {
  const spv = join(cacheDir, `large-${functions}.spv`);
  if (!existsSync(spv)) compile(functions, join(cacheDir, `large-${functions}.comp`), spv);
  return spv;
}

function compile(functions, src, spv) {
  mkdirSync(cacheDir, { recursive: true });
  writeFileSync(src, glsl(functions));
  execFileSync('glslangValidator', ['-V', '-g', '--target-env', 'vulkan1.1', src, '-o', spv], { stdio: 'pipe' });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const path = await largeModule();
  console.log(`${path} (${(statSync(path).size / 1048576).toFixed(2)} MB)`);
}
