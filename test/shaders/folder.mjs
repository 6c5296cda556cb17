// The shader folder: 300+ GLSL shaders of every stage under test/shaders/glsl/, written as
// projects write them (shared headers, every stage, tiny to a few hundred lines), for suites and
// benchmarks that work over a whole folder (issues 17 and 18). Plain JavaScript with a .d.mts
// beside it, so that benchmarks (plain Node) and vitest suites import the same loader.
//
// Each shader is compiled with `glslangValidator -V --target-env <env>` from inside glsl/ (paths
// relative, so debug info and messages do not depend on where the checkout is) and cached under
// test/.cache/shaders/ by a hash of the tool's version, the arguments, and the text of the shader
// and of every file it includes; only the first run pays for the compiles.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const shadersDir = path.dirname(fileURLToPath(import.meta.url));
/** Root of the GLSL sources; shader paths are relative to it, with `/` separators. */
export const glslRoot = path.join(shadersDir, 'glsl');
export const shadersCacheDir = path.join(shadersDir, '..', '.cache', 'shaders');

/** File extension (without the dot) -> stage, as glslangValidator infers it. */
export const STAGES = Object.freeze({
  vert: 'vert',
  tesc: 'tesc',
  tese: 'tese',
  geom: 'geom',
  frag: 'frag',
  comp: 'comp',
  mesh: 'mesh',
  task: 'task',
  rgen: 'rgen',
  rint: 'rint',
  rahit: 'rahit',
  rchit: 'rchit',
  rmiss: 'rmiss',
  rcall: 'rcall',
});

const RAY_TRACING = new Set(['rgen', 'rint', 'rahit', 'rchit', 'rmiss', 'rcall']);
const TARGET_ENVS = new Set(['vulkan1.0', 'vulkan1.1', 'vulkan1.2', 'vulkan1.3']);
const REQUIREMENTS = new Set(['glslang-new']);
const INCLUDE_RE = /^\s*#\s*include\s*"([^"]+)"/gm;

/** Leading `//` comment lines (the header), up to the first other line. */
function headerLines(text) {
  const lines = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line.startsWith('//')) break;
    lines.push(line.slice(2).trim());
  }
  return lines;
}

function headerValue(lines, key, where) {
  const hits = lines.filter((l) => l.startsWith(`${key}:`));
  if (hits.length > 1) throw new Error(`${where}: duplicate "${key}:" header`);
  return hits[0]?.slice(key.length + 1).trim();
}

/**
 * The env a shader is built for when its header names none: the lowest Vulkan that has what the
 * stage needs (ray tracing and EXT mesh shading need SPIR-V 1.4, so vulkan1.2).
 */
function defaultTargetEnv(stage, text) {
  if (RAY_TRACING.has(stage)) return 'vulkan1.2';
  if ((stage === 'mesh' || stage === 'task') && /GL_EXT_mesh_shader/.test(text)) return 'vulkan1.2';
  return 'vulkan1.1';
}

function walk(dir, rel, out) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const relPath = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) walk(path.join(dir, e.name), relPath, out);
    else if (e.isFile() && Object.hasOwn(STAGES, path.extname(e.name).slice(1))) out.push(relPath);
  }
  return out;
}

/**
 * Every file the shader reads through `#include "…"` (relative to the including file, as
 * glslangValidator resolves them), transitively, as [relative path, text] pairs. A missing
 * include is left for the compiler to report.
 */
function includedFiles(relPath, text) {
  const seen = new Map();
  const visit = (from, body) => {
    for (const m of body.matchAll(INCLUDE_RE)) {
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(from), m[1]));
      if (seen.has(target)) continue;
      const abs = path.join(glslRoot, ...target.split('/'));
      if (!existsSync(abs)) continue;
      const inc = readFileSync(abs, 'utf8');
      seen.set(target, inc);
      visit(target, inc);
    }
  };
  visit(relPath, text);
  return [...seen.entries()].sort(([a], [b]) => (a < b ? -1 : 1));
}

/**
 * Lists the folder's shaders (sources only; nothing is compiled), sorted by path.
 * Throws with the file's path on a malformed header.
 */
export function listShaderFolder() {
  if (!existsSync(glslRoot)) return [];
  return walk(glslRoot, '', [])
    .sort()
    .map((relPath) => {
      const source = path.join(glslRoot, ...relPath.split('/'));
      const text = readFileSync(source, 'utf8');
      const stage = STAGES[path.extname(relPath).slice(1)];
      const header = headerLines(text);
      const envText = headerValue(header, 'target-env', relPath);
      const targetEnv = envText ?? defaultTargetEnv(stage, text);
      if (!TARGET_ENVS.has(targetEnv)) {
        throw new Error(`${relPath}: unknown target env "${targetEnv}" (one of ${[...TARGET_ENVS].join(', ')})`);
      }
      const requiresText = headerValue(header, 'requires', relPath);
      const requires = requiresText ? requiresText.split(/[\s,]+/).filter(Boolean) : [];
      for (const r of requires) {
        if (!REQUIREMENTS.has(r)) throw new Error(`${relPath}: unknown requirement "${r}" (known: ${[...REQUIREMENTS].join(', ')})`);
      }
      return { path: relPath, source, stage, targetEnv, requires, text, includes: includedFiles(relPath, text) };
    });
}

