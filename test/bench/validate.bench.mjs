// spvkit val's speed against spirv-val (a benchmark, not a test), on the same file in the same run,
// as whole processes: `spirv-val --target-env vulkan1.1 FILE` of the current SPIRV-Tools
// (../shared/spirv-tools-head beside the repository, or the folder SPVKIT_SPIRV_TOOLS_HEAD names;
// only benchmarks read it) and of Debian (PATH), against `node packages/cli/bin/spvkit.js val FILE`
// (Node start, module loading, decoding and every family of @spvkit/validator included).
// Two inputs: the shared 4+ MB benchmark module (largeModule.mjs: glslang -g output, 5000
// functions reading gl_LocalInvocationIndex), which all accept; and the same module with
// gl_GlobalInvocationID moved to the Private storage class, which all reject.
// Prints medians of wall time and of CPU time (user + system, from /usr/bin/time where it exists:
// the machine is shared, so CPU time is the steadier figure), the load average, and the ratio
// against the target (spvkit val at least 10x faster than the current spirv-val); then what the
// spvkit process spends before validating anything (`spvkit --version`) and validate() in process
// on its first call (cold, as the command runs it) and warmed up, so the floor is visible.
// Then what the target leaves for the work once Node has started and read the input (floor.mjs).
// Profile validate() with: node --cpu-prof test/bench/validate.bench.mjs --profile (writes a .cpuprofile of one cold call).
// Usage: `pnpm build && node test/bench/validate.bench.mjs [FILE.spv] [--rounds=5] [--profile]`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { largeModule } from './largeModule.mjs';
import { budgetRows, ioFloor, warmInProcess } from './floor.mjs';
import { hasTool, median, report } from './measure.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const cli = join(root, 'packages', 'cli', 'bin', 'spvkit.js');
const bundle = join(root, 'packages', 'cli', 'dist', 'spvkit.cjs');
const validatorDist = join(root, 'packages', 'validator', 'dist', 'index.js');
const ENV = 'vulkan1.1';
const TARGET = 10;
const args = process.argv.slice(2);
const profileOnly = args.includes('--profile');

if (![validatorDist, join(root, 'packages', 'cli', 'dist', 'bin.js')].every(existsSync)) {
  console.error('build first: pnpm build');
  process.exit(2);
}
const headDir = process.env.SPVKIT_SPIRV_TOOLS_HEAD ?? join(root, '..', 'shared', 'spirv-tools-head');
const judges = [
  ...(existsSync(join(headDir, 'spirv-val')) ? [{ name: 'spirv-val (current)', cmd: join(headDir, 'spirv-val') }] : []),
  ...(hasTool('spirv-val') ? [{ name: 'spirv-val (Debian)', cmd: 'spirv-val' }] : []),
];
if (judges.length === 0) {
  console.error('no spirv-val to compare with (../shared/spirv-tools-head, SPVKIT_SPIRV_TOOLS_HEAD or Debian spirv-tools)');
  process.exit(2);
}
for (const j of judges) j.version = spawnSync(j.cmd, ['--version'], { encoding: 'utf8' }).stdout.split('\n')[0];

const file = args.find((a) => !a.startsWith('--')) ?? (await largeModule());
const bytes = readFileSync(file);

/** The module with the variable decorated BuiltIn GlobalInvocationId (28) moved to Private (6). */
function brokenCopy() {
  const w = new Uint32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  let target = 0;
  for (let i = 5; i < w.length; i += w[i] >>> 16) {
    if ((w[i] & 0xffff) === 71 && w[i + 2] === 11 && w[i + 3] === 28) target = w[i + 1];
    if ((w[i] & 0xffff) === 54) break; // OpFunction: the decorations are behind us
  }
  if (target === 0) throw new Error(`${file} has no BuiltIn GlobalInvocationId variable to break`);
  for (let i = 5; i < w.length; i += w[i] >>> 16) {
    if ((w[i] & 0xffff) === 59 && w[i + 2] === target) w[i + 3] = 6;
  }
  const dir = join(root, 'test', '.cache', 'bench');
  mkdirSync(dir, { recursive: true });
  const out = join(dir, 'large-broken.spv');
  writeFileSync(out, new Uint8Array(w.buffer));
  return out;
}
const { validate } = await import(validatorDist);
const words = new Uint32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
if (profileOnly) {
  // One cold call, as `spvkit val` makes it: run under node --cpu-prof to see where it goes.
  const t = process.cpuUsage();
  const found = validate(words, { targetEnv: ENV });
  const u = process.cpuUsage(t);
  console.log(`validate(): ${found.length} findings, ${((u.user + u.system) / 1000).toFixed(0)} ms CPU (cold)`);
  process.exit(0);
}
const broken = brokenCopy();
const loadBefore = loadavg()[0];

// Correctness first: every tool must agree on both files, or the timing means nothing.
const expectations = [
  [file, 0],
  [broken, 1],
];
for (const [f, code] of expectations) {
  for (const j of judges) {
    const theirs = spawnSync(j.cmd, ['--target-env', ENV, f], { encoding: 'utf8' });
    if ((theirs.status === 0) !== (code === 0)) throw new Error(`${j.name} ${code === 0 ? 'rejects' : 'accepts'} ${f}: ${theirs.stderr}${theirs.stdout}`);
  }
  const ours = spawnSync(process.execPath, [cli, 'val', '--target-env', ENV, f], { encoding: 'utf8' });
  if (ours.status !== code) throw new Error(`spvkit val exits ${ours.status} on ${f}, expected ${code}: ${ours.stderr}`);
  if (code === 1 && !/VUID-GlobalInvocationId-GlobalInvocationId-04237/.test(ours.stderr))
    throw new Error(`spvkit val missed the broken storage class: ${ours.stderr}`);
}

