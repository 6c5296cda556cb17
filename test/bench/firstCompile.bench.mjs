// Where the first GLSL compile of a fresh Node process goes, step by step: reading the wasm,
// WebAssembly.compile, instantiating the glue (createGlslang over the compiled module, glslang's
// static constructors and version call), the first compile of a small compute shader (glslang's
// built-in symbol tables for its #version, every stage's), and a second compile of the same
// shader. Each step is given as wall time, the process's CPU time (process.cpuUsage: every thread,
// V8's background TurboFan tier-up included) and the main thread's CPU time (/proc, Linux only):
// CPU beyond the main thread's is V8 compiling wasm functions on its worker threads, which on a
// machine of few busy cores takes time from the main thread.
//
// Run: node test/bench/firstCompile.bench.mjs (or: pnpm bench firstCompile). SPVKIT_BENCH_ROUNDS
// sets the fresh processes (default 7); the figures are their medians.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROUNDS = Number(process.env.SPVKIT_BENCH_ROUNDS ?? 7);
const glslangRoot = fileURLToPath(new URL('../../packages/glslang/', import.meta.url));

// One fresh process: the steps in order, each as [wall, cpu, main-thread cpu] in milliseconds.
const probe = `
import { readFileSync } from 'node:fs';
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const mainCpu = () => {
  try {
    const f = readFileSync('/proc/self/task/' + process.pid + '/stat', 'utf8').split(') ')[1].split(' ');
    return (Number(f[11]) + Number(f[12])) * 10; // clock ticks of 10 ms (USER_HZ 100)
  } catch { return NaN; }
};
const marks = [[performance.now(), cpu(), mainCpu()]];
const mark = () => marks.push([performance.now(), cpu(), mainCpu()]);
const bytes = readFileSync(${JSON.stringify(join(glslangRoot, 'wasm', 'glslang.wasm'))});
mark();
const wasm = await WebAssembly.compile(bytes);
mark();
const { createGlslang } = await import(${JSON.stringify(join(glslangRoot, 'dist', 'index.js'))});
const glslang = await createGlslang({ wasm });
mark();
const src = '#version 450\\nlayout(local_size_x = 64) in;\\nlayout(binding = 0) buffer B { float v[]; };\\nvoid main() { v[gl_GlobalInvocationID.x] *= 2.0; }\\n';
if (!glslang.compile(src, { stage: 'comp' }).ok) process.exit(1);
mark();
glslang.compile(src, { stage: 'comp' });
mark();
console.log(JSON.stringify(marks.slice(1).map((m, i) => m.map((x, j) => x - marks[i][j]))));
`;

const STEPS = ['read the wasm', 'WebAssembly.compile', 'import + instantiate', 'first compile', 'second compile'];
const runs = [];
for (let i = 0; i < ROUNDS; i++) {
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', probe], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`first-compile probe failed: ${r.stderr}`);
  runs.push(JSON.parse(r.stdout));
}
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const cell = (x) => (Number.isNaN(x) ? '-' : x.toFixed(0)).padStart(6);
console.log(`first GLSL compile in a fresh Node ${process.version} process, median of ${ROUNDS} (ms: wall, process CPU, main-thread CPU)`);
let total = [0, 0, 0];
STEPS.forEach((step, s) => {
  const m = [0, 1, 2].map((k) => median(runs.map((r) => r[s][k])));
  if (s < 4) total = total.map((t, k) => t + m[k]);
  console.log(`  ${step.padEnd(22)}${m.map(cell).join('')}`);
});
console.log(`  ${'to the first words'.padEnd(22)}${total.map(cell).join('')}`);
