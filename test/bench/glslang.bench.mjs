// @spvkit/glslang: the wasm's size (raw and gzip), the time to the first compile (load,
// instantiate, glslang's built-in tables), and the compile time per shader in process against a
// glslangValidator process per shader, over the same folder (test/corpus/glsl, every stage).
//
// Run: pnpm bench glslang (or: pnpm build && node test/bench/glslang.bench.mjs)
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { hasTool } from './measure.mjs';

const ROUNDS = Number(process.env.SPVKIT_BENCH_ROUNDS ?? 5);
const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const glslDir = join(repoRoot, 'test', 'corpus', 'glsl');
const packageDist = join(repoRoot, 'packages', 'glslang', 'dist', 'index.js');
const wasmPath = join(repoRoot, 'packages', 'glslang', 'wasm', 'glslang.wasm');

const { createGlslang, stageFromFileName } = await import(packageDist);

function corpusEnv(file, text) {
  const header = /^\/\/ target-env:\s*(\S+)/m.exec(text)?.[1];
  if (header) return header.split(',')[0];
  if (/\.(rgen|rint|rahit|rchit|rmiss|rcall)$/.test(file)) return 'vulkan1.2';
  if (/\.(mesh|task)$/.test(file) && /GL_EXT_mesh_shader/.test(text)) return 'vulkan1.2';
  return 'vulkan1.1';
}
const shaders = readdirSync(glslDir)
  .filter((f) => stageFromFileName(f))
  .sort()
  .map((file) => {
    const text = readFileSync(join(glslDir, file), 'utf8');
    return { file, text, stage: stageFromFileName(file), targetEnv: corpusEnv(file, text) };
  });
const include = ({ name, includer }) => {
  const file = posix.normalize(posix.join(posix.dirname(includer), name));
  return { file, source: readFileSync(join(glslDir, file), 'utf8') };
};

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

// 1. Size
const wasm = readFileSync(wasmPath);
const glue = readFileSync(join(repoRoot, 'packages', 'glslang', 'wasm', 'glslang.js'));
console.log(`wasm: ${wasm.length} bytes raw, ${gzipSync(wasm, { level: 9 }).length} bytes gzip -9; glue ${glue.length} bytes raw, ${gzipSync(glue, { level: 9 }).length} gzip`);

// 2. Time to first compile, each in a fresh Node process (nothing cached, as a first import is).
const firstScript = `
const t0 = performance.now();
const { createGlslang } = await import(${JSON.stringify(packageDist)});
const g = await createGlslang();
const t1 = performance.now();
const src = '#version 450\\nlayout(local_size_x = 64) in;\\nlayout(binding = 0) buffer B { float v[]; };\\nvoid main() { v[gl_GlobalInvocationID.x] *= 2.0; }\\n';
const r1 = g.compile(src, { stage: 'comp' });
const t2 = performance.now();
g.compile(src, { stage: 'comp' });
const t3 = performance.now();
if (!r1.ok) process.exit(1);
console.log(JSON.stringify({ load: t1 - t0, first: t2 - t1, second: t3 - t2 }));
`;
const firsts = [];
for (let i = 0; i < ROUNDS; i++) {
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', firstScript], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`first-compile probe failed: ${r.stderr}`);
  firsts.push(JSON.parse(r.stdout));
}
const load = median(firsts.map((f) => f.load));
const first = median(firsts.map((f) => f.first));
const second = median(firsts.map((f) => f.second));
console.log(`time to first compile (fresh process, median of ${ROUNDS}): ${(load + first).toFixed(1)} ms = import+createGlslang ${load.toFixed(1)} ms + first compile ${first.toFixed(1)} ms (a second compile of it: ${second.toFixed(2)} ms)`);

// 3. Per shader, in process (warm: every stage's built-ins already set up) vs a process per shader.
const glslang = await createGlslang();
const compileAll = () => {
  for (const s of shaders) {
    const r = glslang.compile(s.text, { stage: s.stage, file: s.file, targetEnv: s.targetEnv, include });
    if (!r.ok) throw new Error(`${s.file}: ${r.diagnostics.map((d) => d.text).join('\n')}`);
  }
};
// The first pass sets up glslang's built-in tables for each stage and version it meets.
const coldStart = performance.now();
compileAll();
const coldMs = (performance.now() - coldStart) / shaders.length;
const perShaderWasm = [];
for (let i = 0; i < ROUNDS; i++) {
  const t = performance.now();
  compileAll();
  perShaderWasm.push((performance.now() - t) / shaders.length);
}
const wasmMs = median(perShaderWasm);
console.log(`@spvkit/glslang in process: ${wasmMs.toFixed(2)} ms per shader (median of ${ROUNDS} rounds over ${shaders.length} shaders of test/corpus/glsl); the first pass, built-in tables included: ${coldMs.toFixed(1)} ms per shader`);

if (!hasTool('glslangValidator')) {
  console.log('glslangValidator: not installed (Debian glslang-tools); no comparison');
} else {
  const perShaderNative = [];
  for (let i = 0; i < ROUNDS; i++) {
    const t = performance.now();
    for (const s of shaders) {
      const r = spawnSync('glslangValidator', ['-V', '--target-env', s.targetEnv, '-o', '/dev/null', s.file], { cwd: glslDir, stdio: ['ignore', 'ignore', 'pipe'] });
      if (r.status !== 0) throw new Error(`glslangValidator ${s.file} failed: ${r.stderr}`);
    }
    perShaderNative.push((performance.now() - t) / shaders.length);
  }
  const nativeMs = median(perShaderNative);
  console.log(`glslangValidator, a process per shader: ${nativeMs.toFixed(2)} ms per shader; ratio wasm/process ${(wasmMs / nativeMs).toFixed(2)}`);
}
