// Runs the benchmark scripts: all of them, or those whose names contain the arguments
// (`pnpm bench decode dis`). Each runs in its own Node process with --expose-gc.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const filters = process.argv.slice(2);
const scripts = readdirSync(here)
  .filter((f) => f.endsWith('.bench.mjs'))
  .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
  .sort();
let failed = 0;
for (const script of scripts) {
  console.log(`\n=== ${script}`);
  const r = spawnSync(process.execPath, ['--expose-gc', join(here, script)], { stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
process.exitCode = failed === 0 ? 0 : 1;
