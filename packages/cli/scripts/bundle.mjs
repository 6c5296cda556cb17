// Bundles the built CLI and everything it imports into one script, dist/spvkit.cjs, and makes a V8
// code cache for it, dist/spvkit.<hash>.cache; bin/spvkit.js loads the script through vm.Script
// with that cache. Start-up is a large part of a typical `spvkit` run. Measured with Node 20 on 2
// cores (medians; `node -e ""` ~48 ms): one file instead of ~100 ES modules saved about a third of
// the load; the code cache then saves compiling the script (~750 KB, 300 KB of it grammar tables
// built by top-level code, which V8 compiles eagerly): `spvkit --version` ~78 -> ~63 ms, and the
// same ~15 ms off every command.
//
// Why CommonJS: Node 20 has no compile cache for ES modules (module.enableCompileCache is Node
// 22), but vm.Script takes V8 cached data. So the bundle is a script: a function of (exports,
// require, module, __filename, __dirname), as Node wraps a CommonJS file.
//
// The cache holds bytecode for the top-level code and for every function that ran while it was
// made: scripts/codeCache.cjs loads the script and runs each command on a small shader, so the
// functions a real run needs are compiled already (V8 otherwise compiles each on its first call).
// Against a cache of the top-level code alone: `dis` ~7 ms and `val` ~5 ms faster, `--version`
// ~3 ms slower (a larger cache to read). The cache's file name carries a hash of the script, so a
// cache made for another build is never used (V8 itself checks only the source length). A cache
// V8 rejects (another Node version, V8 flags) is ignored and the script is compiled as usual.
//
// Measured and dropped:
// - loading each command's module only when it runs (import() in src/commands/index.ts, as lazy
//   init functions in the one script): every command imports the @spvkit/core barrel, whose
//   initialization (the grammar tables) is most of the top-level work, so `spvkit as` still ran
//   nearly all of it, and the parse it would have saved is gone with the cache. No difference in
//   `--version`, `as`, `dis` or `val`.
// - V8 flags set by bin/spvkit.js (--always-sparkplug, --no-lazy-feedback-allocation; the cache
//   made under the same flags, or V8 rejects it): 10-14 ms slower for `as`, `dis` and `val`.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { rolldown } from 'rolldown';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const script = `${dist}spvkit.cjs`;

// Stale outputs first: an old cache must never sit next to a new script.
for (const f of readdirSync(dist)) if (/^spvkit\..*(cache|mjs|cjs)$/.test(f)) rmSync(dist + f);

const bundle = await rolldown({
  input: `${dist}bin.js`,
  platform: 'node',
  logLevel: 'warn',
});
const { output } = await bundle.generate({
  format: 'cjs',
  // ASCII only (other characters as escapes): V8 then keeps the source as a one-byte string, and
  // bin/spvkit.js can read it as latin1, which is cheaper than decoding UTF-8.
  charset: 'ascii',
  // Without comments (JSDoc is most of them): a quarter less source to read, and charset 'ascii'
  // leaves comments as they are.
  comments: false,
});
await bundle.close();
if (output.length !== 1 || output[0].type !== 'chunk') throw new Error(`bundle: expected one chunk, got ${output.map((o) => o.fileName).join(', ')}`);
const code = output[0].code;
if (/[^\x00-\x7f]/.test(code)) throw new Error('bundle: the script is not ASCII');
// import() in a vm.Script needs an importModuleDynamically callback; the bundle must have none left.
if (/\bimport\s*\(/.test(code.replace(/\/\/.*|\/\*[\s\S]*?\*\//g, ''))) throw new Error('bundle: the script still has an import()');

const hash = createHash('sha256').update(code).digest('hex').slice(0, 16);
writeFileSync(script, `${code}\n//# spvkit-code-cache=spvkit.${hash}.cache\n`);

const made = spawnSync(process.execPath, [fileURLToPath(new URL('./codeCache.cjs', import.meta.url)), script, `${dist}spvkit.${hash}.cache`], {
  stdio: ['ignore', 'inherit', 'inherit'],
});
if (made.status !== 0) throw new Error(`bundle: making the code cache failed (exit ${made.status})`);
