// A worker thread of `spvkit CMD --jobs N` (src/batch/workerPool.ts): loads the same bundle as
// the main thread, with this machine's code cache of CMD (read only: the main thread's run writes it),
// and serves jobs. Without a bundle (in the repository before the bundle step) the plain build.
'use strict';
const { join } = require('node:path');
const { loadBundle } = require('./spvkit.js');
const { openCache } = require('./codeCache.js');

const dist = join(__dirname, '..', 'dist');
let loaded;
try {
  loaded = loadBundle(join(dist, 'spvkit.cjs'), (source) => openCache(source, require('node:worker_threads').workerData?.command));
} catch (e) {
  if (e.code !== 'ENOENT') throw e;
}
if (loaded !== undefined) loaded.exports.serveWorker();
else import(require('node:url').pathToFileURL(join(dist, 'bin.js')).href).then((m) => m.serveWorker());
