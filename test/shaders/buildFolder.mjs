#!/usr/bin/env node
// Writes the shader folder, compiled, to OUTDIR for benchmarks over a folder of .spv files:
// test/shaders/glsl/post/bloom.frag becomes OUTDIR/post/bloom.frag.spv. Also writes
// OUTDIR/manifest.json: [{ path, stage, targetEnv }] so a benchmark can pass each file's env.
//
//   node test/shaders/buildFolder.mjs OUTDIR [--jobs N]
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_JOBS, loadShaderFolder } from './folder.mjs';

function usage(message) {
  console.error(`${message}\nusage: node test/shaders/buildFolder.mjs OUTDIR [--jobs N]`);
  process.exit(2);
}

const args = process.argv.slice(2);
let outDir;
let jobs = DEFAULT_JOBS;
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--jobs') {
    jobs = Number(args[++i]);
    if (!Number.isInteger(jobs) || jobs < 1) usage(`--jobs needs a positive integer, got "${args[i]}"`);
  } else if (outDir === undefined && !args[i].startsWith('-')) {
    outDir = path.resolve(args[i]);
  } else {
    usage(`unexpected argument "${args[i]}"`);
  }
}
if (outDir === undefined) usage('missing OUTDIR');

const t0 = performance.now();
let folder;
try {
  folder = await loadShaderFolder({ jobs });
} catch (e) {
  console.error(e instanceof Error ? e.message : String(e));
  process.exit(1);
}
let bytes = 0;
for (const s of folder.shaders) {
  const out = path.join(outDir, ...`${s.path}.spv`.split('/'));
  await mkdir(path.dirname(out), { recursive: true });
  await writeFile(out, new Uint8Array(s.words.buffer, s.words.byteOffset, s.words.byteLength));
  bytes += s.words.byteLength;
}
const manifest = folder.shaders.map(({ path: p, stage, targetEnv }) => ({ path: `${p}.spv`, stage, targetEnv }));
await writeFile(path.join(outDir, 'manifest.json'), `${JSON.stringify(manifest, null, 1)}\n`);
const skipped = folder.notCompiled.length ? `; ${folder.notCompiled.length} need a newer glslang and were left out` : '';
console.log(`${folder.shaders.length} modules, ${bytes} bytes, written to ${outDir} in ${((performance.now() - t0) / 1000).toFixed(1)} s${skipped}`);
