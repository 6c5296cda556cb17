// Bundles the built CLI and everything it imports into one script, dist/spvkit.cjs, which
// bin/spvkit.js loads through vm.Script with a V8 code cache made on the user's machine
// (bin/codeCache.js), and writes dist/spvkit.d.cts, the types of the package's library export
// (the same script: `main` and `run`). Start-up is a large part of a typical `spvkit` run.
// Measured with Node 20 on 2 cores (medians; `node -e ""` ~48 ms): one file instead of ~100 ES
// modules saved about a third of the load; the code cache then saves compiling the script
// (~750 KB, 300 KB of it grammar tables built by top-level code, which V8 compiles eagerly):
// `spvkit --version` ~78 -> ~63 ms, and the same ~15 ms off every command.
//
// Why CommonJS: Node 20 has no compile cache for ES modules (module.enableCompileCache is Node
// 22), but vm.Script takes V8 cached data. So the bundle is a script whose value is a function of
// (exports, require, module, __filename, __dirname), as Node wraps a CommonJS file. The same file
// is the library export: require() and import both load it (it calls that function itself when
// Node loads it as a module), and it needs no dependency installed.
//
// No cache is made here: V8 accepts a cache only from its own version, so one made at build time
// serves only the Node that built the package. The bundle's last line carries a hash of the
// script, the cache's key (V8 itself checks only the source length).
//
// Each command's modules are initialized only when it runs: import() in src/commands/index.ts
// (and of the many-input machinery in src/batch/runBatch.ts) stays in the one script as a function
// that initializes those modules on first call (codeSplitting: false), and directImports.mjs
// takes every import past the packages' barrels, since a barrel's init would initialize all it
// re-exports. An earlier attempt without the second step measured no gain: every command imports
// core's barrel. With both, measured with Node 20.20 on a quiet 16-core machine (medians of 30,
// against the build before, which initialized everything, worker_threads and node:stream
// included): `--version` 112 -> 97 ms, `dis` 123 -> 109 ms, `as` 138 -> 130 ms, and the code
// cache 1.19 MB -> 0.44 MB (it holds only what the commands run).
//
// Measured and dropped:
// - V8 flags set by bin/spvkit.js (--always-sparkplug, --no-lazy-feedback-allocation; the cache
//   made under the same flags, or V8 rejects it): 10-14 ms slower for `as`, `dis` and `val`.
import { createHash } from 'node:crypto';
import { readdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { rolldown } from 'rolldown';
import { directImports } from './directImports.mjs';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const script = `${dist}spvkit.cjs`;

// Stale outputs first (caches made by builds before caches moved to the user's machine too).
for (const f of readdirSync(dist)) if (/^spvkit\..*(cache|mjs|cjs|d\.cts)$/.test(f)) rmSync(dist + f);

const bundle = await rolldown({
  input: `${dist}bin.js`,
  platform: 'node',
  logLevel: 'warn',
  // `spvkit glsl`'s compiler stays a package of its own (a dependency): its wasm and glue are
  // files it finds beside itself, and only that command loads it.
  external: ['@spvkit/glslang'],
  // Each command initializes only the parts of core (and of the validator, which only `val`
  // loads) it uses (see directImports.mjs).
  plugins: [
    directImports({
      '@spvkit/core': realpathSync(fileURLToPath(import.meta.resolve('@spvkit/core'))),
      '@spvkit/validator': realpathSync(fileURLToPath(import.meta.resolve('@spvkit/validator'))),
    }),
  ],
});
const { output } = await bundle.generate({
  format: 'cjs',
  // ASCII only (other characters as escapes): V8 then keeps the source as a one-byte string, and
  // bin/spvkit.js can read it as latin1, which is cheaper than decoding UTF-8.
  charset: 'ascii',
  // Without comments (JSDoc is most of them): a quarter less source to read, and charset 'ascii'
  // leaves comments as they are.
  comments: false,
  // The glsl command's import('@spvkit/glslang') as require() (Node 20.19+ requires an ES module
  // that has no top-level await): a vm.Script has no loader for import().
  dynamicImportInCjs: false,
  // One script still: each import() of our own modules (the commands, the many-input machinery)
  // becomes a call of the function that initializes that module on first use.
  codeSplitting: false,
});
await bundle.close();
if (output.length !== 1 || output[0].type !== 'chunk') throw new Error(`bundle: expected one chunk, got ${output.map((o) => o.fileName).join(', ')}`);
const code = output[0].code;
if (/[\u0080-\uffff]/.test(code)) throw new Error('bundle: the script is not ASCII');
// import() in a vm.Script needs an importModuleDynamically callback; the bundle must have none left.
if (/\bimport\s*\(/.test(code.replace(/\/\/.*|\/\*[\s\S]*?\*\//g, ''))) throw new Error('bundle: the script still has an import()');

// The script is a function of (exports, require, module, __filename, __dirname) as written, so
// that bin/spvkit.js compiles the file's text itself: wrapping it there made V8 flatten a copy of
// the whole source (~1.4 MB of fresh memory, ~350 page faults) in every run. Loaded by require()
// or import (the library export), Node's own wrapper defines __filename and module, and the
// function is called with them; run as a vm.Script, the script's value is the function.
const wrapped = `((load) => typeof __filename === 'string' && typeof module === 'object' ? load(exports, require, module, __filename, __dirname) : load)(function (exports, require, module, __filename, __dirname) {${code}\n})`;
const hash = createHash('sha256').update(wrapped).digest('hex').slice(0, 16);
writeFileSync(script, `${wrapped}\n//# spvkit-bundle=${hash}\n`);

// The library export's types. The script is CommonJS, so its types are a .d.cts (a .d.ts in this
// "type": "module" package would claim an ES module); they name the ES-module declarations tsc
// wrote for the same sources, which type-only references may (the package's `files` ships them).
writeFileSync(
  `${dist}spvkit.d.cts`,
  `/** Types of dist/spvkit.cjs, the one-script build of the spvkit command (see bin.ts and main.ts). */
export type { Command, CommandIo } from './main.js';
/** Runs the spvkit command line in this process and returns its exit code: 0 success, 1 bad input, 2 bad usage. */
export declare const main: typeof import('./main.js').main;
/** Runs spvkit on this process's arguments and standard streams and sets its exit code, as the \`spvkit\` bin does. */
export declare const run: typeof import('./bin.js').run;
`,
);
