// Every corpus module decodes and encodes back byte for byte, in both byte orders, lazily and
// with every function body materialized, and the result still passes spirv-val.
import { expect, it } from 'vitest';
import { decodeModule, encodeModule } from '@spvkit/core';
import { corpusToolsAvailable, loadCorpus, spirvVal } from '../corpus/index.js';
import { describeWithOracle } from '../support/oracles.js';

function swapped(words: Uint32Array): Uint32Array {
  const out = new Uint32Array(words.length);
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    out[i] = (((w & 0xff) << 24) | ((w & 0xff00) << 8) | ((w >>> 8) & 0xff00) | (w >>> 24)) >>> 0;
  }
  return out;
}

const modules = corpusToolsAvailable().ok ? await loadCorpus() : [];

describeWithOracle('binary round trip over the corpus', corpusToolsAvailable(), () => {
  it('has a corpus', () => expect(modules.length).toBeGreaterThan(50));

  it.each(modules.map((m) => [m.name, m] as const))('%s', async (_name, m) => {
    const lazy = encodeModule(decodeModule(m.words));
    expect(Buffer.compare(Buffer.from(lazy.buffer), Buffer.from(m.words.buffer, m.words.byteOffset, m.words.byteLength))).toBe(0);

    const materialized = decodeModule(m.words.slice(), { lazyFunctions: false });
    expect(Array.from(materialized.instructions()).length).toBeGreaterThan(5);
    expect(Array.from(encodeModule(materialized))).toEqual(Array.from(m.words));

    const big = swapped(m.words);
    const fromBig = decodeModule(big, { lazyFunctions: false });
    expect(fromBig.endianness).toBe('big');
    expect(Array.from(encodeModule(fromBig))).toEqual(Array.from(big));
    expect(Array.from(encodeModule(fromBig, { endianness: 'little' }))).toEqual(Array.from(m.words));

    const val = await spirvVal(encodeModule(materialized), m.targetEnv);
    expect(val.ok, val.message).toBe(true);
  });
});
