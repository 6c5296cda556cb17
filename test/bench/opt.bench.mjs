// spvkit opt's production passes against spirv-opt, whole processes, in the same run (issue 16):
// on the 4 MB module (largeModule.mjs, glslang -g), `spvkit opt --strip-debug
// --eliminate-dead-functions --eliminate-dead-const --compact-ids` against the current
// SPIRV-Tools' spirv-opt (../shared/spirv-tools-head, where it exists; only benchmarks may read it)
// and Debian's, with the same flags. Target: spvkit at least 10x faster than HEAD's spirv-opt.
// Prints both output sizes (ours must not be larger) and checks both outputs with spirv-val.
// Usage: pnpm bench opt  (or: pnpm build && node test/bench/opt.bench.mjs [ROUNDS])
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { largeModule } from './largeModule.mjs';
import { hasTool, processMedian, report } from './measure.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const cli = join(root, 'packages', 'cli', 'bin', 'spvkit.js');
const work = join(root, 'test', '.cache', 'bench', 'opt');
const rounds = Number(process.argv[2] ?? 5);
const FLAGS = ['--strip-debug', '--eliminate-dead-functions', '--eliminate-dead-const', '--compact-ids'];

if (!existsSync(join(root, 'packages', 'cli', 'dist', 'spvkit.cjs'))) {
  console.error('build first: pnpm build');
  process.exit(2);
}
const head = join(root, '..', 'shared', 'spirv-tools-head');
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

const ours = join(work, 'large.spvkit.spv');
const oursMs = processMedian(rounds, process.execPath, [cli, 'opt', large, '-o', ours, ...FLAGS]);
const rows = [
  ['input', `${statSync(large).size} B`],
  ['spvkit opt', `${oursMs.toFixed(0)} ms`],
  ['spvkit output', `${statSync(ours).size} B, ${valid(ours)}`],
];
let failed = valid(ours) !== 'valid' && hasTool('spirv-val');
for (const set of toolsets) {
  const theirs = join(work, `large.${set.name}.spv`);
  const ms = processMedian(rounds, set.opt, [...FLAGS, large, '-o', theirs]);
  const ratio = ms / oursMs;
  rows.push([`${set.name} spirv-opt`, `${ms.toFixed(0)} ms`]);
  rows.push([`${set.name} spirv-opt output`, `${statSync(theirs).size} B, ${valid(theirs)}`]);
  rows.push([`speed-up vs ${set.name}`, `${ratio.toFixed(1)}x`, set.name === 'HEAD' ? '>= 10x' : undefined]);
  if (statSync(ours).size > statSync(theirs).size) {
    console.error(`spvkit's output (${statSync(ours).size} B) is larger than ${set.name} spirv-opt's (${statSync(theirs).size} B)`);
    failed = true;
  }
  if (set.name === 'HEAD' && ratio < 10) console.warn(`below the 10x target against HEAD spirv-opt (${ratio.toFixed(1)}x)`);
}
report(
  `spvkit opt ${FLAGS.join(' ')} on the ${(statSync(large).size / 1048576).toFixed(2)} MB module, whole processes, medians of ${rounds} (${toolsets
    .map((s) => `${s.name}: ${version(s.opt)}`)
    .join('; ')}; node ${process.version})`,
  rows,
);
process.exitCode = failed ? 1 : 0;
