// Makes the V8 code cache of the bundle: `node scripts/codeCache.cjs dist/spvkit.cjs OUT.cache`
// (scripts/bundle.mjs runs it). Loads the bundle as bin/spvkit.js does, runs every command once on
// a small shader so that V8 compiles the functions a run needs, then writes the cache: bytecode of
// the top-level code and of each function that ran. The commands run in this process, through the
// bundle's main(), on files in a temporary folder; their output is dropped.
'use strict';
const { mkdtempSync, rmSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { dirname, join } = require('node:path');
const { pathToFileURL } = require('node:url');
const { Readable, Writable } = require('node:stream');
const { loadBundle } = require('../bin/spvkit.js');

/**
 * The module the commands run on: the assembler's own warm-up text (core's warmUpText.ts, a
 * glslang compute shader in spirv-dis's style with debug info, names, decorations, types,
 * constants, two functions with a loop, branches, a GLSL.std.450 call and the builtins
 * validate-builtins checks), read from core's build, which `pnpm build` makes first.
 */
async function shaderText() {
  const core = dirname(require.resolve('@spvkit/core/package.json'));
  const { warmUpText } = await import(pathToFileURL(join(core, 'dist', 'text', 'assembler', 'warmUpText.js')).href);
  return warmUpText;
}

async function main() {
  const [scriptPath, cachePath] = process.argv.slice(2);
  const { exports: cli, script } = loadBundle(scriptPath, false);
  const dir = mkdtempSync(join(tmpdir(), 'spvkit-code-cache-'));
  try {
    const asm = join(dir, 'shader.spvasm');
    const spv = join(dir, 'shader.spv');
    writeFileSync(asm, await shaderText());
    const runs = [
      ['--help'],
      ['as', asm, '-o', spv],
      ['dis', spv, '-o', join(dir, 'dis.spvasm')],
      ['dis', '--raw-id', spv, '-o', join(dir, 'raw.spvasm')],
      ['info', spv],
      ['val', spv],
      ['val', '--target-env', 'vulkan1.1', asm],
      ['opt', spv, '-o', join(dir, 'opt.spv'), '--lower-local-invocation-index'],
    ];
    for (const argv of runs) {
      const sink = new Writable({ write: (_chunk, _encoding, done) => done() });
      // A command that fails here leaves some of its functions out of the cache (they are then
      // compiled when first called, as without a cache): say so, and go on.
      try {
        const code = await cli.main(argv, { stdout: sink, stderr: sink, stdin: Readable.from([]) });
        if (code !== 0) process.stderr.write(`codeCache: spvkit ${argv.join(' ')} exited ${code} while making the code cache\n`);
      } catch (e) {
        process.stderr.write(`codeCache: spvkit ${argv.join(' ')} failed while making the code cache: ${e instanceof Error ? e.message : String(e)}\n`);
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  writeFileSync(cachePath, script.createCachedData());
}

main().catch((e) => {
  process.stderr.write(`codeCache: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exitCode = 1;
});
