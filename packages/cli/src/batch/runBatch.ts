import { mkdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { UsageError, type BatchSupport, type Command, type CommandIo } from '../CommandIo.js';
import type { FileOutcome } from './captureIo.js';
import { expandInputs, type BatchInput } from './expandInputs.js';
import { Progress } from './progress.js';
import { runFile, type FileJob } from './runFile.js';
import { WorkerPool } from './workerPool.js';

/** The options every many-input command takes, besides its own. */
export const BATCH_USAGE = `Many inputs: files, folders (their files of the command's kinds, at any depth) and quoted glob
patterns ('shaders/**/*.spv', expanded by spvkit), each file's results in input order, then one
summary line on standard error; the exit code is the worst of all files.
  --out-dir DIR   write each output under DIR at the input's path relative to its folder or glob
                  base (-o names the output of one input only)
  --json          one JSON object per input, one a line: {file, exitCode, output, result, text,
                  messages}
  --jobs N        worker threads (default: the number of cores, at most one per 8 inputs); the
                  output is the same bytes for every N`;

/** Inputs per worker below which another worker costs more (loading the bundle, ~40 ms) than it saves. */
const INPUTS_PER_WORKER = 8;

/**
 * Runs `command` over its inputs. One input given by name (no folder, no glob, no --out-dir or
 * batch --json) runs as the command alone would, with its output as it is written; anything more
 * runs each input as its own job (see runFile), in this thread or in worker threads, and prints
 * each input's messages and output whole, in input order.
 */
export async function runBatch(command: Command, batch: BatchSupport, args: string[], io: CommandIo): Promise<number> {
  const ownJson = 'json' in command.options;
  const { values, positionals, tokens } = parseArgs({
    args,
    allowPositionals: true,
    strict: true,
    tokens: true,
    options: { ...command.options, 'out-dir': { type: 'string' }, jobs: { type: 'string' }, ...(ownJson ? {} : { json: { type: 'boolean' } }) },
  });
  // Everything but the inputs and the batch's own options is passed on to each input's run.
  const batchOnly = new Set(['out-dir', 'jobs', ...(ownJson ? [] : ['json'])]);
  const batchArgs = new Set<number>();
  const inputArgs = new Set<number>();
  for (const t of tokens) {
    if (t.kind === 'positional' || t.kind === 'option-terminator') inputArgs.add(t.index);
    else if (t.kind === 'option' && batchOnly.has(t.name)) {
      batchArgs.add(t.index);
      if (t.value !== undefined && !t.inlineValue) batchArgs.add(t.index + 1);
    }
  }
  const passed = args.filter((_, i) => !batchArgs.has(i) && !inputArgs.has(i));
  const outDir = values['out-dir'];
  const json = values.json === true;
  const jobsAsked = values.jobs === undefined ? undefined : jobsOption(values.jobs);
  if (outDir === '') throw new UsageError('--out-dir needs a folder name');

  const single = positionals.length === 1 && outDir === undefined && !(json && !ownJson) ? positionals[0] : undefined;
  const inputs = expandInputs(
    positionals.filter((p) => p !== '-'),
    batch.inputExtensions,
  );
  if (positionals.length === 0 || (single !== undefined && (single === '-' || (inputs.length === 1 && 'path' in inputs[0] && inputs[0].path === single)))) {
    // One file named: the command itself, as before there were many inputs.
    return command.run(
      args.filter((_, i) => !batchArgs.has(i)),
      io,
    );
  }
  if (positionals.includes('-')) throw new UsageError("'-' (standard input) is taken only as the one input");
  if ((values as { output?: unknown }).output !== undefined) throw new UsageError('-o names the output of one input; for several, give --out-dir DIR');
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
  const threads = Math.max(1, Math.min(jobsAsked ?? Math.min(availableParallelism(), Math.ceil(jobCount / INPUTS_PER_WORKER)), jobCount));
  const pool = threads > 1 ? WorkerPool.open(threads) : undefined;
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

function jobsOption(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < 1) throw new UsageError(`--jobs: expected a whole number of threads, 1 or more, not '${value}'`);
  return n;
}
