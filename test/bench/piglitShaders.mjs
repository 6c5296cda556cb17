// Real GLSL of every graphics stage from outside this repository, for the optimizer's campaign
// (realShaders.mjs): the shaders of piglit, Mesa's OpenGL conformance suite, as Debian packages
// it (`apt-get download piglit`). Each stage of a .shader_test file ([vertex shader],
// [tessellation control shader], [geometry shader], [fragment shader], [compute shader], ...)
// and each standalone .vert/.tesc/.tese/.geom/.frag/.comp is compiled alone by Debian's
// glslangValidator for Vulkan with relaxed rules (-R: loose uniforms go into a default uniform
// block, as an OpenGL shader has them), locations and bindings mapped automatically, once plain
// and once with -g; what glslang refuses (compatibility-profile built-ins, negative tests,
// versions Vulkan has no GLSL for) is left out, and so is what the current spirv-val rejects.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Section headers of a .shader_test and the glslang stage of each. */
const SECTIONS = new Map([
  ['vertex shader', 'vert'],
  ['tessellation control shader', 'tesc'],
  ['tessellation evaluation shader', 'tese'],
  ['geometry shader', 'geom'],
  ['fragment shader', 'frag'],
  ['compute shader', 'comp'],
]);
const STANDALONE = new Set(['vert', 'tesc', 'tese', 'geom', 'frag', 'comp']);

/**
 * Compiles up to `wanted` distinct stages (each then also with -g; a sixth of them at most of one
 * stage while others are left) into `dir`/input and returns the module files, with how many of
 * each stage. Reuses `dir`/input when a finished run of the same size left it there.
 */
export function piglitModules(dir, spirvVal, env, wanted) {
  const input = join(dir, 'input');
  // The marker is written last: a run cut short leaves no half folder taken for the set.
  const done = join(dir, 'complete');
  if (existsSync(done) && readFileSync(done, 'utf8') === `${wanted} a sixth each first`)
    return { files: readdirSync(input).map((f) => join(input, f)), stages: countStages(readdirSync(input)) };
  rmSync(input, { recursive: true, force: true });
  rmSync(done, { force: true });
  const download = join(dir, 'download');
  rmSync(download, { recursive: true, force: true });
  mkdirSync(download, { recursive: true });
  const fetched = spawnSync('apt-get', ['download', 'piglit'], { cwd: download, encoding: 'utf8' });
  const deb = readdirSync(download).find((f) => f.endsWith('.deb'));
  if (deb === undefined) throw new Error(`apt-get download piglit failed: ${fetched.stderr}`);
  const root = join(download, 'root');
  if (spawnSync('dpkg-deb', ['-x', join(download, deb), root]).status !== 0) throw new Error('dpkg-deb could not unpack piglit');
  const sources = [...walk(root)].filter((f) => f.endsWith('.shader_test') || STANDALONE.has(f.split('.').at(-1))).sort();
  mkdirSync(input, { recursive: true });
  const seen = new Set();
  const files = [];
  // No stage takes more than its share at first: the suite has far more vertex and fragment
  // shaders than tessellation and geometry ones, and the first folders would fill the set. What
  // the rarer stages leave of it, a second walk fills.
  const perStage = new Map();
  let tried = 0;
  for (const share of [Math.ceil(wanted / SECTIONS.size), Infinity]) {
    for (const source of sources) {
      if (seen.size >= wanted) break;
      for (const { stage, text } of stagesOf(source)) {
        if (seen.size >= wanted) break;
        if ((perStage.get(stage) ?? 0) >= share) continue;
        const hash = createHash('sha256').update(`${stage}\n${text}`).digest('hex');
        if (seen.has(hash)) continue;
        tried++;
        const name = `piglit-${String(seen.size).padStart(5, '0')}.${stage}`;
        const plain = compile(text, stage, [], join(input, `${name}.spv`), spirvVal, env);
        if (plain === undefined) continue;
        const debug = compile(text, stage, ['-g'], join(input, `${name}.g.spv`), spirvVal, env);
        if (debug === undefined) {
          rmSync(plain);
          continue;
        }
        seen.add(hash);
        perStage.set(stage, (perStage.get(stage) ?? 0) + 1);
        files.push(plain, debug);
      }
    }
  }
  rmSync(root, { recursive: true, force: true });
  writeFileSync(done, `${wanted} a sixth each first`);
  console.log(`piglit: ${tried} distinct stages tried, ${seen.size} compiled and valid, each plain and with -g`);
  return { files, stages: countStages(files.map((f) => f.split('/').at(-1))) };
}

/** The GLSL of each stage of a piglit source file, with the #version its [require] asks for where the text has none. */
function* stagesOf(file) {
  const text = readFileSync(file, 'latin1');
  const extension = file.split('.').at(-1);
  if (STANDALONE.has(extension)) {
    if (/expect_result:\s*fail/.test(text)) return;
    yield { stage: extension, text };
    return;
  }
  const required = /^GLSL( ES)? >= (\d)\.(\d+)/m.exec(text);
  const version = required === null ? undefined : `#version ${required[2]}${required[3].padEnd(2, '0')}${required[1] !== undefined ? ' es' : ''}`;
  const parts = text.split(/^\[([^\]]+)\]\s*$/m);
  for (let i = 1; i + 1 < parts.length; i += 2) {
    const stage = SECTIONS.get(parts[i].trim());
    if (stage === undefined) continue;
    const body = parts[i + 1];
    yield { stage, text: /^\s*#version/m.test(body) || version === undefined ? body : `${version}\n${body}` };
  }
}

/** Compiles one stage to `out`; its path when glslang and the current spirv-val both accept it. */
function compile(text, stage, flags, out, spirvVal, env) {
  // --stdin and -S first: glslangValidator 12 reads them only there.
  const r = spawnSync('glslangValidator', ['--stdin', '-S', stage, '-V', '-R', '--aml', '--amb', ...flags, '-o', out], {
    input: text,
    encoding: 'utf8',
    timeout: 20_000,
  });
  if (r.status !== 0 || !existsSync(out)) {
    rmSync(out, { force: true });
    return undefined;
  }
  if (spawnSync(spirvVal, ['--target-env', env, out], { stdio: 'ignore' }).status !== 0) {
    rmSync(out);
    return undefined;
  }
  return out;
}

function* walk(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile() && statSync(path).size < 1 << 20) yield path;
  }
}

function countStages(names) {
  const stages = {};
  for (const name of names) {
    const stage = name.split('.').find((part) => STANDALONE.has(part));
    if (stage !== undefined) stages[stage] = (stages[stage] ?? 0) + 1;
  }
  return stages;
}
