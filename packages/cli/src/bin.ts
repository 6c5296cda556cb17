import type { CommandIo } from './CommandIo.js';
import { main } from './main.js';

export { main };

/**
 * Runs `spvkit` on this process's arguments and standard streams and sets its exit code.
 * bin/spvkit.js calls it, from the one-file bundle (dist/spvkit.cjs, see scripts/bundle.mjs) or,
 * before a build has made the bundle, from this file.
 */
export function run(argv: readonly string[] = process.argv.slice(2)): Promise<void> {
  // The standard streams are made on first use (Node creates each on first access of
  // process.stdin/stdout/stderr): a command that reads and writes files, and reports nothing,
  // never makes them. Making all three cost ~4 ms of each run with stderr a pipe.
  const io: CommandIo = {
    get stdout() {
      return stdoutWithPipeHandling();
    },
    get stderr() {
      return process.stderr;
    },
    get stdin() {
      return process.stdin;
    },
  };
  return main(argv, io).then(
    (code) => {
      process.exitCode = code;
    },
    (err: unknown) => {
      // main() turns every expected failure into an exit code; reaching here is a bug in spvkit.
      process.stderr.write(`spvkit: internal error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
      process.exitCode = 70;
    },
  );
}

let pipeHandled = false;

/**
 * Standard output, ending the process quietly when its reader has gone (`spvkit dis big.spv |
 * head`: EPIPE), as a command-line tool killed by SIGPIPE would, instead of an unhandled error
 * event with a stack trace. Other write errors are reported in one line, exit code 1.
 */
function stdoutWithPipeHandling(): NodeJS.WriteStream {
  const out = process.stdout;
  if (!pipeHandled) {
    pipeHandled = true;
    out.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
      process.stderr.write(`spvkit: cannot write standard output: ${e.message}\n`);
      process.exit(1);
    });
  }
  return out;
}

/**
 * Serves a worker thread of a many-input run (bin/worker.js calls it). Loaded on call, so that the
 * worker machinery is no part of a one-file command's start-up; messages sent before it listens
 * wait in the port.
 */
export async function serveWorker(): Promise<void> {
  (await import('./batch/serveWorker.js')).serveWorker();
}
