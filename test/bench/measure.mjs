// Small timing helpers shared by the benchmark scripts.
import { spawnSync } from 'node:child_process';

/** Median wall time in ms of `fn` over `rounds` runs, after two warm-up runs. */
export function median(rounds, fn) {
  fn();
  fn();
  const times = [];
  for (let i = 0; i < rounds; i++) {
    const t = performance.now();
    fn();
    times.push(performance.now() - t);
  }
  times.sort((x, y) => x - y);
  return times[times.length >> 1];
}

/** Median wall time in ms of a whole process (Node start included), failing loudly if it fails. */
export function processMedian(rounds, cmd, args, options = {}) {
  return median(rounds, () => {
    const r = spawnSync(cmd, args, { stdio: ['pipe', 'ignore', 'pipe'], ...options });
    if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${r.status}): ${r.stderr}`);
  });
}

/** True when `cmd` can be run. */
export function hasTool(cmd) {
  return spawnSync(cmd, ['--version'], { stdio: 'ignore' }).status === 0;
}

export function requireGc() {
  if (typeof globalThis.gc !== 'function') {
    console.error('run with node --expose-gc (pnpm bench does)');
    process.exit(2);
  }
}

/** Prints one benchmark's figures as aligned lines. */
export function report(title, rows) {
  console.log(`\n${title}`);
  for (const [k, v, target] of rows) console.log(`  ${k.padEnd(34)} ${String(v).padStart(10)}${target ? `   (target ${target})` : ''}`);
}
