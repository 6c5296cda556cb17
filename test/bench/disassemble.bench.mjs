// Disassembly speed against spirv-dis (a benchmark, not a test), on the same file in the same run:
//   whole processes: `spirv-dis FILE` vs `node packages/cli/bin/spvkit.js dis FILE` (Node start
//     and module loading included), with friendly names and with --raw-id, run alternately so a
//     change in machine load affects both alike;
//   in process: decodeModule + disassemble, the first call (cold, as in one CLI run) and the
//     median of repeated calls, vs the spirv-dis process (it has no in-process form to call
//     from here, so its whole run stands in for it).
// Medians; prints the ratios (target: spvkit at least 10x faster with friendly names).
// Usage: `pnpm build && node test/bench/disassemble.bench.mjs [FILE.spv] [ROUNDS]`; without a
// file it uses test/.cache/bench/large.spv, generating it first if needed (largeModule.mjs).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { largeModule } from './largeModule.mjs';
import { hasTool, median, report } from './measure.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const cli = join(root, 'packages', 'cli', 'bin', 'spvkit.js');
const coreDist = join(root, 'packages', 'core', 'dist', 'index.js');

if (!existsSync(coreDist) || !existsSync(join(root, 'packages', 'cli', 'dist', 'bin.js'))) {
  console.error('build first: pnpm build');
  process.exit(2);
}
if (!hasTool('spirv-dis')) {
  console.error('spirv-dis not found (Debian package spirv-tools): nothing to compare with');
  process.exit(2);
}

const file = process.argv[2] ?? (await largeModule());
const rounds = Number(process.argv[3] ?? 7);
const bytes = readFileSync(file);
const { decodeModule, disassemble } = await import(coreDist);

// The first in-process call, before anything else warms the code up: what one CLI run pays.
let t = performance.now();
disassemble(decodeModule(bytes));
const coldFriendly = performance.now() - t;

// Correctness first: a benchmark of a wrong result is worthless.
for (const flags of [[], ['--raw-id']]) {
  const theirs = spawnSync('spirv-dis', [...flags, file], { maxBuffer: 1 << 30 });
  const ours = spawnSync(process.execPath, [cli, 'dis', ...flags, file], { maxBuffer: 1 << 30 });
  if (theirs.status !== 0) throw new Error(`spirv-dis ${flags.join(' ')} failed: ${theirs.stderr}`);
  if (ours.status !== 0) throw new Error(`spvkit dis ${flags.join(' ')} failed: ${ours.stderr}`);
  if (Buffer.compare(theirs.stdout, ours.stdout) !== 0) throw new Error(`spvkit dis ${flags.join(' ')} differs from spirv-dis on ${file}`);
}

/** Median wall time (ms) of each command, the commands run in turn each round. */
function processMedians(commands) {
  const times = commands.map(() => []);
  for (let r = 0; r < rounds; r++) {
    commands.forEach(([cmd, args], i) => {
      const start = performance.now();
      const result = spawnSync(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
      times[i].push(performance.now() - start);
      if (result.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${result.status}): ${result.stderr}`);
    });
  }
  return times.map((list) => list.sort((a, b) => a - b)[list.length >> 1]);
}

const [disFriendly, ourFriendly, disRaw, ourRaw, nodeStart, cliStart] = processMedians([
  ['spirv-dis', [file]],
  [process.execPath, [cli, 'dis', file]],
  ['spirv-dis', ['--raw-id', file]],
  [process.execPath, [cli, 'dis', '--raw-id', file]],
  [process.execPath, ['-e', '']],
  [process.execPath, [cli, '--version']],
]);
const warmFriendly = median(rounds, () => disassemble(decodeModule(bytes)));
const warmRaw = median(rounds, () => disassemble(decodeModule(bytes), { rawId: true }));

const ratio = (slow, fast) => `${(slow / fast).toFixed(1)}x`;
const ms = (v) => v.toFixed(1);
console.log(`${file} (${(statSync(file).size / 1048576).toFixed(2)} MB), medians of ${rounds}`);
report('whole process, friendly names (ms)', [
  ['spirv-dis', ms(disFriendly)],
  ['spvkit dis', ms(ourFriendly)],
  ['speedup', ratio(disFriendly, ourFriendly), '>= 10x'],
]);
report('whole process, --raw-id (ms)', [
  ['spirv-dis --raw-id', ms(disRaw)],
  ['spvkit dis --raw-id', ms(ourRaw)],
  ['speedup', ratio(disRaw, ourRaw)],
]);
report('fixed costs in every spvkit run (ms)', [
  ['node -e ""', ms(nodeStart)],
  ['spvkit --version (Node + CLI modules)', ms(cliStart)],
]);
report('in process: decode + disassemble vs the spirv-dis process (ms)', [
  ['friendly names, first call', ms(coldFriendly)],
  ['speedup over spirv-dis', ratio(disFriendly, coldFriendly), '>= 10x'],
  ['friendly names, repeated', ms(warmFriendly)],
  ['speedup over spirv-dis', ratio(disFriendly, warmFriendly), '>= 10x'],
  ['--raw-id, repeated', ms(warmRaw)],
  ['speedup over spirv-dis --raw-id', ratio(disRaw, warmRaw)],
]);