const rounds = Number(args.find((a) => a.startsWith('--rounds='))?.slice(9) ?? 5);
const ratio = (slow, fast) => `${(slow / fast).toFixed(1)}x`;
const ms = (t) => t.toFixed(0);
const timeTool = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;

/**
 * Medians of wall and CPU time of several commands measured in alternation (round 1 of each,
 * round 2 of each, ...), so a change of machine load during the run affects all of them alike.
 */
function interleaved(commands) {
  const wall = commands.map(() => []);
  const cpu = commands.map(() => []);
  for (let round = -1; round < rounds; round++) {
    commands.forEach(([cmd, cmdArgs, exit], i) => {
      const t = performance.now();
      const r =
        timeTool === undefined
          ? spawnSync(cmd, cmdArgs, { stdio: ['pipe', 'ignore', 'pipe'], encoding: 'utf8' })
          : spawnSync(timeTool, ['-f', 'CPU %U %S', cmd, ...cmdArgs], { stdio: ['pipe', 'ignore', 'pipe'], encoding: 'utf8' });
      const elapsed = performance.now() - t;
      if (r.status !== exit) throw new Error(`${cmd} ${cmdArgs.join(' ')} exited ${r.status}, expected ${exit}: ${r.stderr}`);
      if (round < 0) return; // round -1 warms the file cache
      wall[i].push(elapsed);
      const m = /CPU ([\d.]+) ([\d.]+)\s*$/.exec(r.stderr);
      if (m !== null) cpu[i].push((Number(m[1]) + Number(m[2])) * 1000);
    });
  }
  const mid = (t) => (t.length === 0 ? NaN : t.sort((a, b) => a - b)[t.length >> 1]);
  return commands.map((_, i) => ({ wall: mid(wall[i]), cpu: mid(cpu[i]) }));
}

const ourCommand = (f, exit) => [process.execPath, [cli, 'val', '--target-env', ENV, f], exit];
const measured = interleaved([
  ...judges.map((j) => [j.cmd, ['--target-env', ENV, file], 0]),
  ourCommand(file, 0),
  ...judges.map((j) => [j.cmd, ['--target-env', ENV, broken], 1]),
  ourCommand(broken, 1),
  [process.execPath, [cli, '--version'], 0],
  [process.execPath, ['-e', ''], 0],
]);
const n = judges.length;
const okTimes = measured.slice(0, n + 1);
const badTimes = measured.slice(n + 1, 2 * n + 2);
const [cliStart, nodeStart] = measured.slice(2 * n + 2);

// In process: the first call (cold, as the command makes it; this process has run nothing else of
// the validator's yet) and then warmed up.
const c = process.cpuUsage();
validate(words, { targetEnv: ENV });
const coldUsage = process.cpuUsage(c);
const cold = (coldUsage.user + coldUsage.system) / 1000;
const warm = median(rounds, () => validate(words, { targetEnv: ENV }));
const brokenBytes = readFileSync(broken);
const brokenWords = new Uint32Array(brokenBytes.buffer.slice(brokenBytes.byteOffset, brokenBytes.byteOffset + brokenBytes.byteLength));
const warmBad = median(rounds, () => validate(brokenWords, { targetEnv: ENV }));

console.log(`${file} (${(statSync(file).size / 1048576).toFixed(2)} MB), --target-env ${ENV}; ${judges.map((j) => `${j.name}: ${j.version}`).join('; ')}`);
console.log(`load average ${loadBefore.toFixed(2)} before, ${loadavg()[0].toFixed(2)} after (${rounds} rounds, medians)`);
for (const [title, times] of [
  ['valid module, whole process: wall / CPU (ms)', okTimes],
  ['module with a wrong storage class, whole process: wall / CPU (ms)', badTimes],
]) {
  const ours = times[n];
  report(title, [
    ...judges.map((j, k) => [j.name, `${ms(times[k].wall)} / ${ms(times[k].cpu)}`]),
    ['spvkit val', `${ms(ours.wall)} / ${ms(ours.cpu)}`],
    ...judges.map((j, k) => [
      `speedup vs ${j.name}, wall / CPU`,
      `${ratio(times[k].wall, ours.wall)} / ${ratio(times[k].cpu, ours.cpu)}`,
      k === 0 ? `>= ${TARGET}x` : undefined,
    ]),
  ]);
}
const best = okTimes[n];
const head = okTimes[0];
console.log(
  `\n${head.cpu / best.cpu >= TARGET ? 'PASS' : 'FAIL'}: spvkit val ${ratio(head.cpu, best.cpu)} (CPU) / ${ratio(head.wall, best.wall)} (wall) against ${judges[0].name}, target ${TARGET}x`,
);
report('where the spvkit process spends its time (ms)', [
  ['node -e "" (wall / CPU)', `${ms(nodeStart.wall)} / ${ms(nodeStart.cpu)}`],
  ['spvkit --version (start, load)', `${ms(cliStart.wall)} / ${ms(cliStart.cpu)}`],
  ['validate() in process, cold (CPU)', ms(cold)],
  ['validate() in process, warm (wall)', ms(warm)],
  ['... on the broken module, warm', ms(warmBad)],
  ['current spirv-val / warm validate()', ratio(head.wall, warm)],
]);
report(
  `What the ${TARGET}x target leaves for the work (${judges[0].name}, wall)`,
  budgetRows('val', head.wall, TARGET, {
    start: { node: nodeStart.wall, spvkit: cliStart.wall },
    io: ioFloor(rounds, file),
    warm: warmInProcess(rounds, cli, bundle, ['val', '--target-env', ENV, file]),
  }),
);
