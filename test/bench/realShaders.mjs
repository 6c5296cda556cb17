// A differential campaign of spvkit's -O and -Os on real shaders from outside this repository
// (issue 31), from two sources:
// - ggml: the SPIR-V modules that llama.cpp's Vulkan backend embeds, as the prebuilt library of
//   the npm package @node-llama-cpp/linux-x64-vulkan ships them (glslc-compiled compute shaders:
//   matrix multiplies, cooperative matrices, 8- and 16-bit storage, subgroups, buffer references);
// - piglit: Mesa's OpenGL conformance suite as Debian packages it, every stage compiled by
//   glslang, plain and with -g (see piglitShaders.mjs): the graphics stages.
// For -O and -Os, plain and with --strip-debug --strip-nonsemantic, every spvkit
// output must pass the current SPIRV-Tools' spirv-val (vulkan1.3) and give @spvkit/validator no
// error code it did not give the input. Stripped as users ship them, also: the sizes against
// spirv-opt's with the same flags (total, share within 5%, the worst modules), and one `spvkit
// opt` command against a loop of spirv-opt. Exit code 1 when an output fails.
// Not part of `pnpm test`: it needs the registry (npm pack), Debian's mirror (apt-get download),
// glslangValidator and ../shared/spirv-tools-head.
// Usage: pnpm build && node test/bench/realShaders.mjs [--source ggml|piglit] [--limit N]
// SPVKIT_SPIRV_TOOLS_HEAD=DIR names the current SPIRV-Tools' folder elsewhere than this machine.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { report } from './measure.mjs';
import { piglitModules } from './piglitShaders.mjs';

const PACKAGE = '@node-llama-cpp/linux-x64-vulkan@3.22.1';
const LIBRARY = 'package/bins/linux-x64-vulkan/libggml-vulkan.so';
const ENV = 'vulkan1.3';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const cli = join(root, 'packages', 'cli', 'bin', 'spvkit.js');
const cache = join(root, 'test', '.cache', 'real-shaders');
const head = process.env.SPVKIT_SPIRV_TOOLS_HEAD ?? join(root, '..', 'shared', 'spirv-tools-head');
const spirvOpt = join(head, 'spirv-opt');
const spirvVal = join(head, 'spirv-val');
const sourceAt = process.argv.indexOf('--source');
const sources = sourceAt > 0 ? [process.argv[sourceAt + 1]] : ['ggml', 'piglit'];
/** Distinct piglit stages compiled (each then also with -g). */
const PIGLIT_STAGES = 600;
const limitAt = process.argv.indexOf('--limit');
const limit = limitAt > 0 ? Number(process.argv[limitAt + 1]) : Infinity;
if (!existsSync(spirvOpt) || !existsSync(spirvVal)) {
  console.error(`no current SPIRV-Tools at ${head} (set SPVKIT_SPIRV_TOOLS_HEAD)`);
  process.exit(2);
}

let failures = 0;
for (const source of sources) {
  if (source === 'ggml') {
    const input = join(cache, 'input');
    const files = existsSync(input) ? readdirSync(input).map((f) => join(input, f)) : extractModules(input);
    failures += campaign('ggml', files, cache, `${PACKAGE}`);
  } else if (source === 'piglit') {
    const dir = join(cache, 'piglit');
    const { files, stages } = piglitModules(dir, spirvVal, ENV, PIGLIT_STAGES);
    const mix = Object.entries(stages)
      .map(([stage, n]) => `${n} ${stage}`)
      .join(', ');
    failures += campaign('piglit', files, dir, `piglit via apt-get, glslangValidator -V -R, plain and -g: ${mix}`);
  } else {
    console.error(`--source: ggml or piglit, not '${source}'`);
    process.exit(2);
  }
}
process.exitCode = failures === 0 ? 0 : 1;

