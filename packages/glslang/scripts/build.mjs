// Builds packages/glslang/wasm/{glslang.js,glslang.wasm,manifest.json} from a glslang source
// tarball with emscripten. Not part of `pnpm test` or `pnpm build`: the committed artifacts are
// what users install, and a test (src/manifest.test.ts) proves they are the ones this script and
// the entry (native/spvkit_glslang.cpp) made.
//
//   GLSLANG_TARBALL=/path/to/glslang-<commit>.tar.gz pnpm build:glslang
//   pnpm build:glslang /path/to/glslang-<commit>.tar.gz
//
// Environment:
//   GLSLANG_TARBALL    the source tarball (or the first argument); its top folder is glslang-<commit>
//   GLSLANG_OPT        optimization level for the library and the link (default -O2: measured
//                      against -Oz, 1.87 MB instead of 1.29 MB of wasm, 533 KB instead of 418 KB
//                      gzipped, for compiles 2–3 times faster and a first compile about 1.5 times
//                      faster, which more than pays for the extra bytes even on a first page load)
//   GLSLANG_BUILD_DIR  where to extract and build (default: <tmpdir>/spvkit-glslang-build);
//                      kept between runs so a second build only relinks
//   GLSLANG_JOBS       parallel compile jobs (default 2: the build machine is shared)
//   GLSLANG_OUT_DIR    write the three files there instead of packages/glslang/wasm (to compare
//                      builds, e.g. -Oz against -O2, without touching the committed ones)
//   GLSLANG_ANY_EMSCRIPTEN=1  build with an emscripten other than the pinned one (the manifest says
//                      which); without it a different version is refused, since it would not
//                      reproduce the committed wasm
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The emscripten the committed artifact was built with (Debian bookworm's `emscripten`). */
const PINNED_EMSCRIPTEN = '3.1.6';

const packageDir = fileURLToPath(new URL('../', import.meta.url));
const entrySource = join(packageDir, 'native', 'spvkit_glslang.cpp');
const outDir = resolve(process.env.GLSLANG_OUT_DIR ?? join(packageDir, 'wasm'));

function fail(message) {
  console.error(`build:glslang: ${message}`);
  process.exit(1);
}

function sha256(path) {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

function run(cmd, args, options = {}) {
  console.log(`$ ${cmd} ${args.join(' ')}`);
  execFileSync(cmd, args, { stdio: 'inherit', ...options });
}

const tarball = process.argv[2] ?? process.env.GLSLANG_TARBALL;
if (!tarball) fail('give the glslang source tarball as the first argument or in GLSLANG_TARBALL (see packages/glslang/README.md)');
const tarballPath = resolve(tarball);
if (!existsSync(tarballPath)) fail(`${tarballPath} does not exist`);
const match = /^glslang-([0-9a-f]{7,40})\.tar\.gz$/.exec(basename(tarballPath));
if (!match) fail(`${basename(tarballPath)}: expected a name glslang-<commit>.tar.gz, whose commit goes into the manifest`);
const commit = match[1];

let emscriptenVersion;
try {
  const out = execFileSync('emcc', ['--version'], { encoding: 'utf8' });
  emscriptenVersion = /emcc \(Emscripten[^)]*\) (\d+\.\d+\.\d+)/.exec(out)?.[1];
} catch {
  fail('emcc not found: install emscripten (Debian: apt-get install emscripten; its JS optimizer also needs `npm install acorn` in /usr/share/emscripten)');
}
if (!emscriptenVersion) fail('could not read the version from `emcc --version`');
if (emscriptenVersion !== PINNED_EMSCRIPTEN && process.env.GLSLANG_ANY_EMSCRIPTEN !== '1') {
  fail(`emscripten ${emscriptenVersion} found, ${PINNED_EMSCRIPTEN} pinned; set GLSLANG_ANY_EMSCRIPTEN=1 to build anyway`);
}

const opt = process.env.GLSLANG_OPT ?? '-O2';
if (!/^-O[0-3sz]$/.test(opt)) fail(`GLSLANG_OPT=${opt}: expected -O0..-O3, -Os or -Oz`);
const jobs = process.env.GLSLANG_JOBS ?? '2';
const tarballSha = sha256(tarballPath);
const workDir = resolve(process.env.GLSLANG_BUILD_DIR ?? join(tmpdir(), 'spvkit-glslang-build'));
const srcRoot = join(workDir, `src-${tarballSha.slice(0, 12)}`);
const buildDir = join(workDir, `build-${tarballSha.slice(0, 12)}${opt}`);
mkdirSync(workDir, { recursive: true });

if (!existsSync(join(srcRoot, '.extracted'))) {
  rmSync(srcRoot, { recursive: true, force: true });
  mkdirSync(srcRoot, { recursive: true });
  run('tar', ['-xzf', tarballPath, '-C', srcRoot]);
  writeFileSync(join(srcRoot, '.extracted'), tarballSha);
}
const tops = readdirSync(srcRoot).filter((f) => !f.startsWith('.'));
if (tops.length !== 1) fail(`the tarball should hold one top folder, found: ${tops.join(', ')}`);
const srcDir = join(srcRoot, tops[0]);

// The compile flags name the source folder only through this prefix map, so where the build ran
// leaves no trace in the wasm.
const cxxFlags = `${opt} -DNDEBUG -ffile-prefix-map=${srcDir}=glslang -ffile-prefix-map=${buildDir}=build`;
run('emcmake', [
  'cmake', '-S', srcDir, '-B', buildDir,
  '-DCMAKE_BUILD_TYPE=Release',
  `-DCMAKE_CXX_FLAGS_RELEASE=${cxxFlags}`,
  `-DCMAKE_C_FLAGS_RELEASE=${cxxFlags}`,
  '-DENABLE_OPT=OFF',
  '-DENABLE_HLSL=OFF',
  '-DENABLE_GLSLANG_BINARIES=OFF',
  '-DENABLE_GLSLANG_JS=OFF',
  '-DENABLE_SPVREMAPPER=OFF',
  '-DENABLE_PCH=OFF',
  '-DGLSLANG_TESTS=OFF',
  '-DGLSLANG_ENABLE_INSTALL=OFF',
  '-DBUILD_EXTERNAL=OFF',
  '-DBUILD_SHARED_LIBS=OFF',
]);
run('cmake', ['--build', buildDir, '--target', 'glslang', 'glslang-default-resource-limits', '--', `-j${jobs}`]);

/** Every static library the two targets produced, in a fixed order. */
function findLibs(dir, found = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const p = join(dir, entry.name);
    if (entry.isDirectory()) findLibs(p, found);
    else if (entry.name.endsWith('.a')) found.push(p);
  }
  return found;
}
const libs = findLibs(buildDir);
if (libs.length === 0) fail(`no static libraries under ${buildDir}`);

