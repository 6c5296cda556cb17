// The thread that talks to spirvToolsServer for SpirvToolsServer.ts. The test thread asks
// synchronously (it blocks on `signal` until this thread answers), so the pipes to the server,
// which Node reads only asynchronously, are read here, on an event loop of their own.
import { spawn } from 'node:child_process';
import { workerData } from 'node:worker_threads';

const { binary, port, signal } = workerData;
const flag = new Int32Array(signal);
const child = spawn(binary, [], { stdio: ['pipe', 'pipe', 'ignore'] });
let pending = Buffer.alloc(0);
let failure;

function reply(message) {
  port.postMessage(message);
  Atomics.store(flag, 0, 1);
  Atomics.notify(flag, 0);
}

// One request at a time: the test thread waits for each answer before it asks again.
child.stdout.on('data', (chunk) => {
  pending = Buffer.concat([pending, chunk]);
  const eol = pending.indexOf(10);
  if (eol < 0) return;
  const [status, outputLength, messageLength] = pending.subarray(0, eol).toString('latin1').split(' ').map(Number);
  const end = eol + 1 + outputLength + messageLength;
  if (pending.length < end) return;
  const output = new Uint8Array(pending.subarray(eol + 1, eol + 1 + outputLength));
  const message = pending.subarray(eol + 1 + outputLength, end).toString('utf8');
  pending = pending.subarray(end);
  reply({ status, output, message });
});
const fail = (why) => {
  failure ??= why;
  reply({ error: failure });
};
child.on('error', (e) => fail(String(e)));
child.on('exit', (code, sig) => fail(`spirvToolsServer exited (${sig ?? code})`));
child.stdin.on('error', (e) => fail(String(e)));

port.on('message', ({ header, body }) => {
  if (failure !== undefined) return reply({ error: failure });
  child.stdin.write(header);
  child.stdin.write(body);
});
