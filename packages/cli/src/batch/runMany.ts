import { mkdirSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { UsageError, type BatchSupport, type Command, type CommandIo } from '../CommandIo.js';
import type { FileOutcome } from './captureIo.js';
import { expandInputs, type BatchInput } from './expandInputs.js';
import { Progress } from './progress.js';
import { runFile, type FileJob } from './runFile.js';
import { WorkerPool } from './workerPool.js';

/**
 * Bytes of input per thread below which worker threads cost more than they save. A worker loads
 * the bundle and compiles its code afresh (its first modules run unoptimized): measured ~200 ms
 * before it works at full speed, while one thread works through ~6 MB/s of small modules cold,
 * ~20 MB/s warm. So the test/shaders folder (379 modules, 1.6 MB) ran in 0.50 s in this thread
 * and 0.69 s with two workers on 2 cores (Node 20.20, `spvkit dis DIR --out-dir`); workers pay
 * off from a few MB per thread.
 */
const BYTES_PER_THREAD = 4 * 1024 * 1024;

/** The command line of a many-input run, as runBatch parsed it. */
export interface ManyArgs {
  /** The whole argument list. */
  readonly args: readonly string[];
  /** The inputs as given (files, folders, globs, `-`). */
  readonly positionals: readonly string[];
  /** Indexes in `args` of the batch's own options and their values (--out-dir, --jobs, --json). */
  readonly batchArgs: ReadonlySet<number>;
  /** The options passed on to each input's run. */
  readonly passed: readonly string[];
  readonly outDir: string | undefined;
  readonly json: boolean;
  readonly jobsAsked: number | undefined;
  /** The one input, when only one is given without --out-dir or a batch --json. */
  readonly single: string | undefined;
  /** The command's -o, when given. */
  readonly output: unknown;
}

/**
 * Runs `command` over inputs that are more than one named file (see runBatch): expands folders and
 * globs, plans every output before writing any, runs each input as its own job in this thread or
 * in worker threads, and prints each input's results whole, in input order.
 */
export async function runMany(command: Command, batch: BatchSupport, m: ManyArgs, io: CommandIo): Promise<number> {
  const { args, positionals, batchArgs, passed, outDir, json, jobsAsked, single } = m;
  const inputs = expandInputs(
    positionals.filter((p) => p !== '-'),
    batch.inputExtensions,
  );
  if (single !== undefined && inputs.length === 1 && 'path' in inputs[0] && inputs[0].path === single) {
    // A missing file named alone: the command itself reports it.
    return command.run(
      args.filter((_, i) => !batchArgs.has(i)),
      io,
    );
  }
  if (positionals.includes('-')) throw new UsageError("'-' (standard input) is taken only as the one input");
  if (m.output !== undefined) throw new UsageError('-o names the output of one input; for several, give --out-dir DIR');
  if (outDir !== undefined && batch.outputPath === undefined) throw new UsageError(`${command.name} writes no files, so it takes no --out-dir`);
  if (batch.needsOutput === true && outDir === undefined) throw new UsageError('several inputs need --out-dir DIR for their outputs');

  // Each input's job, or its failure when it cannot have one.
  const planned: Array<{ name: string; job?: FileJob; output?: string; failure?: FileOutcome }> = [];
  const claimed = new Map<string, string>();
  const stdoutIsTTY = (io.stdout as { isTTY?: boolean }).isTTY === true;
  // Every output is known and checked before anything is written: a usage error leaves no folder behind.
  const outputs = inputs.map((input) => {
    if (!('path' in input)) return undefined;
    const output = outputOf(input, batch, outDir);
    if (output === undefined) return undefined;
    const key = resolve(output);
    if (key === resolve(input.path)) throw new UsageError(`${input.path} would be written over itself; give another --out-dir`);
    const other = claimed.get(key);
    if (other !== undefined)
      throw new UsageError(
        `${other} and ${input.path} would both be written to ${output}; give them from their folders (or a glob) so that their relative paths differ`,
      );
    claimed.set(key, input.path);
    return output;
  });
  inputs.forEach((input, i) => {
    if (!('path' in input)) {
      planned.push({ name: input.pattern, failure: { code: 1, stdout: new Uint8Array(0), stderr: `${input.pattern}: error: no file matches this pattern\n` } });
      return;
    }
    const output = outputs[i];
    if (output !== undefined && outDir !== undefined) {
      try {
        mkdirSync(dirname(output), { recursive: true });
      } catch (e) {
        planned.push({
          name: input.path,
          output,
          failure: { code: 1, stdout: new Uint8Array(0), stderr: `${dirname(output)}: error: cannot make the folder: ${(e as Error).message}\n` },
        });
        return;
      }
    }
    const args = [...passed, ...(outDir !== undefined && output !== undefined ? ['-o', output] : []), '--', input.path];
    planned.push({ name: input.path, job: { command: command.name, args, stdoutIsTTY }, ...(output !== undefined ? { output } : {}) });
  });

  const jobCount = planned.filter((p) => p.job !== undefined).length;
  const threads = Math.max(1, Math.min(jobsAsked ?? defaultThreads(planned), jobCount));
  const pool = threads > 1 ? WorkerPool.open(threads, command.name) : undefined;
  const progress = new Progress(io.stderr, `spvkit ${command.name}`, planned.length);
  const outcomes = planned.map((p) => (p.failure !== undefined ? Promise.resolve(p.failure) : undefined));
  // In this thread one after another; with a pool every job is queued at once and taken by the next free worker.
  const start = (i: number): Promise<FileOutcome> => (outcomes[i] ??= pool !== undefined ? pool.run(planned[i].job!) : runFile(planned[i].job!));
  // Queued, not awaited here: each promise is kept in outcomes and awaited in order below.
  if (pool !== undefined) for (let i = 0; i < planned.length; i++) void start(i);

  let worst = 0;
  let failed = 0;
  try {
    for (let i = 0; i < planned.length; i++) {
      const outcome = await start(i);
      const p = planned[i];
      progress.clear();
      worst = Math.max(worst, outcome.code);
      if (outcome.code !== 0) failed++;
      if (json) io.stdout.write(`${JSON.stringify(jsonOf(p.name, p.output, outcome, command))}\n`);
      else print(io, p.name, outcome, batch);
      progress.update(i + 1);
    }
  } finally {
    progress.clear();
    await pool?.close();
  }
  const total = planned.length;
  io.stderr.write(`spvkit ${command.name}: ${total} file${total === 1 ? '' : 's'}, ${total - failed} ok, ${failed} failed\n`);
  return worst;
}

/** Where an input's output goes: under --out-dir at its relative path, else the command's own default (dis: standard output). */
function outputOf(input: BatchInput, batch: BatchSupport, outDir: string | undefined): string | undefined {
  if (batch.outputPath === undefined) return undefined;
  if (outDir !== undefined) return join(outDir, batch.outputPath(input.relative));
  if (batch.defaultsToStdout === true) return undefined;
  return join(dirname(input.path), batch.outputPath(basename(input.path)));
}

/**
 * One input's output as text: its messages, then what it wrote to standard output. For commands
 * that write no files (info), that text is the input's report, so it goes under the input's name.
 */
function print(io: CommandIo, name: string, outcome: FileOutcome, batch: BatchSupport): void {
  if (outcome.stderr !== '') io.stderr.write(outcome.stderr);
  if (outcome.stdout.byteLength === 0) return;
  if (batch.outputPath === undefined) {
    const text = Buffer.from(outcome.stdout).toString('utf8').replace(/\n$/, '');
    io.stdout.write(`${name}:\n${text.replace(/^/gm, '  ')}\n`);
  } else io.stdout.write(outcome.stdout);
}

/** The object --json prints for one input. */
function jsonOf(file: string, output: string | undefined, outcome: FileOutcome, command: Command): Record<string, unknown> {
  const text = Buffer.from(outcome.stdout).toString('utf8');
  const own = 'json' in command.options && text !== '';
  let result: unknown;
  if (own) {
    try {
      result = JSON.parse(text);
    } catch {
      result = undefined;
    }
  }
  return {
    file,
    exitCode: outcome.code,
    output: output ?? null,
    ...(result !== undefined ? { result } : {}),
    ...(!own && text !== '' ? { text } : {}),
    ...(outcome.stderr !== '' ? { messages: outcome.stderr } : {}),
  };
}

/** Threads when --jobs is not given: one per {@link BYTES_PER_THREAD} of input, at most one per core. */
function defaultThreads(planned: ReadonlyArray<{ name: string; job?: FileJob }>): number {
  let bytes = 0;
  for (const p of planned) {
    if (p.job === undefined) continue;
    try {
      bytes += statSync(p.name).size;
    } catch {
      // Unreadable: its job reports it.
    }
  }
  return Math.min(process.getBuiltinModule('node:os').availableParallelism(), Math.floor(bytes / BYTES_PER_THREAD));
}