const exported = [
  '_malloc',
  '_free',
  '_spvkit_glslang_version',
  '_spvkit_glslang_compile',
  '_spvkit_result_status',
  '_spvkit_result_words',
  '_spvkit_result_word_count',
  '_spvkit_result_log',
  '_spvkit_result_free',
];
// ES module glue that never loads anything itself: the TypeScript loader hands it the compiled
// WebAssembly through `instantiateWasm`, so the same glue runs in Node and browsers and bundlers
// see the wasm through `new URL(..., import.meta.url)` in our code, not in emscripten's.
const linkFlags = [
  opt,
  '--no-entry',
  '-sMODULARIZE=1',
  '-sEXPORT_ES6=1',
  '-sEXPORT_NAME=createGlslangModule',
  '-sENVIRONMENT=web,worker',
  '-sFILESYSTEM=0',
  '-sALLOW_MEMORY_GROWTH=1',
  '-sTOTAL_STACK=4194304',
  // glslang walks its trees recursively, and the wasm's stack lies above its static data: without
  // a check, a deep enough shader would overwrite that data before anything traps. With it,
  // running over the stack aborts (GLSLANG_ABORTED) before it writes.
  '-sSTACK_OVERFLOW_CHECK=2',
  '-sINITIAL_MEMORY=33554432',
  '-sDYNAMIC_EXECUTION=0',
  '-sTEXTDECODER=2',
  `-sEXPORTED_FUNCTIONS=${exported.join(',')}`,
  '-sEXPORTED_RUNTIME_METHODS=[]',
  '-sINCOMING_MODULE_JS_API=instantiateWasm,print,printErr,onAbort,spvkitInclude',
];
const tmpOut = join(buildDir, 'spvkit-out');
mkdirSync(tmpOut, { recursive: true });
run('em++', [
  '-std=c++17',
  opt,
  '-DNDEBUG',
  `-I${srcDir}`,
  `-I${join(buildDir, 'include')}`,
  `-ffile-prefix-map=${packageDir}=spvkit-glslang`,
  entrySource,
  ...libs,
  ...linkFlags,
  '-o', join(tmpOut, 'glslang.js'),
]);

mkdirSync(outDir, { recursive: true });
copyFileSync(join(tmpOut, 'glslang.js'), join(outDir, 'glslang.js'));
copyFileSync(join(tmpOut, 'glslang.wasm'), join(outDir, 'glslang.wasm'));

const versionMatch = /^## (\d+\.\d+\.\d+) /m.exec(readFileSync(join(srcDir, 'CHANGES.md'), 'utf8'));
const manifest = {
  glslang: {
    commit,
    version: versionMatch ? versionMatch[1] : null,
    tarball: basename(tarballPath),
    tarballSha256: tarballSha,
    cmake: ['-DENABLE_OPT=OFF', '-DENABLE_HLSL=OFF', '-DCMAKE_BUILD_TYPE=Release'],
  },
  emscripten: emscriptenVersion,
  optimization: opt,
  linkFlags,
  inputs: {
    'scripts/build.mjs': sha256(fileURLToPath(import.meta.url)),
    'native/spvkit_glslang.cpp': sha256(entrySource),
  },
  outputs: {
    'wasm/glslang.js': sha256(join(outDir, 'glslang.js')),
    'wasm/glslang.wasm': sha256(join(outDir, 'glslang.wasm')),
  },
};
writeFileSync(join(outDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
const size = readFileSync(join(outDir, 'glslang.wasm')).length;
console.log(`build:glslang: ${join(outDir, 'glslang.wasm')} ${size} bytes (${opt}), manifest written`);
