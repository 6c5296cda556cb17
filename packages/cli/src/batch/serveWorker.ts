import { runFile, type FileJob } from './runFile.js';

/**
 * The worker thread's side of the pool: runs each job it is sent and posts back its outcome, the
 * output bytes moved, not copied. bin/worker.js calls this from the bundle.
 */
export function serveWorker(): void {
  // Taken here, not imported: see WorkerPool's constructor.
  const port = process.getBuiltinModule('node:worker_threads').parentPort;
  if (port === null) throw new Error('serveWorker() runs in a worker thread');
  port.on('message', (message: { id: number; job: FileJob }) => {
    void runFile(message.job).then((outcome) => {
      const stdout =
        outcome.stdout.byteOffset === 0 && outcome.stdout.byteLength === outcome.stdout.buffer.byteLength ? outcome.stdout : outcome.stdout.slice();
      port.postMessage({ id: message.id, code: outcome.code, stdout, stderr: outcome.stderr }, [stdout.buffer as ArrayBuffer]);
    });
  });
}
