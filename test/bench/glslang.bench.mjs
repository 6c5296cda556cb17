// @spvkit/glslang over the shader folder (test/shaders/glsl: 361 shaders of every stage, with
// shared headers): the compile time per shader in process against a glslangValidator process per
// shader over the same shaders; the wasm's size (raw and gzip); the time to the first compile
// (import, load and instantiate, glslang's built-in tables) in a fresh Node process.
//
// Run: pnpm bench glslang (or: pnpm --filter @spvkit/glslang build && node test/bench/glslang.bench.mjs)
// SPVKIT_BENCH_ROUNDS sets the rounds of the in-process and first-compile figures (default 5);
// SPVKIT_BENCH_NATIVE_ROUNDS those of glslangValidator (default 2: one round of 361 processes takes
// about half a minute).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { hasTool } from './measure.mjs';
import { glslRoot, listShaderFolder } from '../shaders/folder.mjs';

const ROUNDS = Number(process.env.SPVKIT_BENCH_ROUNDS ?? 5);
const NATIVE_ROUNDS = Number(process.env.SPVKIT_BENCH_NATIVE_ROUNDS ?? 2);
const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const packageDist = join(repoRoot, 'packages', 'glslang', 'dist', 'index.js');
const wasmDir = join(repoRoot, 'packages', 'glslang', 'wasm');

const { createGlslang } = await import(packageDist);

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const ms = (x, digits = 2) => `${x.toFixed(digits)} ms`;
const kb = (n) => `${(n / 1024).toFixed(0)} KiB`;

// Includes are relative to the including file, as glslangValidator resolves them from glsl/.
const include = ({ name, includer }) => {
  const file = posix.normalize(posix.join(posix.dirname(includer), name));
  return { file, source: readFileSync(join(glslRoot, ...file.split('/')), 'utf8') };
};

// 1. Size
const wasm = readFileSync(join(wasmDir, 'glslang.wasm'));
const glue = readFileSync(join(wasmDir, 'glslang.js'));
const wasmGz = gzipSync(wasm, { level: 9 }).length;
console.log(
  `wasm: ${wasm.length} bytes raw (${kb(wasm.length)}), ${wasmGz} bytes gzip -9 (${kb(wasmGz)}, ${(wasm.length / wasmGz).toFixed(2)}x smaller); glue ${glue.length} bytes raw, ${gzipSync(glue, { level: 9 }).length} gzip`,
);

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
console.log(
  `time to first compile (fresh process, median of ${ROUNDS}): ${ms(load + first, 1)} = import+createGlslang ${ms(load, 1)} + first compile ${ms(first, 1)}; ` +
    `a second compile of the same shader: ${ms(second)} (first/second ${(first / second).toFixed(0)}x: glslang's built-in tables)`,
);

// 3. The folder. With glslangValidator here, the shaders it compiles (the `requires: glslang-new`
//    ones it cannot are left out of both sides, so both compile the same set).
const listed = listShaderFolder();
const native = hasTool('glslangValidator');
const nativeArgs = (s) => ['-V', '--target-env', s.targetEnv, '-o', '/dev/null', s.path];
const runNative = (s) => spawnSync('glslangValidator', nativeArgs(s), { cwd: glslRoot, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
let shaders = listed;
const perShaderNative = [];
if (native) {
  const left = [];
  const t = performance.now();
  shaders = listed.filter((s) => {
    const r = runNative(s);
    if (r.status === 0) return true;
    if (s.requires.length === 0) throw new Error(`glslangValidator ${nativeArgs(s).join(' ')} failed: ${r.stderr}`);
    left.push(s.path);
    return false;
  });
  // The round that picked the set counts only when it compiled everything (same work as the others).
  if (left.length === 0) perShaderNative.push((performance.now() - t) / shaders.length);
  else console.log(`left out of both sides (this glslangValidator cannot compile them; @spvkit/glslang can): ${left.join(', ')}`);
}

const compileAll = (glslang) => {
  for (const s of shaders) {
    const r = glslang.compile(s.text, { stage: s.stage, file: s.path, targetEnv: s.targetEnv, include });
    if (!r.ok) throw new Error(`${s.path}: ${r.diagnostics.map((d) => d.text).join('\n')}`);
  }
};
// A fresh instance's first pass sets up glslang's built-in tables for each stage and env it meets.
const instanceStart = performance.now();
const glslang = await createGlslang();
const coldStart = performance.now();
compileAll(glslang);
const coldEnd = performance.now();
const coldMs = (coldEnd - coldStart) / shaders.length;
const perShaderWasm = [];
for (let i = 0; i < ROUNDS; i++) {
  const t = performance.now();
  compileAll(glslang);
  perShaderWasm.push((performance.now() - t) / shaders.length);
}
const wasmMs = median(perShaderWasm);
console.log(
  `@spvkit/glslang in process, ${shaders.length} shaders of test/shaders/glsl (${new Set(shaders.map((s) => s.stage)).size} stages): ` +
    `${ms(wasmMs)} per shader warm (median of ${ROUNDS} rounds); the first pass of a new instance, built-in tables included: ${ms(coldMs)} per shader, ` +
    `${ms(coldEnd - instanceStart, 0)} for the folder with createGlslang()`,
);

if (!native) {
  console.log('glslangValidator: not installed (Debian glslang-tools); no comparison');
} else {
  for (let i = perShaderNative.length; i < NATIVE_ROUNDS; i++) {
    const t = performance.now();
    for (const s of shaders) {
      const r = runNative(s);
      if (r.status !== 0) throw new Error(`glslangValidator ${nativeArgs(s).join(' ')} failed: ${r.stderr}`);
    }
    perShaderNative.push((performance.now() - t) / shaders.length);
  }
  const nativeMs = median(perShaderNative);
  console.log(
    `glslangValidator -V, a process per shader, same shaders: ${ms(nativeMs)} per shader (median of ${perShaderNative.length} rounds), ${ms(nativeMs * shaders.length, 0)} for the folder`,
  );
  console.log(
    `ratios: a process per shader / in process warm = ${(nativeMs / wasmMs).toFixed(1)}x; / in process first pass = ${(nativeMs / coldMs).toFixed(1)}x; ` +
      `whole folder, processes / (createGlslang + first pass) = ${((nativeMs * shaders.length) / (coldEnd - instanceStart)).toFixed(1)}x; ` +
      `time to first compile / one glslangValidator process = ${((load + first) / nativeMs).toFixed(1)}x`,
  );
}