/** -O and -Os on `files` (modules spirv-val accepts), outputs under `cache`: returns how many failed. */
function campaign(source, files, cache, origin) {
  const chosen = files.slice(0, Math.min(files.length, limit));
  if (chosen.length < files.length) {
    rmSync(join(cache, 'chosen'), { recursive: true, force: true });
    mkdirSync(join(cache, 'chosen'), { recursive: true });
    for (const f of chosen) writeFileSync(join(cache, 'chosen', f.split('/').at(-1)), readFileSync(f));
  }
  const inputDir = chosen.length < files.length ? join(cache, 'chosen') : dirname(files[0]);
  const inputBytes = chosen.reduce((n, f) => n + statSync(f).size, 0);
  const inputErrors = validatorErrors(inputDir);

  const rows = [['input', `${chosen.length} modules spirv-val accepts, ${inputBytes} B (${origin})`]];
  let failures = 0;
  for (const strip of [[], ['--strip-debug', '--strip-nonsemantic']]) {
    for (const flag of ['-O', '-Os']) {
      const label = [...strip, flag].join(' ');
      const ours = join(cache, `ours${strip.length > 0 ? '-stripped' : ''}${flag}`);
      const theirs = join(cache, `theirs${strip.length > 0 ? '-stripped' : ''}${flag}`);
      rmSync(ours, { recursive: true, force: true });
      rmSync(theirs, { recursive: true, force: true });
      const compared = strip.length > 0;
      if (compared) mkdirSync(theirs, { recursive: true });
      let t = performance.now();
      const run = spawnSync(process.execPath, [cli, 'opt', inputDir, '--out-dir', ours, ...strip, flag], { encoding: 'utf8' });
      const oursMs = performance.now() - t;
      if (run.status !== 0) throw new Error(`spvkit opt ${label} failed: ${run.stderr.slice(-2000)}`);
      t = performance.now();
      for (const f of compared ? chosen : []) {
        const name = f.split('/').at(-1);
        const r = spawnSync(spirvOpt, [...strip, flag, join(inputDir, name), '-o', join(theirs, name)], { stdio: 'ignore' });
        if (r.status !== 0) throw new Error(`spirv-opt ${label} ${name} failed`);
      }
      const theirsMs = performance.now() - t;
      const outputErrors = validatorErrors(ours);
      let oursTotal = 0;
      let theirsTotal = 0;
      let within = 0;
      const invalid = [];
      const newErrors = [];
      const ratios = [];
      for (const f of chosen) {
        const name = f.split('/').at(-1);
        const a = statSync(join(ours, name)).size;
        oursTotal += a;
        if (compared) {
          const b = statSync(join(theirs, name)).size;
          theirsTotal += b;
          if (a <= b * 1.05) within++;
          ratios.push([a / b, name, a, b]);
        }
        const val = spawnSync(spirvVal, ['--target-env', ENV, join(ours, name)], { encoding: 'utf8' });
        if (val.status !== 0) invalid.push(`${name}: ${val.stderr.split('\n')[0]}`);
        const before = inputErrors.get(name) ?? new Set();
        const added = [...(outputErrors.get(name) ?? [])].filter((code) => !before.has(code));
        if (added.length > 0) newErrors.push(`${name}: ${added.join(', ')}`);
      }
      failures += invalid.length + newErrors.length;
      ratios.sort((x, y) => y[0] - x[0]);
      rows.push([`${label}: spvkit, one command`, `${(oursMs / 1000).toFixed(1)} s, ${oursTotal} B`]);
      if (compared) {
        rows.push(
          [`${label}: spirv-opt, a loop`, `${(theirsMs / 1000).toFixed(1)} s (${(theirsMs / oursMs).toFixed(1)}x)`],
          [
            `${label}: total, spvkit vs spirv-opt`,
            `${oursTotal} B vs ${theirsTotal} B (${((oursTotal / theirsTotal - 1) * 100).toFixed(1)}%)`,
            'spvkit <= spirv-opt',
          ],
          [`${label}: within 5% of spirv-opt`, `${within} of ${chosen.length} (${((within / chosen.length) * 100).toFixed(1)}%)`, '95%'],
        );
      }
      rows.push(
        [`${label}: rejected by spirv-val`, `${invalid.length}`, '0'],
        [`${label}: new @spvkit/validator errors`, `${newErrors.length}`, '0'],
        ...ratios.slice(0, 3).map(([r, f, a, b]) => [`  worst`, `${r.toFixed(2)}x ${a} vs ${b} B ${f}`]),
        ...[...invalid, ...newErrors].slice(0, 5).map((line) => ['  failed', line]),
      );
    }
  }
  report(`spvkit -O and -Os on real shaders (${source}) against ${version()}`, rows);
  return failures;
}

