// The spvkit command against the SPIRV-Tools command-line tools, whole processes, in the same run
// (issue 17, part 3): the current SPIRV-Tools (../shared/spirv-tools-head, where it exists; only
// benchmarks may read it) and Debian's.
//   1. A folder of real shaders of every stage (test/shaders compiled by its buildFolder.mjs, plus
//      the corpus's assembly), each file a process of the native tool in a loop, against one
//      `spvkit` command over the whole folder: dis, val, and opt --lower-local-invocation-index
//      (spirv-opt has no such pass; its loop runs --strip-debug, the cheapest pass there is).
//      Target: spvkit at least 5x faster for each. spvkit val runs @spvkit/validator (every rule
//      family, the BuiltIn rules among them): close to, not yet all of, what spirv-val checks.
//   2. The 4 MB module (largeModule.mjs): dis >= 10x faster than spirv-dis, as at least as fast as
//      spirv-as, opt --lower-local-invocation-index >= 10x faster than spirv-opt --strip-debug.
// Each spvkit command over the folder runs with its default threads and with --jobs 1.
// Usage: pnpm bench cli  (or: pnpm build && node test/bench/cli.bench.mjs [ROUNDS])
// Elsewhere than this checkout's machine (a quieter one): SPVKIT_SPIRV_TOOLS_HEAD=DIR names the
// current SPIRV-Tools' folder, SPVKIT_BENCH_FOLDER=DIR a folder buildFolder.mjs wrote before
// (with its manifest.json), for a machine without glslang; Debian's tools are taken from PATH.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildBenchFolder } from './benchFolder.mjs';
import { largeModule } from './largeModule.mjs';
import { budgetRows, ioFloor, startupFloor, warmInProcess } from './floor.mjs';
import { hasTool, processMedian, report } from './measure.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const cli = join(root, 'packages', 'cli', 'bin', 'spvkit.js');
const bundle = join(root, 'packages', 'cli', 'dist', 'spvkit.cjs');
const work = join(root, 'test', '.cache', 'bench', 'cli');
const rounds = Number(process.argv[2] ?? 3);

if (!existsSync(bundle)) {
  console.error('build first: pnpm build');
  process.exit(2);
}
const head = process.env.SPVKIT_SPIRV_TOOLS_HEAD ?? join(root, '..', 'shared', 'spirv-tools-head');
const toolsets = [
  ...(existsSync(join(head, 'spirv-dis')) ? [{ name: 'head', dir: head }] : []),
  ...(hasTool('spirv-dis') ? [{ name: 'Debian', dir: undefined }] : []),
];
if (toolsets.length === 0) {
  console.error('no SPIRV-Tools to compare with (../shared/spirv-tools-head or Debian spirv-tools)');
  process.exit(2);
}
const tool = (set, name) => (set.dir === undefined ? name : join(set.dir, name));
const versionOf = (set) => execFileSync(tool(set, 'spirv-dis'), ['--version'], { encoding: 'utf8' }).split('\n')[0];

