import { describe, expect, it } from 'vitest';
import { SpirvError } from '../errors/SpirvError.js';
import { UNCHANGED, type Pass } from './Pass.js';
import { PassRegistry, splitPassSpec } from './PassRegistry.js';

function named(name: string): Pass {
  return { name, run: () => UNCHANGED };
}

function codeOf(f: () => unknown): string | undefined {
  try {
    f();
  } catch (e) {
    return e instanceof SpirvError ? `${e.code}: ${e.message}` : String(e);
  }
  return undefined;
}

describe('PassRegistry', () => {
  it('splits a spec at its first =', () => {
    expect(splitPassSpec('a-b')).toEqual({ name: 'a-b' });
    expect(splitPassSpec('set=0:1 2:x=y')).toEqual({ name: 'set', argument: '0:1 2:x=y' });
    expect(splitPassSpec('set=')).toEqual({ name: 'set', argument: '' });
  });

  it('gives the argument to the factory of a pass that takes one', () => {
    const r = new PassRegistry();
    const seen: (string | undefined)[] = [];
    r.register(
      'with-arg',
      (a) => {
        seen.push(a);
        return named(`with-arg(${a ?? ''})`);
      },
      'takes one',
      { argument: { required: false, syntax: '<x>' } },
    );
    expect(r.create('with-arg=12 3').name).toBe('with-arg(12 3)');
    expect(r.create('with-arg').name).toBe('with-arg()');
    expect(seen).toEqual(['12 3', undefined]);
    expect(r.has('with-arg=anything')).toBe(true);
    expect(r.list()).toEqual([{ name: 'with-arg', description: 'takes one', argument: { required: false, syntax: '<x>' } }]);
  });

  it('refuses an argument to a pass that takes none, and a missing required one', () => {
    const r = new PassRegistry();
    r.register('plain', () => named('plain'));
    r.register('needs', (a) => named(a ?? ''), '', { argument: { required: true, syntax: '<id>:<value>' } });
    expect(codeOf(() => r.create('plain=1'))).toBe("BAD_OPTION: pass 'plain' takes no argument, but was given '1'");
    expect(codeOf(() => r.create('needs'))).toBe("BAD_OPTION: pass 'needs' needs an argument");
    expect(codeOf(() => r.create('nope=1'))).toBe("BAD_OPTION: unknown pass 'nope'");
    expect(r.list().map((p) => p.name)).toEqual(['needs', 'plain']);
  });
});
