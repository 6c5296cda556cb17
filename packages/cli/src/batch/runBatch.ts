import { statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { UsageError, type BatchSupport, type Command, type CommandIo } from '../CommandIo.js';

/** The options every many-input command takes, besides its own. */
export const BATCH_USAGE = `Many inputs: files, folders (their files of the command's kinds, at any depth) and quoted glob
patterns ('shaders/**/*.spv', expanded by spvkit), each file's results in input order, then one
summary line on standard error; the exit code is the worst of all files.
  --out-dir DIR   write each output under DIR at the input's path relative to its folder or glob
                  base (-o names the output of one input only)
  --json          one JSON object per input, one a line: {file, exitCode, output, result, text,
                  messages}
  --jobs N        threads (default: one per 4 MB of input, at most one per core: a smaller run
                  is faster in one); the output is the same bytes for every N`;

/**
 * Runs `command` over its inputs. One input given by name (no folder, no glob, no --out-dir or
 * batch --json) runs as the command alone would, with its output as it is written; anything more
 * runs each input as its own job (see runMany.ts), in this thread or in worker threads, and prints
 * each input's messages and output whole, in input order.
 *
 * The one-file case is decided here, before anything of many inputs is loaded: glob matching,
 * worker threads and output capture are a module of their own (runMany.ts), initialized only when
 * a command has more than one file to run (node:worker_threads and node:stream alone were ~15 ms
 * of every `spvkit` start-up while they were loaded up front).
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
  if (positionals.length === 0 || (single !== undefined && (single === '-' || isFile(single)))) {
    // One file named: the command itself, as before there were many inputs.
    return command.run(
      args.filter((_, i) => !batchArgs.has(i)),
      io,
    );
  }
  const { runMany } = await import('./runMany.js');
  return runMany(
    command,
    batch,
    { args, positionals, batchArgs, passed, outDir, json, jobsAsked, single, output: (values as { output?: unknown }).output },
    io,
  );
}

/** Whether `path` is a file (not a folder, not missing): the one-input case that needs no expansion. */
function isFile(path: string): boolean {
  return statSync(path, { throwIfNoEntry: false })?.isDirectory() === false;
}

function jobsOption(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < 1) throw new UsageError(`--jobs: expected a whole number of threads, 1 or more, not '${value}'`);
  return n;
}
