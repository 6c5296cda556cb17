// spvkit opt's production passes against spirv-opt, whole processes, in the same run (issue 16):
// on the 4 MB module (largeModule.mjs, glslang -g), `spvkit opt --strip-debug
// --eliminate-dead-functions --eliminate-dead-const --compact-ids` against the current
// SPIRV-Tools' spirv-opt (../shared/spirv-tools-head, where it exists; only benchmarks may read it)
// and Debian's, with the same flags. Target: spvkit at least 10x faster than HEAD's spirv-opt.
// Prints both output sizes (ours must not be larger) and checks both outputs with spirv-val.
// Wall time and CPU time (user + sys of the process, read from /proc on Linux) are both medians of
// runs taken in turn (ours, then each spirv-opt, round after round), so that a loaded machine
// slows all sides alike; the ratio is given for both.
// Then what the 10x target leaves for spvkit's work once Node has started and the I/O is done (floor.mjs).
// Usage: pnpm bench opt  (or: pnpm build && node test/bench/opt.bench.mjs [ROUNDS]); elsewhere
// than this checkout's machine, SPVKIT_SPIRV_TOOLS_HEAD=DIR names the current SPIRV-Tools' folder.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { largeModule } from './largeModule.mjs';
import { budgetRows, ioFloor, startupFloor, warmInProcess } from './floor.mjs';
import { hasTool, report } from './measure.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const cli = join(root, 'packages', 'cli', 'bin', 'spvkit.js');
const bundle = join(root, 'packages', 'cli', 'dist', 'spvkit.cjs');
const work = join(root, 'test', '.cache', 'bench', 'opt');
const rounds = Number(process.argv[2] ?? 5);
const FLAGS = ['--strip-debug', '--eliminate-dead-functions', '--eliminate-dead-const', '--compact-ids'];

if (!existsSync(bundle)) {
  console.error('build first: pnpm build');
  process.exit(2);
}
const head = process.env.SPVKIT_SPIRV_TOOLS_HEAD ?? join(root, '..', 'shared', 'spirv-tools-head');
const toolsets = [
  ...(existsSync(join(head, 'spirv-opt')) ? [{ name: 'HEAD', opt: join(head, 'spirv-opt') }] : []),
  ...(hasTool('spirv-opt') ? [{ name: 'Debian', opt: 'spirv-opt' }] : []),
];
if (toolsets.length === 0) {
  console.error('no spirv-opt to compare with (../shared/spirv-tools-head or Debian spirv-tools)');
  process.exit(2);
}
mkdirSync(work, { recursive: true });
const large = await largeModule();
const version = (opt) => {
  const r = spawnSync(opt, ['--version'], { encoding: 'utf8' });
  return `${r.stdout}${r.stderr}`.trim().split('\n')[0];
};
const valid = (file) => {
  if (!hasTool('spirv-val')) return 'not checked (no spirv-val)';
  const r = spawnSync('spirv-val', ['--target-env', 'vulkan1.1', file], { encoding: 'utf8' });
  return r.status === 0 ? 'valid' : `INVALID: ${`${r.stdout}${r.stderr}`.trim().split('\n')[0]}`;
};

/** CPU time (user + sys, ms) of the children this process has waited for; NaN off Linux. */
function childrenCpuMs() {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    // Fields after the command name: cutime and cstime are the 16th and 17th, in clock ticks (100/s).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[13]) + Number(fields[14])) * 10;
  } catch {
    return Number.NaN;
  }
}

/** Runs each command once per round, in turn (after one warm-up each); medians of wall and CPU ms. */
function measureInTurn(commands) {
  const samples = commands.map(() => ({ wall: [], cpu: [] }));
  for (let round = -1; round < rounds; round++) {
    commands.forEach(([cmd, args], i) => {
      const cpu = childrenCpuMs();
      const t = performance.now();
      const r = spawnSync(cmd, args, { stdio: ['pipe', 'ignore', 'pipe'] });
      const wall = performance.now() - t;
      if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${r.status}): ${r.stderr}`);
      if (round < 0) return;
      samples[i].wall.push(wall);
      samples[i].cpu.push(childrenCpuMs() - cpu);
    });
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
  return samples.map(({ wall, cpu }) => ({ wall: median(wall), cpu: median(cpu) }));
}

const ours = join(work, 'large.spvkit.spv');
const theirsOf = (set) => join(work, `large.${set.name}.spv`);
const [oursTime, ...theirTimes] = measureInTurn([
  [process.execPath, [cli, 'opt', large, '-o', ours, ...FLAGS]],
  ...toolsets.map((set) => [set.opt, [...FLAGS, large, '-o', theirsOf(set)]]),
]);
const times = (t) => `${t.wall.toFixed(0)} ms wall, ${Number.isNaN(t.cpu) ? '?' : t.cpu.toFixed(0)} ms CPU`;
const rows = [
  ['input', `${statSync(large).size} B`],
  ['spvkit opt', times(oursTime)],
  ['spvkit output', `${statSync(ours).size} B, ${valid(ours)}`],
];
let failed = valid(ours) !== 'valid' && hasTool('spirv-val');
for (const [i, set] of toolsets.entries()) {
  const theirs = theirsOf(set);
  const t = theirTimes[i];
  const ratio = t.wall / oursTime.wall;
  rows.push([`${set.name} spirv-opt`, times(t)]);
  rows.push([`${set.name} spirv-opt output`, `${statSync(theirs).size} B, ${valid(theirs)}`]);
  rows.push([`speed-up vs ${set.name} (wall)`, `${ratio.toFixed(1)}x`, set.name === 'HEAD' ? '>= 10x' : undefined]);
  if (!Number.isNaN(t.cpu)) rows.push([`speed-up vs ${set.name} (CPU)`, `${(t.cpu / oursTime.cpu).toFixed(1)}x`]);
  if (statSync(ours).size > statSync(theirs).size) {
    console.error(`spvkit's output (${statSync(ours).size} B) is larger than ${set.name} spirv-opt's (${statSync(theirs).size} B)`);
    failed = true;
  }
  if (set.name === 'HEAD' && ratio < 10) console.warn(`below the 10x target against HEAD spirv-opt (${ratio.toFixed(1)}x)`);
}
report(
  `spvkit opt ${FLAGS.join(' ')} on the ${(statSync(large).size / 1048576).toFixed(2)} MB module, whole processes, medians of ${rounds} taken in turn (${toolsets
    .map((s) => `${s.name}: ${version(s.opt)}`)
    .join('; ')}; node ${process.version})`,
  rows,
);

const start = startupFloor(rounds, cli);
const scratch = join(work, 'floor.out');
const io = ioFloor(rounds, large, scratch, statSync(ours).size);
rmSync(scratch, { force: true });
const warm = warmInProcess(rounds, cli, bundle, ['opt', large, '-o', ours, ...FLAGS]);
report(`What the 10x target leaves for the work (${toolsets[0].name})`, [
  ['node -e ""', `${start.node.toFixed(0)} ms`],
  ['spvkit --version (start, load)', `${start.spvkit.toFixed(0)} ms`],
  ['I/O floor (read the input, write the output)', `${io.toFixed(0)} ms`],
  ...budgetRows('opt', theirTimes[0].wall, 10, { start, io, warm }),
]);
process.exitCode = failed ? 1 : 0;
