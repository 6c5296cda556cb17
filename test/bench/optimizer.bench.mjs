// spvkit's -O and -Os against the current SPIRV-Tools' spirv-opt, whole processes, in the same
// run (issue 31):
// 1. the 4 MB module (largeModule.mjs): `spvkit opt -O` / `-Os` against `spirv-opt -O` / `-Os`,
//    wall time and spvkit's peak memory (target: 20x faster, at most 400 MB);
// 2. the folder (benchFolder.mjs) with `--strip-debug --strip-nonsemantic -O` and `-Os`: one
//    spvkit command against a loop of spirv-opt, one process per file (target: 3x faster), and
//    the sizes: totals (target: spvkit's no larger), the share of modules at most 5% larger than
//    spirv-opt's (target: 95%), the worst modules; every spvkit output checked by HEAD spirv-val;
// 3. how time grows: modules of 1,000, 2,000 and 4,000 functions (target: each doubling at most 2.2x).
// Usage: pnpm bench optimizer (or: pnpm build && node test/bench/optimizer.bench.mjs [ROUNDS]);
// `--sizes` runs only part 2, once, and writes the per-module table (module, flag, spvkit bytes,
// spirv-opt bytes, ratio) to test/.cache/bench/optimizer/sizes.tsv, worst first, to find the gaps;
// SPVKIT_SPIRV_TOOLS_HEAD=DIR names the current SPIRV-Tools' folder elsewhere than this machine.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildBenchFolder } from './benchFolder.mjs';
import { largeModule, moduleOfFunctions } from './largeModule.mjs';
import { report } from './measure.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const cli = join(root, 'packages', 'cli', 'bin', 'spvkit.js');
const work = join(root, 'test', '.cache', 'bench', 'optimizer');
const sizesOnly = process.argv.includes('--sizes');
const rounds = sizesOnly ? 1 : Number(process.argv.find((a, i) => i >= 2 && !a.startsWith('--')) ?? 3);
const head = process.env.SPVKIT_SPIRV_TOOLS_HEAD ?? join(root, '..', 'shared', 'spirv-tools-head');
const spirvOpt = join(head, 'spirv-opt');
const spirvVal = join(head, 'spirv-val');
if (!existsSync(spirvOpt) || !existsSync(spirvVal)) {
  console.error(`no current SPIRV-Tools at ${head} (set SPVKIT_SPIRV_TOOLS_HEAD)`);
  process.exit(2);
}
rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });

