#!/usr/bin/env node
// Committed so the bin link exists right after `pnpm install`, before the first build. Runs the
// one-script bundle the build makes, dist/spvkit.cjs, with its V8 code cache (see
// scripts/bundle.mjs for why and what it saves), or the plain build when there is no bundle.
// CommonJS (bin/package.json): a CommonJS entry starts faster than an ES module.
'use strict';
const { readFileSync } = require('node:fs');
const { dirname, join } = require('node:path');
const { Script } = require('node:vm');

/**
 * Runs the bundle `file` as Node runs a CommonJS file, compiled with the code cache its last line
 * names when there is one (`useCache`). Returns its exports ({ main, run }) and the vm.Script
 * (scripts/codeCache.cjs makes the cache from it).
 */
function loadBundle(file, useCache = true) {
  // The bundle is ASCII (charset: 'ascii'), so latin1 reads it exactly, without UTF-8 decoding.
  const source = readFileSync(file, 'latin1');
  let cachedData;
  if (useCache) {
    const named = /\/\/# spvkit-code-cache=([\w.-]+)\n$/.exec(source.slice(-120));
    if (named !== null) {
      try {
        cachedData = readFileSync(join(dirname(file), named[1]));
      } catch {
        // No cache: compile as usual.
      }
    }
  }
  // A cache V8 rejects (another Node version, other V8 flags) is dropped by V8: nothing to do.
  const script = new Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, { filename: file, cachedData });
  const module = { exports: {} };
  script.runInThisContext()(module.exports, require, module, file, dirname(file));
  return { exports: module.exports, script };
}

if (require.main === module) {
  const dist = join(__dirname, '..', 'dist');
  let cli;
  try {
    cli = loadBundle(join(dist, 'spvkit.cjs')).exports;
  } catch (e) {
    if (e.code !== 'ENOENT') throw e;
  }
  if (cli !== undefined) cli.run();
  else import(require('node:url').pathToFileURL(join(dist, 'bin.js')).href).then((m) => m.run());
}

module.exports = { loadBundle };
