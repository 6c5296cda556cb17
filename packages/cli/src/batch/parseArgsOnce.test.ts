import { parseArgs } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parseArgsOnce } from './parseArgsOnce.js';

const OPTIONS = {
  output: { type: 'string', short: 'o' },
  'raw-id': { type: 'boolean' },
  comment: { type: 'boolean', short: 'c' },
  'target-env': { type: 'string' },
} as const;

/** What node's parseArgs gives, as plain data (its values object has no prototype). */
const plain = (r: { values: object; positionals: string[]; tokens?: object[] }): unknown => JSON.parse(JSON.stringify(r));

describe('parseArgsOnce', () => {
  // Command lines of a few shapes, each shape twice with other values and inputs: the second of
  // each is answered from the first's parse.
  const lines = [
    ['-o', 'a.spvasm', '--', 'a.spv'],
    ['-o', 'b/b.spvasm', '--', 'dir/b.spv'],
    ['--raw-id', '--target-env', 'vulkan1.1', 'x.spv', '-o', 'x.out'],
    ['--raw-id', '--target-env', 'spv1.6', 'y.spv', '-o', 'y.out'],
    ['--output=same.txt', '-c', 'p.spv'],
    ['--output=same.txt', '-c', 'q.spv'],
    ['-', '-o', '-'],
    ['in.spv', '--', '-o', 'literal'],
    ['other.spv', '--', '-o', 'input2'],
    ['one.spv'],
    [],
  ];

  for (const tokens of [true, false]) {
    it(`gives what parseArgs gives, ${tokens ? 'with' : 'without'} tokens, also for a shape it has seen`, () => {
      for (const args of lines) {
        const config = { args, options: OPTIONS, allowPositionals: true, strict: true, tokens };
        expect(plain(parseArgsOnce(config))).toEqual(plain(parseArgs(config)));
      }
    });
  }

  it('throws what parseArgs throws, every time', () => {
    const config = { args: ['--nope', 'a.spv'], options: OPTIONS, allowPositionals: true, strict: true };
    expect(() => parseArgs(config)).toThrow();
    for (let i = 0; i < 2; i++) expect(() => parseArgsOnce(config)).toThrow(/nope/);
    // A value missing where the shape has one parses as parseArgs parses it.
    const bare = { args: ['a.spv', '-o'], options: OPTIONS, allowPositionals: true, strict: true };
    expect(() => parseArgsOnce(bare)).toThrow();
  });
});
