// Today's code against main as it was before issue 30 ("One framework") rewrote the word layer and
// the passes, in the same run: spvkit opt --size, dis, as and val over the 4 MB module and over the
// folder, whole processes of each checkout's CLI taken in turn, so a change of load hits both.
// Target: each within 10% of the baseline. The baseline is built from its commit (git archive,
// pnpm install, pnpm build) under test/.cache/bench/ once, then reused; outputs of opt, dis and as
// must also be the same bytes from both.
// Usage: pnpm bench framework  (or: pnpm build && node test/bench/framework.bench.mjs [ROUNDS])
// SPVKIT_BENCH_BASELINE=COMMIT compares with another commit.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildBenchFolder } from './benchFolder.mjs';
import { largeModule } from './largeModule.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const rounds = Number(process.argv[2] ?? 5);
/** main before issue 30: the release passes' outputs fixture was recorded from it. */
const BASELINE = process.env.SPVKIT_BENCH_BASELINE ?? '75df7e624e82f755b9ca43fae5b1d0473a6c9132';
const work = join(root, 'test', '.cache', 'bench', 'framework');

const commit = execFileSync('git', ['rev-parse', BASELINE], { cwd: root, encoding: 'utf8' }).trim();
const baseDir = join(root, 'test', '.cache', 'bench', `baseline-${commit.slice(0, 12)}`);
const built = (dir) => existsSync(join(dir, 'packages', 'cli', 'dist', 'spvkit.cjs'));
if (!built(join(root))) {
  console.error('build first: pnpm build');
  process.exit(2);
}
if (!built(baseDir)) {
  console.log(`building the baseline ${commit.slice(0, 12)} in ${relative(root, baseDir)} (once)`);
  rmSync(baseDir, { recursive: true, force: true });
  mkdirSync(baseDir, { recursive: true });
  const archive = spawnSync('git', ['archive', '--format=tar', commit], { cwd: root, maxBuffer: 1 << 30 });
  if (archive.status !== 0) throw new Error(`git archive ${commit} failed: ${archive.stderr}`);
  execFileSync('tar', ['-x', '-C', baseDir], { input: archive.stdout });
  for (const args of [['install', '--frozen-lockfile', '--prefer-offline'], ['build']]) {
    const r = spawnSync('pnpm', args, { cwd: baseDir, stdio: 'inherit' });
    if (r.status !== 0) throw new Error(`pnpm ${args.join(' ')} in the baseline failed`);
  }
}
const trees = [
  { name: 'main', cli: join(baseDir, 'packages', 'cli', 'bin', 'spvkit.js') },
  { name: 'now', cli: join(root, 'packages', 'cli', 'bin', 'spvkit.js') },
];

/** Runs one CLI; fails loudly unless the exit code is one of `ok`. */
function run(tree, args, ok = [0]) {
  const t = performance.now();
  const r = spawnSync(process.execPath, [tree.cli, ...args], { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  const ms = performance.now() - t;
  if (!ok.includes(r.status)) throw new Error(`${tree.name}: spvkit ${args.join(' ')} failed (${r.status}): ${r.stderr.slice(-2000)}`);
  return ms;
}

// Inputs: the 4 MB module and its text, the folder and its texts (the baseline's dis writes them).
mkdirSync(work, { recursive: true });
const large = await largeModule();
const largeText = join(work, 'large.spvasm');
run(trees[0], ['dis', large, '-o', largeText]);
const folder = join(work, 'folder');
const { manifest, bytes } = buildBenchFolder(folder, trees[1].cli);
const folderText = join(work, 'folder-text');
rmSync(folderText, { recursive: true, force: true });
run(trees[0], ['dis', folder, '--out-dir', folderText]);

const out = (tree, what) => join(work, 'out', tree.name, what);
const cases = [
  { name: 'opt --size, 4 MB module', args: (t) => ['opt', large, '-o', out(t, 'large.opt.spv'), '--size'], output: 'large.opt.spv' },
  {
    name: 'opt (spirv-opt release flags), 4 MB',
    args: (t) => ['opt', large, '-o', out(t, 'large.rel.spv'), '--strip-debug', '--eliminate-dead-functions', '--eliminate-dead-const', '--compact-ids'],
    output: 'large.rel.spv',
  },
  { name: 'dis, 4 MB module', args: (t) => ['dis', large, '-o', out(t, 'large.spvasm')], output: 'large.spvasm' },
  { name: 'as, 4 MB module', args: (t) => ['as', largeText, '-o', out(t, 'large.spv')], output: 'large.spv' },
  { name: 'val, 4 MB module', args: () => ['val', large], ok: [0, 1] },
  { name: 'opt --size, folder', args: (t) => ['opt', folder, '--out-dir', out(t, 'opt'), '--size'], output: 'opt' },
  { name: 'dis, folder', args: (t) => ['dis', folder, '--out-dir', out(t, 'dis')], output: 'dis' },
  { name: 'as, folder', args: (t) => ['as', folderText, '--out-dir', out(t, 'as'), '--target-env', 'spv1.5'], output: 'as', ok: [0, 1] },
  { name: 'val, folder', args: () => ['val', folder], ok: [0, 1] },
];

const times = cases.map(() => trees.map(() => []));
for (let r = 0; r < rounds; r++)
  cases.forEach((c, k) =>
    trees.forEach((tree, i) => {
      rmSync(out(tree, c.output ?? 'none'), { recursive: true, force: true });
      mkdirSync(join(work, 'out', tree.name), { recursive: true });
      times[k][i].push(run(tree, c.args(tree), c.ok));
    }),
  );

/** Every file under `path` (or `path` itself), relative, sorted. */
function filesOf(path) {
  if (!statSync(path).isDirectory()) return [''];
  const found = [];
  const walk = (dir) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) e.isDirectory() ? walk(join(dir, e.name)) : found.push(relative(path, join(dir, e.name)));
  };
  walk(path);
  return found.sort();
}
const sameOutput = (c) => {
  if (c.output === undefined) return '';
  const [a, b] = trees.map((t) => out(t, c.output));
  const names = filesOf(a);
  if (names.join('\n') !== filesOf(b).join('\n')) return 'OUTPUT FILES DIFFER';
  const differ = names.filter((n) => !readFileSync(join(a, n)).equals(readFileSync(join(b, n))));
  return differ.length === 0 ? 'same bytes' : `${differ.length} OUTPUTS DIFFER`;
};

const mid = (list) => [...list].sort((a, b) => a - b)[list.length >> 1];
const rows = cases.map((c, k) => {
  const [base, now] = times[k].map(mid);
  const ratio = now / base;
  const verdict = ratio <= 1.1 ? 'ok' : `SLOWER by ${((ratio - 1) * 100).toFixed(0)}%`;
  return [c.name, `${base.toFixed(0)} ms`, `${now.toFixed(0)} ms`, `${ratio.toFixed(2)}x ${verdict}`, sameOutput(c)];
});
console.log(
  `\nToday's code vs main at ${commit.slice(0, 12)}: ${manifest.length} folder modules (${(bytes / 1048576).toFixed(2)} MB), the ${(statSync(large).size / 1048576).toFixed(2)} MB module; medians of ${rounds}, ${availableParallelism()} cores; target: now/main <= 1.10`,
);
for (const [name, base, now, ratio, outputs] of [['', 'main', 'now', 'now/main', 'outputs'], ...rows])
  console.log(`  ${name.padEnd(38)} ${base.padStart(9)} ${now.padStart(9)}  ${ratio.padEnd(20)} ${outputs}`);
