// What a whole-process target leaves for spvkit's own work. A target such as "10x faster than
// spirv-dis" gives the spvkit process a time budget (the native tool's time / 10). Part of that
// budget is spent before any of spvkit's code runs: Node starting, and the input read and the
// output written. Those floors are measured here as whole processes, in the same run as the tools:
//   - `node -e ""`: Node's start-up alone;
//   - the I/O floor: a Node process that reads the input and writes an output of the size spvkit
//     writes, and does nothing else;
//   - `spvkit --version`: Node plus loading spvkit's bundle (with its code cache);
//   - spvkit's work warmed up: the same command run again in one process after two runs, so the
//     engine has compiled it. This is the work with no start-up and no cold code.
// budgetRows() prints a target's budget beside these, so it is plain whether the target leaves any
// time for the work.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { processMedian } from './measure.mjs';

const here = dirname(fileURLToPath(import.meta.url));

const IO_ONLY = `const fs = require('node:fs');
const [input, output, size] = process.argv.slice(1);
fs.readFileSync(input);
if (output !== '-') fs.writeFileSync(output, Buffer.alloc(Number(size), 32));`;

/**
 * The start-up floors: `node -e ""` and `spvkit --version` (`cli` is packages/cli/bin/spvkit.js),
 * medians of `rounds` whole processes.
 */
export function startupFloor(rounds, cli) {
  return {
    node: processMedian(rounds, process.execPath, ['-e', '']),
    spvkit: processMedian(rounds, process.execPath, [cli, '--version']),
  };
}

/** The I/O floor: a Node process reading `input` and writing `outputBytes` bytes to `output` (none when `output` is undefined). */
export function ioFloor(rounds, input, output, outputBytes = 0) {
  return processMedian(rounds, process.execPath, ['-e', IO_ONLY, input, output ?? '-', String(outputBytes)]);
}

/**
 * Median ms of spvkit command `args` run again in one process, after two runs: its work warmed up,
 * with nothing of start-up in it. `cli` is packages/cli/bin/spvkit.js, `bundle` its dist/spvkit.cjs.
 */
export function warmInProcess(rounds, cli, bundle, args) {
  const r = spawnSync(process.execPath, [join(here, 'warmRun.cjs'), cli, bundle, String(rounds), ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const ms = Number(r.stdout.trim().split('\n').at(-1));
  if (r.status !== 0 || !Number.isFinite(ms)) throw new Error(`spvkit ${args.join(' ')} in process failed (${r.status}): ${r.stderr.slice(-2000)}`);
  return ms;
}

/**
 * Rows for {@link report}: the budget a target of `ratio` times `nativeMs` gives, what is left of it
 * after the I/O floor and after spvkit's start-up with that I/O, and spvkit's warm work. `io` and
 * `warm` are from {@link ioFloor} and {@link warmInProcess}, `start` from {@link startupFloor}.
 */
export function budgetRows(name, nativeMs, ratio, { start, io, warm }) {
  const budget = nativeMs / ratio;
  const ms = (x) => `${x.toFixed(0)} ms`;
  return [
    [`${name}: budget at ${ratio}x`, ms(budget)],
    [`  left after node + I/O only`, ms(budget - io)],
    [`  left after spvkit start + I/O`, ms(budget - io - (start.spvkit - start.node))],
    [`  spvkit's work, warm, in process`, ms(warm)],
  ];
}
