import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Worker } from 'node:worker_threads';
import type { FileOutcome } from './captureIo.js';
import type { FileJob } from './runFile.js';

/** A message from a worker: the outcome of the job with that id. */
interface Reply extends FileOutcome {
  readonly id: number;
}

interface Pending {
  readonly id: number;
  readonly job: FileJob;
  readonly resolve: (outcome: FileOutcome) => void;
}

/**
 * Worker threads that run inputs' jobs (`--jobs N`), each one job at a time: a free worker takes
 * the next job, so a few large inputs do not hold up the rest. Every worker loads the same
 * bundle as the main thread (bin/worker.js), with this machine's code cache.
 */
export class WorkerPool {
  readonly #idle: Worker[] = [];
  readonly #queue: Pending[] = [];
  readonly #running = new Map<Worker, Pending>();
  readonly #all: Worker[] = [];
  #nextId = 0;
  #failure: Error | undefined;

  private constructor(script: string, size: number, command: string) {
    // Node's worker_threads module is taken when a pool is made, not imported: the bundle puts a
    // module's imports of Node's own modules at its top, and loading this one there cost every
    // one-file command ~7 ms of start-up.
    const { Worker } = process.getBuiltinModule('node:worker_threads');
    for (let i = 0; i < size; i++) {
      // The command names the code cache the worker loads (bin/codeCache.js: one per command).
      const worker = new Worker(script, { stdout: false, stderr: false, workerData: { command } });
      worker.on('message', (reply: Reply) => this.#done(worker, reply));
      // A worker that dies (cannot load the bundle, runs out of memory) fails its job, not the run.
      worker.on('error', (e) => this.#lost(worker, e));
      worker.on('exit', (code) => {
        if (this.#running.has(worker)) this.#lost(worker, new Error(`worker thread exited with code ${code}`));
      });
      this.#all.push(worker);
      this.#idle.push(worker);
    }
  }

  /** A pool of `size` workers for `command`'s jobs, or undefined where there is no built worker script (sources run in tests before a build). */
  static open(size: number, command: string): WorkerPool | undefined {
    const script = workerScript();
    return script === undefined ? undefined : new WorkerPool(script, size, command);
  }

  /** Runs `job` on the next free worker. */
  run(job: FileJob): Promise<FileOutcome> {
    return new Promise((resolve) => {
      this.#queue.push({ id: this.#nextId++, job, resolve });
      this.#pump();
    });
  }

  /** Ends every worker. */
  async close(): Promise<void> {
    await Promise.all(this.#all.map((w) => w.terminate()));
  }

  #pump(): void {
    while (this.#idle.length > 0 && this.#queue.length > 0) {
      const worker = this.#idle.pop()!;
      const next = this.#queue.shift()!;
      this.#running.set(worker, next);
      worker.postMessage({ id: next.id, job: next.job });
    }
    // No worker left at all: the rest fail with the reason.
    if (this.#all.length === 0) for (const p of this.#queue.splice(0)) p.resolve(failed(p.job, this.#failure));
  }

  #done(worker: Worker, reply: Reply): void {
    const pending = this.#running.get(worker);
    this.#running.delete(worker);
    this.#idle.push(worker);
    pending?.resolve({ code: reply.code, stdout: reply.stdout, stderr: reply.stderr });
    this.#pump();
  }

  #lost(worker: Worker, e: Error): void {
    this.#failure = e;
    const pending = this.#running.get(worker);
    this.#running.delete(worker);
    this.#all.splice(this.#all.indexOf(worker), 1);
    const idle = this.#idle.indexOf(worker);
    if (idle >= 0) this.#idle.splice(idle, 1);
    pending?.resolve(failed(pending.job, e));
    this.#pump();
  }
}

function failed(job: FileJob, e: Error | undefined): FileOutcome {
  return { code: 70, stdout: new Uint8Array(0), stderr: `spvkit ${job.command}: internal error: a worker thread failed: ${e?.message ?? 'unknown'}\n` };
}

/**
 * bin/worker.js of this package, when a build it can load exists next to it. Searched upwards
 * from this file, which is dist/spvkit.cjs in the bundle, dist/batch/ in the plain build and
 * src/batch/ in tests.
 */
function workerScript(): string | undefined {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 3; i++) {
    const script = join(dir, 'bin', 'worker.js');
    if (existsSync(script) && (existsSync(join(dir, 'dist', 'spvkit.cjs')) || existsSync(join(dir, 'dist', 'bin.js')))) return script;
    dir = dirname(dir);
  }
  return undefined;
}
