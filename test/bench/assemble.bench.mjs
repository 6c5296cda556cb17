// Assembler speed against spirv-as on the 4+ MB benchmark module's text (a benchmark, not a test).
// The text is spirv-dis's disassembly of test/.cache/bench/large.spv (friendly names), and, for the
// second row, its --raw-id disassembly assembled with --preserve-numeric-ids. In the same run:
//   - whole process: `spirv-as IN -o OUT` and `node packages/cli/bin/spvkit.js as IN -o OUT`,
//     alternated, median of several runs (Node start and module loading included);
//   - in process: assemble() + encodeModule() on the text's bytes, the first (cold) call and the
//     median of later ones, and the same with every function body built (module.functions read).
// Prints the times and the ratios spvkit / spirv-as (below 1: spvkit is faster).
// Run `pnpm build` first; then `node test/bench/assemble.bench.mjs` or `pnpm bench assemble`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { largeModule } from './largeModule.mjs';
import { hasTool, median, report } from './measure.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const cli = join(root, 'packages', 'cli', 'bin', 'spvkit.js');
const coreDist = join(root, 'packages', 'core', 'dist', 'index.js');
if (!existsSync(coreDist) || !existsSync(join(root, 'packages', 'cli', 'dist', 'bin.js'))) {
  console.error('assemble.bench: run `pnpm build` first');
  process.exit(2);
}
const { assemble, encodeModule } = await import(coreDist);

if (!hasTool('spirv-as') || !hasTool('spirv-dis')) {
  console.log('assemble.bench: SKIPPED, spirv-as / spirv-dis (Debian spirv-tools) not installed: nothing to compare with');
  process.exit(process.env.SPVKIT_REQUIRE_ORACLES === '1' ? 1 : 0);
}

const rounds = Number(process.env.BENCH_ROUNDS ?? 9);
const spv = await largeModule();
const work = join(dirname(spv), 'assemble');
mkdirSync(work, { recursive: true });

/** spirv-dis of the module into `name`, redone when the module is newer. */
function disassembly(name, flags) {
  const path = join(work, name);
  if (!existsSync(path) || statSync(path).mtimeMs < statSync(spv).mtimeMs) {
    const r = spawnSync('spirv-dis', [...flags, spv, '-o', path], { stdio: 'pipe' });
    if (r.status !== 0) throw new Error(`spirv-dis failed: ${r.stderr}`);
  }
  return path;
}

function run(cmd, args) {
  const t = performance.now();
  const r = spawnSync(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  const ms = performance.now() - t;
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${r.status}): ${r.stderr}`);
  return ms;
}

const med = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

function sameExceptGenerator(a, b) {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (i !== 8 && i !== 9 && i !== 10 && i !== 11 && a[i] !== b[i]) return false;
  return true;
}

function bench(title, text, flags, options) {
  const theirsOut = join(work, 'spirv-as.spv');
  const oursOut = join(work, 'spvkit.spv');
  const bytes = readFileSync(text);
  const mb = bytes.byteLength / 1e6;

  // Correctness first: a benchmark of a wrong result is worthless.
  run('spirv-as', [...flags, text, '-o', theirsOut]);
  run('node', [cli, 'as', ...flags, text, '-o', oursOut]);
  if (!sameExceptGenerator(readFileSync(theirsOut), readFileSync(oursOut))) throw new Error(`${title}: spvkit as and spirv-as wrote different modules`);

  // Whole processes, alternated so both see the same machine load.
  const theirs = [];
  const cliTimes = [];
  for (let i = 0; i < rounds + 1; i++) {
    const a = run('spirv-as', [...flags, text, '-o', theirsOut]);
    const b = run('node', [cli, 'as', ...flags, text, '-o', oursOut]);
    if (i > 0) {
      theirs.push(a);
      cliTimes.push(b);
    }
  }

  // In process: the first call pays for compiling the assembler; later ones show its steady speed.
  const t0 = performance.now();
  encodeModule(assemble(bytes, options));
  const cold = performance.now() - t0;
  const api = median(rounds, () => encodeModule(assemble(bytes, options)));
  const built = median(rounds, () => assemble(bytes, options).functions.length);

  const spirvAs = med(theirs);
  const spvkit = med(cliTimes);
  report(`${title} (${mb.toFixed(1)} MB of text)`, [
    ['spirv-as, whole process (ms)', spirvAs.toFixed(1)],
    ['spvkit as, whole process (ms)', spvkit.toFixed(1)],
    ['  ratio spvkit / spirv-as', (spvkit / spirvAs).toFixed(2), '<= 1'],
    ['assemble+encode, first call (ms)', cold.toFixed(1)],
    ['assemble+encode, median (ms)', api.toFixed(1)],
    ['  ratio in process / spirv-as', (api / spirvAs).toFixed(2), '<= 1'],
    ['  MB/s in process', (mb / (api / 1000)).toFixed(0)],
    ['assemble + build every function (ms)', built.toFixed(1)],
    ['  ratio / spirv-as', (built / spirvAs).toFixed(2)],
  ]);
  rmSync(theirsOut, { force: true });
  rmSync(oursOut, { force: true });
}

bench('friendly names', disassembly('large.spvasm', []), [], {});
bench('raw ids, --preserve-numeric-ids', disassembly('large.raw.spvasm', ['--raw-id']), ['--preserve-numeric-ids'], { preserveNumericIds: true });