/**
 * Fetches the package through npm (the registry npm is configured with) and cuts the SPIR-V
 * modules out of the library: each starts at the magic number and runs instruction by instruction
 * to the first word that cannot start one (zero padding, the next module). Keeps the distinct
 * modules spirv-val accepts: a cut that ran into the bytes after a module fails there.
 */
function extractModules(input) {
  const download = join(cache, 'download');
  rmSync(download, { recursive: true, force: true });
  mkdirSync(download, { recursive: true });
  const pack = spawnSync('npm', ['pack', PACKAGE, '--pack-destination', download], { encoding: 'utf8' });
  if (pack.status !== 0) throw new Error(`npm pack ${PACKAGE} failed: ${pack.stderr}`);
  const tarball = readdirSync(download).find((f) => f.endsWith('.tgz'));
  const untar = spawnSync('tar', ['xzf', join(download, tarball), '-C', download, LIBRARY]);
  if (untar.status !== 0) throw new Error(`tar could not extract ${LIBRARY}`);
  const bytes = readFileSync(join(download, LIBRARY));
  const magic = Buffer.from([0x03, 0x02, 0x23, 0x07]);
  mkdirSync(input, { recursive: true });
  const seen = new Set();
  const kept = [];
  let candidates = 0;
  for (let at = bytes.indexOf(magic); at >= 0; at = bytes.indexOf(magic, at + 4)) {
    const word = (k) => bytes.readUInt32LE(at + 4 * k);
    const version = word(1);
    if ((version & 0xff0000ff) !== 0 || version > 0x10600) continue;
    const words = Math.floor((bytes.length - at) / 4);
    let end = 5;
    while (end < words) {
      const count = word(end) >>> 16;
      if (count === 0 || word(end) === 0x07230203 || end + count > words) break;
      end += count;
    }
    if (end < 20) continue;
    candidates++;
    const module = bytes.subarray(at, at + 4 * end);
    const hash = createHash('sha256').update(module).digest('hex');
    if (seen.has(hash)) continue;
    seen.add(hash);
    const file = join(input, `ggml-${String(candidates).padStart(5, '0')}.spv`);
    writeFileSync(file, module);
    if (spawnSync(spirvVal, ['--target-env', ENV, file], { stdio: 'ignore' }).status === 0) kept.push(file);
    else rmSync(file);
  }
  console.log(`${candidates} modules cut out, ${seen.size} distinct, ${kept.length} that spirv-val accepts`);
  return kept;
}

/** @spvkit/validator's error codes per file name of a folder (`spvkit val --json`). */
function validatorErrors(dir) {
  const r = spawnSync(process.execPath, [cli, 'val', dir, '--target-env', ENV, '--json'], { encoding: 'utf8', maxBuffer: 1 << 30 });
  const codes = new Map();
  for (const line of r.stdout.split('\n')) {
    if (!line.startsWith('{')) continue;
    const entry = JSON.parse(line);
    const diagnostics = Array.isArray(entry.result) ? entry.result : [];
    codes.set(entry.file.split('/').at(-1), new Set(diagnostics.filter((d) => d.severity === 'error').map((d) => d.code)));
  }
  if (codes.size === 0) throw new Error(`spvkit val ${dir} printed no results: ${r.stderr.slice(-2000)}`);
  return codes;
}

function version() {
  const r = spawnSync(spirvOpt, ['--version'], { encoding: 'utf8' });
  return `spirv-opt ${`${r.stdout}${r.stderr}`.trim().split('\n')[0]}`;
}
