// A long fuzz campaign: `node test/fuzz/campaign.mjs [seconds] [seed]`. Runs the same loop as the
// CI suite through vitest's module resolution (so it fuzzes the sources), printing violations
// with the seed that reproduces each.
import { spawnSync } from 'node:child_process';

const seconds = Number(process.argv[2] ?? 600);
const seed = process.argv[3] ?? String(Date.now() >>> 0);
console.log(`fuzz campaign: ${seconds} s`);
const r = spawnSync('pnpm', ['exec', 'vitest', 'run', 'test/fuzz/fuzz.test.ts'], {
  stdio: 'inherit',
  env: { ...process.env, SPVKIT_FUZZ_BUDGET_MS: String(seconds * 1000), SPVKIT_FUZZ_SEED: seed },
});
process.exitCode = r.status ?? 1;
