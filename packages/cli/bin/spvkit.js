#!/usr/bin/env node
// Committed so the bin link exists right after `pnpm install`, before the first build. Runs the
// one-script bundle the build makes, dist/spvkit.cjs (see scripts/bundle.mjs for why one
// script), compiled with the V8 code cache this machine made of it (bin/codeCache.js), or the
// plain build when there is no bundle (in the repository before `pnpm build`).
// CommonJS (bin/package.json): a CommonJS entry starts faster than an ES module.
'use strict';
const { readFileSync } = require('node:fs');
const { dirname, join } = require('node:path');
const { Script } = require('node:vm');

/**
 * Runs the bundle `file` as Node runs a CommonJS file, compiled with `cachedData` when given.
 * Returns its exports ({ main, run }), the vm.Script (to make a cache from) and its source.
 */
function loadBundle(file, cacheOf) {
  // The bundle is ASCII (charset: 'ascii'), so latin1 reads it exactly, without UTF-8 decoding.
  const source = readFileSync(file, 'latin1');
  const cache = cacheOf === undefined ? undefined : cacheOf(source);
  // A cache V8 rejects (V8 flags that differ) is dropped by V8 (cachedDataRejected): nothing to do.
  // The file's text is the function (scripts/bundle.mjs): compiled as it is, not wrapped here.
  const script = new Script(source, {
    filename: file,
    ...(cache?.data !== undefined ? { cachedData: cache.data } : {}),
  });
  const module = { exports: {} };
  script.runInThisContext()(module.exports, require, module, file, dirname(file));
  return { exports: module.exports, script, cache };
}

if (require.main === module) {
  const dist = join(__dirname, '..', 'dist');
  const { openCache, saveCache } = require('./codeCache.js');
  const command = process.argv[2] ?? 'help';
  let loaded;
  try {
    loaded = loadBundle(join(dist, 'spvkit.cjs'), (source) => openCache(source, command));
  } catch (e) {
    if (e.code !== 'ENOENT') throw e;
  }
  if (loaded !== undefined) {
    const argv = process.argv.slice(2);
    loaded.exports.run(argv).then(() => saveCache(loaded.cache, loaded.script, command));
  } else import(require('node:url').pathToFileURL(join(dist, 'bin.js')).href).then((m) => m.run());
}

module.exports = { loadBundle };