/** Runs a command to completion; wall ms and (through /usr/bin/time, where there is one) peak RSS in MB. */
function timed(cmd, args) {
  const time = existsSync('/usr/bin/time');
  const t = performance.now();
  const r = time ? spawnSync('/usr/bin/time', ['-f', '%M', cmd, ...args], { encoding: 'utf8' }) : spawnSync(cmd, args, { encoding: 'utf8' });
  const wall = performance.now() - t;
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${r.status}): ${r.stderr.slice(-2000)}`);
  const rss = time ? Number(r.stderr.trim().split('\n').at(-1)) / 1024 : Number.NaN;
  return { wall, rss };
}
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const ms = (x) => (x >= 10_000 ? `${(x / 1000).toFixed(1)} s` : `${x.toFixed(0)} ms`);
const valid = (file, env) => spawnSync(spirvVal, ['--target-env', env, file], { stdio: 'ignore' }).status === 0;

// 1. The 4 MB module. spirv-opt takes a minute or more here, so it runs once; spvkit `rounds` times.
if (!sizesOnly) await benchLarge();
async function benchLarge() {
  const large = await largeModule();
  const largeRows = [['input', `${statSync(large).size} B`]];
  for (const flag of ['-O', '-Os']) {
    const ours = join(work, `large${flag}.spvkit.spv`);
    const theirs = join(work, `large${flag}.spirv-opt.spv`);
    const runs = Array.from({ length: rounds }, () => timed(process.execPath, [cli, 'opt', large, '-o', ours, flag]));
    const wall = median(runs.map((r) => r.wall));
    const rss = Math.max(...runs.map((r) => r.rss));
    const them = timed(spirvOpt, [flag, large, '-o', theirs]);
    largeRows.push(
      [`spvkit opt ${flag}`, `${ms(wall)}, ${rss.toFixed(0)} MB peak`, '400 MB'],
      [`spirv-opt ${flag}`, `${ms(them.wall)}, ${them.rss.toFixed(0)} MB peak`],
      [`speed-up ${flag}`, `${(them.wall / wall).toFixed(1)}x`, '>= 20x'],
      [`sizes ${flag}: spvkit, spirv-opt`, `${statSync(ours).size} B, ${statSync(theirs).size} B`],
      [`spvkit ${flag} output`, valid(ours, 'vulkan1.1') ? 'valid' : 'INVALID'],
    );
  }
  report(
    `-O and -Os on the ${(statSync(large).size / 1048576).toFixed(2)} MB module (spvkit: median of ${rounds}; spirv-opt: one run; ${version()})`,
    largeRows,
  );
}

// 2. The folder, stripped as users ship it.
const { manifest } = buildBenchFolder(join(work, 'folder'), cli);
const envOf = new Map(manifest.map((m) => [m.path, m.targetEnv]));
const input = join(work, 'input');
mkdirSync(input, { recursive: true });
// One flat folder, so that spvkit's --out-dir and the loop write the same names; only modules
// spirv-val accepts (spirv-opt refuses the others).
const accepted = manifest.filter((m) => valid(m.path, m.targetEnv));
const files = accepted.map((m, i) => {
  const flat = join(input, `${String(i).padStart(4, '0')}-${basename(m.path)}`);
  spawnSync('cp', [m.path, flat]);
  envOf.set(flat, m.targetEnv);
  return flat;
});
const STRIP = ['--strip-debug', '--strip-nonsemantic'];
const inputBytes = files.reduce((n, f) => n + statSync(f).size, 0);
const sizeTable = [];
const folderRows = [['input', `${files.length} modules (${manifest.length - files.length} that spirv-val rejects left out), ${inputBytes} B`]];
for (const flag of ['-O', '-Os']) {
  const oursDir = join(work, `ours${flag}`);
  const theirsDir = join(work, `theirs${flag}`);
  mkdirSync(theirsDir, { recursive: true });
  // Each round writes new files, as the loop of spirv-opt does: overwriting a file costs a flush
  // on ext4 (the truncate heuristic), a second or more over the folder, which is not spvkit's work.
  const ours = median(
    Array.from({ length: rounds }, () => {
      rmSync(oursDir, { recursive: true, force: true });
      return timed(process.execPath, [cli, 'opt', input, '--out-dir', oursDir, ...STRIP, flag]).wall;
    }),
  );
  const t = performance.now();
  for (const f of files) {
    const r = spawnSync(spirvOpt, [...STRIP, flag, f, '-o', join(theirsDir, basename(f))], { stdio: 'ignore' });
    if (r.status !== 0) throw new Error(`spirv-opt ${flag} ${f} failed`);
  }
  const theirs = performance.now() - t;
  let oursTotal = 0;
  let theirsTotal = 0;
  let within = 0;
  let invalid = 0;
  const ratios = [];
  for (const f of readdirSync(theirsDir)) {
    const a = statSync(join(oursDir, f)).size;
    const b = statSync(join(theirsDir, f)).size;
    oursTotal += a;
    theirsTotal += b;
    if (a <= b * 1.05) within++;
    ratios.push([a / b, f, a, b]);
    if (!valid(join(oursDir, f), envOf.get(join(input, f)))) invalid++;
  }
  ratios.sort((x, y) => y[0] - x[0]);
  for (const [r, f, a, b] of ratios) sizeTable.push([f, flag, a, b, r.toFixed(3)].join('\t'));
  folderRows.push(
    [`spvkit opt ${flag}, one command`, ms(ours)],
    [`spirv-opt ${flag}, a loop`, ms(theirs)],
    [`speed-up ${flag}`, `${(theirs / ours).toFixed(1)}x`, '>= 3x'],
    [`total ${flag}: spvkit, spirv-opt`, `${oursTotal} B, ${theirsTotal} B (${((oursTotal / theirsTotal - 1) * 100).toFixed(1)}%)`, 'spvkit <= spirv-opt'],
    [`within 5% of spirv-opt ${flag}`, `${within} of ${files.length} (${((within / files.length) * 100).toFixed(1)}%)`, '95%'],
    [`invalid spvkit outputs ${flag}`, `${invalid}`, '0'],
    ...ratios.slice(0, 5).map(([r, f, a, b]) => [`  worst ${flag}`, `${r.toFixed(2)}x ${a} vs ${b} B ${relative(input, join(input, f))}`]),
  );
}
report(`--strip-debug --strip-nonsemantic -O and -Os on the folder (spvkit: median of ${rounds}; spirv-opt: one loop)`, folderRows);

if (sizesOnly) {
  writeFileSync(join(work, 'sizes.tsv'), `${['module', 'flag', 'spvkit', 'spirv-opt', 'ratio'].join('\t')}\n${sizeTable.join('\n')}\n`);
  console.log(`per-module sizes: ${relative(root, join(work, 'sizes.tsv'))}`);
  process.exit(0);
}

// 3. How time grows with the number of functions.
const growth = [];
for (const functions of [1000, 2000, 4000]) {
  const spv = moduleOfFunctions(functions);
  const out = join(work, `growth-${functions}.spv`);
  growth.push([functions, median(Array.from({ length: rounds }, () => timed(process.execPath, [cli, 'opt', spv, '-o', out, '-O']).wall))]);
}
report(
  'spvkit opt -O as the module grows (whole process, medians)',
  growth.map(([n, t], i) => [`${n} functions`, ms(t), i === 0 ? undefined : `<= 2.2x the last: ${(t / growth[i - 1][1]).toFixed(2)}x`]),
);

function version() {
  const r = spawnSync(spirvOpt, ['--version'], { encoding: 'utf8' });
  return `spirv-opt ${`${r.stdout}${r.stderr}`.trim().split('\n')[0]}; node ${process.version}`;
}