let glslangVersion;
/** glslangValidator's version text, or undefined where it cannot be run. */
export function glslangValidatorVersion() {
  if (glslangVersion === undefined) {
    const r = spawnSync('glslangValidator', ['--version'], { encoding: 'utf8' });
    glslangVersion = r.error || r.status !== 0 ? null : `${r.stdout}${r.stderr}`.trim();
  }
  return glslangVersion ?? undefined;
}

/** Runs a tool, feeding `input` on stdin; resolves to its exit code and output. */
export function runTool(cmd, args, opts = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: opts.cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    const out = [];
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => out.push(d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output: Buffer.concat(out).toString('utf8').trim() }));
    child.stdin.on('error', () => {
      /* the tool exited before reading its input; its code says why */
    });
    child.stdin.end(opts.input);
  });
}

/** glslangValidator's flags for a debug-info variant: none, `-g` or `-gV`. */
const DEBUG_FLAGS = Object.freeze({ none: [], g: ['-g'], gV: ['-gV'] });

function compileArgs(shader, output, debugInfo = 'none') {
  const flags = DEBUG_FLAGS[debugInfo];
  if (flags === undefined) throw new Error(`debugInfo "${debugInfo}": expected none, g or gV`);
  return ['-V', ...flags, '--target-env', shader.targetEnv, '-o', output, shader.path];
}

function cacheKey(shader, debugInfo) {
  const h = createHash('sha256');
  h.update(
    JSON.stringify({
      version: glslangValidatorVersion(),
      args: compileArgs(shader, 'OUTPUT', debugInfo),
      text: shader.text,
      includes: shader.includes,
    }),
  );
  return h.digest('hex').slice(0, 40);
}

function toWords(bytes, what) {
  if (bytes.byteLength < 20 || bytes.byteLength % 4 !== 0) {
    throw new Error(`${what}: output is not a SPIR-V module (${bytes.byteLength} bytes)`);
  }
  const words = new Uint32Array(bytes.byteLength / 4);
  new Uint8Array(words.buffer).set(bytes);
  if (words[0] !== 0x07230203) throw new Error(`${what}: bad SPIR-V magic 0x${words[0].toString(16)}`);
  return words;
}

/**
 * Compiles one listed shader with glslangValidator (with the debug info asked: none, `-g` or
 * `-gV`) through the cache. Resolves to
 * `{ ok: true, words }` or `{ ok: false, message }` (glslang's messages); rejects only when the
 * tool cannot be started.
 */
export async function compileShader(shader, debugInfo = 'none') {
  const key = cacheKey(shader, debugInfo);
  const cached = path.join(shadersCacheDir, `${key}.spv`);
  try {
    return { ok: true, words: toWords(await readFile(cached), shader.path) };
  } catch {
    // not cached yet (or unreadable): compile it
  }
  await mkdir(shadersCacheDir, { recursive: true });
  const tmp = path.join(shadersCacheDir, `${key}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`);
  const r = await runTool('glslangValidator', compileArgs(shader, tmp, debugInfo), { cwd: glslRoot });
  if (r.code !== 0) {
    await rm(tmp, { force: true });
    return { ok: false, message: `glslangValidator ${compileArgs(shader, '<out>', debugInfo).join(' ')} (exit ${r.code}):\n${r.output}` };
  }
  const words = toWords(await readFile(tmp), shader.path);
  // Atomic, so two processes filling the cache at once cannot leave a torn file.
  await rename(tmp, cached);
  return { ok: true, words };
}

/** Runs `items` through `fn`, at most `limit` at a time, keeping their order. */
export async function mapBounded(items, limit, fn) {
  const results = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** At most two tool processes at once: the machines this runs on are small and shared. */
export const DEFAULT_JOBS = 2;

/**
 * Compiles the whole folder (through the cache) with glslangValidator, with `opts.debugInfo`
 * (none, `g` or `gV`; default none).
 *
 * Every shader without a `requires:` header must compile; one that fails rejects the promise
 * with glslang's messages. A `requires: glslang-new` shader that this glslangValidator cannot
 * compile is left out of `shaders` and listed in `notCompiled` with the reason.
 */
export async function loadShaderFolder(opts = {}) {
  const version = glslangValidatorVersion();
  if (version === undefined) throw new Error('glslangValidator is not on PATH (Debian: apt-get install glslang-tools)');
  const listed = listShaderFolder();
  const results = await mapBounded(listed, opts.jobs ?? DEFAULT_JOBS, (shader) => compileShader(shader, opts.debugInfo ?? 'none'));
  const shaders = [];
  const notCompiled = [];
  const failures = [];
  listed.forEach((s, i) => {
    const r = results[i];
    const entry = { path: s.path, source: s.source, stage: s.stage, targetEnv: s.targetEnv, requires: s.requires };
    if (r.ok) shaders.push({ ...entry, words: r.words });
    else if (s.requires.length > 0) notCompiled.push({ ...entry, message: r.message });
    else failures.push(`${s.path}: ${r.message}`);
  });
  if (failures.length > 0) {
    throw new Error(`${failures.length} shader(s) failed to compile:\n${failures.join('\n\n')}`);
  }
  return { shaders, notCompiled, glslangValidator: version };
}