/** Runs spvkit once, failing loudly unless its exit code is one of `ok`. */
function spvkit(args, ok = [0]) {
  const r = spawnSync(process.execPath, [cli, ...args], { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  if (!ok.includes(r.status)) throw new Error(`spvkit ${args.join(' ')} failed (${r.status}): ${r.stderr.slice(-2000)}`);
  return r;
}

// --- 1. The folder -------------------------------------------------------------------------
const folder = join(work, 'folder');
const { manifest, bytes } = buildBenchFolder(folder, cli);
const files = manifest.map((m) => m.path);
console.log(
  `folder: ${files.length} modules, ${(bytes / 1048576).toFixed(2)} MB${files.length < 300 ? ` (fewer than the 300 asked: test/shaders has not all landed)` : ''}`,
);

/** Wall time of a loop running one native process per file (as a shell loop would). */
function nativeLoop(cmd, argsOf) {
  const t = performance.now();
  let failed = 0;
  for (const m of manifest) if (spawnSync(cmd, argsOf(m), { stdio: 'ignore' }).status !== 0) failed++;
  return { ms: performance.now() - t, failed };
}
const outNative = join(work, 'native-out');
mkdirSync(outNative, { recursive: true });
const outOf = (m, ext) => join(outNative, `${relative(folder, m.path).replaceAll('/', '_')}${ext}`);

// Each with the default threads and with --jobs 1, alternately, so a change of load hits both.
const folderCommands = {
  dis: ['dis', folder, '--out-dir', join(work, 'dis-out')],
  val: ['val', folder],
  opt: ['opt', folder, '--lower-local-invocation-index', '--out-dir', join(work, 'opt-out')],
};
const times = {};
for (const name of Object.keys(folderCommands)) times[name] = { default: [], one: [] };
for (let r = 0; r < rounds; r++)
  for (const [name, args] of Object.entries(folderCommands))
    for (const jobs of ['default', 'one']) {
      const t = performance.now();
      spvkit(jobs === 'one' ? [...args, '--jobs', '1'] : args, [0, 1]);
      times[name][jobs].push(performance.now() - t);
    }
const mid = (list) => [...list].sort((a, b) => a - b)[list.length >> 1];
const spvkitDis = mid(times.dis.default);
const spvkitVal = mid(times.val.default);
const spvkitOpt = mid(times.opt.default);
const valFailures = spvkit(['val', folder], [0, 1]).stderr.trim().split('\n').at(-1);
const rows = [
  [`spvkit dis DIR --out-dir (1 process)`, `${spvkitDis.toFixed(0)} ms`],
  [`  the same, --jobs 1`, `${mid(times.dis.one).toFixed(0)} ms`],
  [`spvkit val DIR (@spvkit/validator)`, `${spvkitVal.toFixed(0)} ms`],
  [`  the same, --jobs 1`, `${mid(times.val.one).toFixed(0)} ms`],
  [`spvkit opt DIR --lower-local-invocation-index`, `${spvkitOpt.toFixed(0)} ms`],
  [`  the same, --jobs 1`, `${mid(times.opt.one).toFixed(0)} ms`],
];
const folderNative = {};
for (const set of toolsets) {
  const dis = nativeLoop(tool(set, 'spirv-dis'), (m) => [m.path, '-o', outOf(m, '.spvasm')]);
  const val = nativeLoop(tool(set, 'spirv-val'), (m) => ['--target-env', m.targetEnv, m.path]);
  const opt = nativeLoop(tool(set, 'spirv-opt'), (m) => ['--strip-debug', m.path, '-o', outOf(m, '.opt.spv')]);
  if (set === toolsets[0]) Object.assign(folderNative, { dis: dis.ms, val: val.ms, opt: opt.ms });
  rows.push(
    [`spirv-dis loop, ${set.name}`, `${dis.ms.toFixed(0)} ms`, ''],
    [`  spvkit dis faster by`, `${(dis.ms / spvkitDis).toFixed(1)}x`, '>= 5x'],
    [`spirv-val loop, ${set.name} (${val.failed} invalid)`, `${val.ms.toFixed(0)} ms`, ''],
    [`  spvkit val faster by`, `${(val.ms / spvkitVal).toFixed(1)}x`, '>= 5x'],
    [`spirv-opt --strip-debug loop, ${set.name}`, `${opt.ms.toFixed(0)} ms`, ''],
    [`  spvkit opt faster by`, `${(opt.ms / spvkitOpt).toFixed(1)}x`, '>= 5x'],
  );
}
report(
  `Folder of ${files.length} modules, ${availableParallelism()} cores (${toolsets.map((s) => `${s.name}: ${versionOf(s)}`).join('; ')}); spvkit val: ${valFailures}`,
  rows,
);

// What the 5x targets leave for the work, against the first toolset's loops: spvkit starts once
// for the whole folder, so its start-up is the only floor here (the files are small).
const start = startupFloor(rounds, cli);
const folderFloor = [
  ['node -e ""', `${start.node.toFixed(0)} ms`],
  ['spvkit --version (start, load)', `${start.spvkit.toFixed(0)} ms`],
];
for (const [name, args] of Object.entries(folderCommands)) {
  const warm = warmInProcess(rounds, cli, bundle, [...args, '--jobs', '1']);
  folderFloor.push(...budgetRows(`${name} DIR vs ${toolsets[0].name}`, folderNative[name], 5, { start, io: start.node, warm }));
}
report(`What the 5x targets leave for the work (the folder, ${toolsets[0].name}'s loops)`, folderFloor);

// --- 2. The 4 MB module, whole process -----------------------------------------------------
const large = await largeModule();
const largeText = join(work, 'large.spvasm');
execFileSync(tool(toolsets[0], 'spirv-dis'), [large, '-o', largeText]);
const big = [];
// Each: spvkit's arguments (the input second, the output fourth) and the target ratio.
const largeCommands = {
  dis: [['dis', large, '-o', join(work, 'large.out.spvasm')], 10],
  as: [['as', largeText, '-o', join(work, 'large.as.spv'), '--target-env', 'vulkan1.1'], 1],
  'opt lower': [['opt', large, '-o', join(work, 'large.opt.spv'), '--lower-local-invocation-index'], 10],
};
const [sDis, sAs, sOpt] = Object.values(largeCommands).map(([args]) => processMedian(rounds, process.execPath, [cli, ...args]));
big.push(
  [`spvkit dis`, `${sDis.toFixed(0)} ms`],
  [`spvkit as`, `${sAs.toFixed(0)} ms`],
  [`spvkit opt --lower-local-invocation-index`, `${sOpt.toFixed(0)} ms`],
);
const largeNative = {};
for (const set of toolsets) {
  const nDis = processMedian(rounds, tool(set, 'spirv-dis'), [large, '-o', join(work, 'large.native.spvasm')]);
  const nAs = processMedian(rounds, tool(set, 'spirv-as'), [largeText, '-o', join(work, 'large.native.spv'), '--target-env', 'vulkan1.1']);
  const nOpt = processMedian(rounds, tool(set, 'spirv-opt'), ['--strip-debug', large, '-o', join(work, 'large.native.opt.spv')]);
  if (set === toolsets[0]) Object.assign(largeNative, { dis: nDis, as: nAs, 'opt lower': nOpt });
  big.push(
    [`spirv-dis, ${set.name}`, `${nDis.toFixed(0)} ms`],
    [`  spvkit dis faster by`, `${(nDis / sDis).toFixed(1)}x`, '>= 10x vs head'],
    [`spirv-as, ${set.name}`, `${nAs.toFixed(0)} ms`],
    [`  spvkit as faster by`, `${(nAs / sAs).toFixed(2)}x`, '>= 1x vs head'],
    [`spirv-opt --strip-debug, ${set.name}`, `${nOpt.toFixed(0)} ms`],
    [`  spvkit opt (lower) faster by`, `${(nOpt / sOpt).toFixed(1)}x`, '>= 10x vs head'],
  );
}
report(`The ${(statSync(large).size / 1048576).toFixed(2)} MB module, whole processes, medians of ${rounds}`, big);

// What the targets on the 4 MB module leave for the work, against the first toolset: the budget
// beside the floors (floor.mjs), each I/O floor reading the input and writing what spvkit wrote.
const scratch = join(work, 'floor.out');
const floors = [
  ['node -e ""', `${start.node.toFixed(0)} ms`],
  ['spvkit --version (start, load)', `${start.spvkit.toFixed(0)} ms`],
];
for (const [name, [args, ratio]] of Object.entries(largeCommands)) {
  const io = ioFloor(rounds, args[1], scratch, statSync(args[3]).size);
  const warm = warmInProcess(rounds, cli, bundle, args);
  floors.push([`I/O floor of ${name}`, `${io.toFixed(0)} ms`], ...budgetRows(name, largeNative[name], ratio, { start, io, warm }));
}
rmSync(scratch, { force: true });
report(`What the targets on the 4 MB module leave for the work (${toolsets[0].name})`, floors);
