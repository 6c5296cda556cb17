// lower-local-invocation-index on the 4 MB module (a benchmark, not a test).
//   (a) in process: decode + lower + encode, MB/s (target >= 100)
//   (b) whole processes on the same file in the same run, median of several:
//       `spvkit opt IN -o OUT --lower-local-invocation-index` vs `spirv-opt --strip-debug IN -o OUT`
//       (target: spvkit >= 10x faster)
// Run with `pnpm bench lower` after `pnpm build`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { largeModule } from './largeModule.mjs';
import { hasTool, median, processMedian, report } from './measure.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const coreDist = join(root, 'packages', 'core', 'dist', 'index.js');
const passesDist = join(root, 'packages', 'passes', 'dist', 'index.js');
const cliBin = join(root, 'packages', 'cli', 'bin', 'spvkit.js');
for (const f of [coreDist, passesDist, join(root, 'packages', 'cli', 'dist', 'bin.js')]) {
  if (!existsSync(f)) {
    console.error(`${f} is missing: run pnpm build first`);
    process.exit(2);
  }
}

const { decodeModule, encodeModule, passRegistry, BuiltIn, DecorationsAnalysis } = await import(coreDist);
await import(passesDist);

const input = await largeModule();
const bytes = readFileSync(input);
const mb = bytes.byteLength / 1e6;

function lowerOnce() {
  const m = decodeModule(bytes);
  const r = passRegistry.create('lower-local-invocation-index').run(m, {});
  return { out: encodeModule(m), changed: r.changed };
}

// Correctness first: a benchmark of a wrong result is worthless.
{
  const { out, changed } = lowerOnce();
  if (!changed) throw new Error('the module was not changed: it must read LocalInvocationIndex');
  const again = decodeModule(out);
  if (again.analysis(DecorationsAnalysis).idsWithBuiltIn(BuiltIn.LocalInvocationIndex).length !== 0) throw new Error('the index is still there');
  if (hasTool('spirv-val')) {
    const v = spawnSync('spirv-val', ['--target-env', 'vulkan1.1', '-'], { input: Buffer.from(out.buffer, out.byteOffset, out.byteLength) });
    if (v.status !== 0) throw new Error(`spirv-val rejects the output: ${v.stdout}${v.stderr}`);
  }
}

const rounds = 15;
// As the CLI does it: a freshly decoded module, whose function bodies the pass rewrites as words.
const total = median(rounds, lowerOnce);
// A module whose bodies were decoded before the pass (as after another pass): instructions are edited.
const decodedFirst = median(rounds, () => {
  const m = decodeModule(bytes);
  void m.functions;
  passRegistry.create('lower-local-invocation-index').run(m, {});
  return encodeModule(m);
});
report(`in process, ${mb.toFixed(2)} MB (${input})`, [
  ['decode + lower + encode MB/s', (mb / (total / 1000)).toFixed(0), '>= 100'],
  ['decode + lower + encode ms', total.toFixed(2)],
  ['same, bodies decoded first, MB/s', (mb / (decodedFirst / 1000)).toFixed(0)],
  ['same, bodies decoded first, ms', decodedFirst.toFixed(2)],
]);

const dir = mkdtempSync(join(tmpdir(), 'spvkit-bench-lower-'));
try {
  const procRounds = 9;
  const spvkit = processMedian(procRounds, process.execPath, [cliBin, 'opt', input, '-o', join(dir, 'spvkit.spv'), '--lower-local-invocation-index']);
  const rows = [['spvkit opt --lower-local-invocation-index ms', spvkit.toFixed(1)]];
  const node = processMedian(procRounds, process.execPath, ['-e', '0']);
  rows.push(['  (node -e 0 alone, ms)', node.toFixed(1)]);
  if (hasTool('spirv-opt')) {
    const opt = processMedian(procRounds, 'spirv-opt', ['--strip-debug', input, '-o', join(dir, 'spirv-opt.spv')]);
    rows.push(['spirv-opt --strip-debug ms', opt.toFixed(1)]);
    rows.push(['speed-up (spirv-opt / spvkit)', `${(opt / spvkit).toFixed(1)}x`, '>= 10x']);
  } else {
    rows.push(['spirv-opt', 'not found: no comparison']);
  }
  report(`whole process, median of ${procRounds}`, rows);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
