// Used by floor.mjs: runs one spvkit command again and again in this process and prints the
// median ms of the runs after the first two (the work warmed up). A file, not `node -e`: the
// bundle runs itself where `module` and `__filename` are globals, as they are under -e.
// Usage: node warmRun.cjs BIN BUNDLE ROUNDS ARGS...
'use strict';
const { resolve } = require('node:path');
const { loadBundle } = require(resolve(process.argv[2]));
const { exports: spvkit } = loadBundle(resolve(process.argv[3]));
const [rounds, ...args] = process.argv.slice(4);
(async () => {
  const times = [];
  for (let i = -2; i < Number(rounds); i++) {
    const t = performance.now();
    await spvkit.run(args);
    if (i >= 0) times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  process.stdout.write(`${times[times.length >> 1]}\n`);
  // The command's own exit code (val's 1 for an invalid module) is not this measurement's.
  process.exitCode = 0;
})();
