// validate-builtins speed against spirv-val (a benchmark, not a test), on the same file in the same
// run, as whole processes: `spirv-val --target-env vulkan1.1 FILE` vs
// `node packages/cli/bin/spvkit.js val FILE` (Node start and module loading included).
// Two inputs: the shared 4+ MB benchmark module (largeModule.mjs: glslang -g output, 5000
// functions reading gl_LocalInvocationIndex), which both accept; and the same module with
// gl_GlobalInvocationID moved to the Private storage class, which both reject (spvkit then decodes
// the bodies to point at the GLSL line of the use).
// Prints medians and the ratio (target: spvkit at least 20x faster), plus what the spvkit process
// spends before validating anything (`spvkit --version`) and in-process times, so the floor is visible.
// Usage: `pnpm build && node test/bench/validate.bench.mjs [FILE.spv]`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { largeModule } from './largeModule.mjs';
import { hasTool, median, report } from './measure.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const cli = join(root, 'packages', 'cli', 'bin', 'spvkit.js');
const coreDist = join(root, 'packages', 'core', 'dist', 'index.js');
const passesDist = join(root, 'packages', 'passes', 'dist', 'index.js');
const ENV = 'vulkan1.1';

if (![coreDist, passesDist, join(root, 'packages', 'cli', 'dist', 'bin.js')].every(existsSync)) {
  console.error('build first: pnpm build');
  process.exit(2);
}
if (!hasTool('spirv-val')) {
  console.error('spirv-val not found (Debian package spirv-tools): nothing to compare with');
  process.exit(2);
}

const file = process.argv[2] ?? (await largeModule());
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
const broken = brokenCopy();

// Correctness first: both tools must agree on both files, or the timing means nothing.
const expectations = [
  [file, 0],
  [broken, 1],
];
for (const [f, code] of expectations) {
  const theirs = spawnSync('spirv-val', ['--target-env', ENV, f], { encoding: 'utf8' });
  const ours = spawnSync(process.execPath, [cli, 'val', '--target-env', ENV, f], { encoding: 'utf8' });
  if ((theirs.status === 0) !== (code === 0)) throw new Error(`spirv-val ${code === 0 ? 'rejects' : 'accepts'} ${f}: ${theirs.stderr}${theirs.stdout}`);
  if (ours.status !== code) throw new Error(`spvkit val exits ${ours.status} on ${f}, expected ${code}: ${ours.stderr}`);
  if (code === 1 && !/VUID-GlobalInvocationId-GlobalInvocationId-04237/.test(ours.stderr))
    throw new Error(`spvkit val missed the broken storage class: ${ours.stderr}`);
}

const rounds = 9;
const ratio = (slow, fast) => `${(slow / fast).toFixed(1)}x`;
const ms = (t) => t.toFixed(1);

/**
 * Medians of several commands measured in alternation (round 1 of each, round 2 of each, ...), so a
 * change of machine load during the run affects all of them alike.
 */
function interleaved(commands) {
  const times = commands.map(() => []);
  for (let round = -1; round < rounds; round++) {
    commands.forEach(([cmd, args, exit], i) => {
      const t = performance.now();
      const r = spawnSync(cmd, args, { stdio: ['pipe', 'ignore', 'pipe'] });
      const elapsed = performance.now() - t;
      if (r.status !== exit) throw new Error(`${cmd} ${args.join(' ')} exited ${r.status}, expected ${exit}: ${r.stderr}`);
      if (round >= 0) times[i].push(elapsed); // round -1 warms the file cache
    });
  }
  return times.map((t) => t.sort((a, b) => a - b)[t.length >> 1]);
}

const [valOk, oursOk, valBad, oursBad, cliStart, nodeStart] = interleaved([
  ['spirv-val', ['--target-env', ENV, file], 0],
  [process.execPath, [cli, 'val', '--target-env', ENV, file], 0],
  ['spirv-val', ['--target-env', ENV, broken], 1],
  [process.execPath, [cli, 'val', '--target-env', ENV, broken], 1],
  [process.execPath, [cli, '--version'], 0],
  [process.execPath, ['-e', ''], 0],
]);

const { decodeModule, passRegistry } = await import(coreDist);
await import(passesDist);
const inProcess = median(rounds, () => passRegistry.create('validate-builtins').run(decodeModule(bytes), { targetEnv: ENV }));
const inProcessBad = median(rounds, () => passRegistry.create('validate-builtins').run(decodeModule(readFileSync(broken)), { targetEnv: ENV }));

console.log(`${file} (${(statSync(file).size / 1048576).toFixed(2)} MB), --target-env ${ENV}`);
report('valid module, whole process (ms)', [
  ['spirv-val', ms(valOk)],
  ['spvkit val', ms(oursOk)],
  ['speedup', ratio(valOk, oursOk), '>= 20x'],
]);
report('module with a wrong storage class, whole process (ms)', [
  ['spirv-val', ms(valBad)],
  ['spvkit val', ms(oursBad)],
  ['speedup', ratio(valBad, oursBad), '>= 20x'],
]);
report('where the spvkit process spends its time (ms)', [
  ['node -e ""', ms(nodeStart)],
  ['spvkit --version (start, load modules)', ms(cliStart)],
  ['decode + validate-builtins, in process', ms(inProcess)],
  ['... on the broken module', ms(inProcessBad)],
  ['spirv-val / in-process spvkit', ratio(valOk, inProcess)],
]);
