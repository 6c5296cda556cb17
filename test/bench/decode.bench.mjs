// Decode/encode throughput of @spvkit/core on the 4 MB module (a benchmark, not a test).
//   (a) decode, materialize every instruction as an object, encode
//   (b) decode then encode with function bodies untouched (the lazy path)
// Prints MB/s and retained heap bytes per input byte. Run with `pnpm bench decode` after `pnpm build`.
import { readFileSync } from 'node:fs';
import { largeModule } from './largeModule.mjs';
import { median, report, requireGc } from './measure.mjs';

const { decodeModule, encodeModule } = await import('../../packages/core/dist/index.js');

requireGc();
const bytes = readFileSync(await largeModule());
const mb = bytes.byteLength / 1e6;

function materialized() {
  const m = decodeModule(bytes);
  let n = 0;
  for (const f of m.functions) n += f.blocks.length;
  return { m, n };
}

function lazy() {
  return decodeModule(bytes);
}

// Correctness first: a benchmark of a wrong result is worthless.
for (const make of [materialized, lazy]) {
  const r = make();
  const out = encodeModule(r.m ?? r);
  if (Buffer.compare(Buffer.from(out.buffer, out.byteOffset, out.byteLength), bytes) !== 0) throw new Error('round trip differs');
}

function heapPerByte(make) {
  globalThis.gc();
  const before = process.memoryUsage().heapUsed;
  const keep = make();
  globalThis.gc();
  const after = process.memoryUsage().heapUsed;
  if (!keep) throw new Error('unreachable');
  return (after - before) / bytes.byteLength;
}

const rounds = 15;
const a = median(rounds, () => encodeModule(materialized().m));
const b = median(rounds, () => encodeModule(lazy()));
report('decode+materialize+encode (a)', [
  ['MB/s', (mb / (a / 1000)).toFixed(0), '>= 100'],
  ['ms', a.toFixed(2)],
  ['heap bytes / input byte', heapPerByte(materialized).toFixed(2), '<= 8'],
]);
report('decode+encode, bodies untouched (b)', [
  ['MB/s', (mb / (b / 1000)).toFixed(0), '>= 500'],
  ['ms', b.toFixed(2)],
  ['heap bytes / input byte', heapPerByte(lazy).toFixed(2)],
]);
