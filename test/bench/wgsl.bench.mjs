// SPIR-V -> WGSL speed (issue 20): @spvkit/wgsl's toWgsl in process, per shader, over a folder of
// real shaders (test/shaders compiled by its buildFolder.mjs: every stage; the translator takes
// compute, vertex and fragment and refuses the rest of what WGSL has no form for), and the whole
// `spvkit wgsl` process on the 4 MB module (largeModule.mjs).
// SPIRV-Tools has no WGSL writer, so there is no native tool doing the same work; the nearest is
// spirv-dis, which also reads the binary and writes one line of text per instruction. Its time on
// the same file in the same run (current SPIRV-Tools from ../shared/spirv-tools-head where it
// exists, or SPVKIT_SPIRV_TOOLS_HEAD; Debian's from PATH) is printed beside ours as a scale.
// Usage: pnpm bench wgsl  (or: pnpm build && node --expose-gc test/bench/wgsl.bench.mjs [ROUNDS])
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { largeModule } from './largeModule.mjs';
import { hasTool, median, processMedian, report } from './measure.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const cli = join(root, 'packages', 'cli', 'bin', 'spvkit.js');
const rounds = Number(process.argv[2] ?? 5);
const work = join(root, 'test', '.cache', 'bench', 'wgsl');
const wgslDist = join(root, 'packages', 'wgsl', 'dist', 'index.js');
const coreDist = join(root, 'packages', 'core', 'dist', 'index.js');
if (![wgslDist, coreDist, join(root, 'packages', 'cli', 'dist', 'bin.js')].every(existsSync)) {
  console.error('build first: pnpm build');
  process.exit(2);
}
const { toWgsl } = await import(wgslDist);
const { decodeModule } = await import(coreDist);
mkdirSync(work, { recursive: true });

const headDir = process.env.SPVKIT_SPIRV_TOOLS_HEAD ?? join(root, '..', 'shared', 'spirv-tools-head');
const scales = [
  ...(existsSync(join(headDir, 'spirv-dis')) ? [{ name: 'spirv-dis (current)', cmd: join(headDir, 'spirv-dis') }] : []),
  ...(hasTool('spirv-dis') ? [{ name: 'spirv-dis (Debian)', cmd: 'spirv-dis' }] : []),
];

const wordsOf = (file) => {
  const b = readFileSync(file);
  return new Uint32Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength));
};

// --- 1. Per shader, in process ------------------------------------------------------------------
const folder = join(work, 'folder');
const builder = join(root, 'test', 'shaders', 'buildFolder.mjs');
if (!existsSync(join(folder, 'manifest.json'))) {
  const out = execFileSync(process.execPath, [builder, folder], { encoding: 'utf8' });
  console.log(`test/shaders: ${out.trim()}`);
}
const shaders = JSON.parse(readFileSync(join(folder, 'manifest.json'), 'utf8')).map((m) => join(folder, m.path));
const times = [];
const refusals = new Map();
let translatedBytes = 0;
for (const file of shaders) {
  const words = wordsOf(file);
  const translate = () => toWgsl(decodeModule(words));
  try {
    translate();
  } catch (e) {
    if (e?.code !== 'UNSUPPORTED_CONSTRUCT') throw new Error(`${file}: ${e}`, { cause: e });
    const construct = String(e.message).split(' cannot be expressed')[0];
    refusals.set(construct, (refusals.get(construct) ?? 0) + 1);
    continue;
  }
  translatedBytes += words.byteLength;
  // Each shader's own median over rounds, warm (a bundler translates many shaders in one process).
  times.push(median(rounds, translate));
}
times.sort((a, b) => a - b);
const pct = (p) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))];
const total = times.reduce((a, b) => a + b, 0);
report(`toWgsl in process, decode included: ${times.length} of ${shaders.length} shaders translated (${(translatedBytes / 1024).toFixed(0)} KB)`, [
  ['median per shader', `${pct(50).toFixed(3)} ms`],
  ['p95 per shader', `${pct(95).toFixed(3)} ms`],
  ['slowest', `${times[times.length - 1].toFixed(3)} ms`],
  ['all translated shaders', `${total.toFixed(1)} ms`],
]);
console.log(`  refused (${shaders.length - times.length}): ${[...refusals].map(([c, n]) => `${c} x${n}`).join('; ')}`);

// --- 2. The 4 MB module ---------------------------------------------------------------------------
const large = await largeModule();
const words = wordsOf(large);
const t0 = performance.now();
const first = toWgsl(decodeModule(words));
const cold = performance.now() - t0;
const warm = median(rounds, () => toWgsl(decodeModule(words)));
const out = join(work, 'large.wgsl');
const ours = processMedian(rounds, process.execPath, [cli, 'wgsl', large, '-o', out]);
const rows = [
  ['input', `${(statSync(large).size / 1048576).toFixed(2)} MB`],
  ['WGSL output', `${(Buffer.byteLength(first.code) / 1048576).toFixed(2)} MB, ${first.code.split('\n').length} lines`],
  ['toWgsl in process, first call', `${cold.toFixed(0)} ms`],
  ['toWgsl in process, warm', `${warm.toFixed(0)} ms`],
  ['spvkit wgsl, whole process', `${ours.toFixed(0)} ms`],
];
for (const s of scales) {
  const t = processMedian(rounds, s.cmd, [large, '-o', join(work, 'large.native.spvasm')]);
  rows.push([`${s.name}, whole process`, `${t.toFixed(0)} ms`], [`  spvkit wgsl / ${s.name}`, `${(t / ours).toFixed(2)}x faster`]);
}
report(`the 4 MB module (${readdirSync(dirname(large)).includes('large.comp') ? 'glslang -g output' : large}), median of ${rounds}`, rows);
