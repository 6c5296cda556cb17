// The benchmarks' folder of real shaders: test/shaders compiled by its buildFolder.mjs (or a
// folder it wrote before, SPVKIT_BENCH_FOLDER, with its manifest.json), plus the corpus's
// hand-written assembly assembled by spvkit. Shared by cli.bench.mjs and framework.bench.mjs.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * Writes the folder under `folder` (emptied first) with the CLI at `cli` (bin/spvkit.js); returns
 * every module with the target env it was built for, sorted by path, and their total size.
 */
export function buildBenchFolder(folder, cli) {
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  const manifest = [];
  const builder = join(root, 'test', 'shaders', 'buildFolder.mjs');
  const prebuilt = process.env.SPVKIT_BENCH_FOLDER;
  if (prebuilt !== undefined || existsSync(builder)) {
    if (prebuilt !== undefined) cpSync(prebuilt, join(folder, 'shaders'), { recursive: true });
    else {
      const out = execFileSync(process.execPath, [builder, join(folder, 'shaders')], { encoding: 'utf8' });
      console.log(`test/shaders: ${out.trim()}`);
    }
    for (const m of JSON.parse(readFileSync(join(folder, 'shaders', 'manifest.json'), 'utf8')))
      manifest.push({ path: join(folder, 'shaders', m.path), targetEnv: m.targetEnv });
    rmSync(join(folder, 'shaders', 'manifest.json'));
  }
  // The corpus's hand-written assembly, assembled (one command) for its own targets: vulkan1.1 suits all.
  const asmDir = join(root, 'test', 'corpus', 'asm');
  const r = spawnSync(process.execPath, [cli, 'as', asmDir, '--out-dir', join(folder, 'asm'), '--target-env', 'spv1.5'], { encoding: 'utf8' });
  if (r.status !== 0 && r.status !== 1) throw new Error(`spvkit as ${asmDir} failed (${r.status}): ${r.stderr.slice(-2000)}`);
  for (const f of readdirSync(join(folder, 'asm'))) manifest.push({ path: join(folder, 'asm', f), targetEnv: 'vulkan1.2' });
  manifest.sort((a, b) => (a.path < b.path ? -1 : 1));
  const bytes = manifest.reduce((n, m) => n + statSync(m.path).size, 0);
  return { manifest, bytes };
}
