// The driver's bookkeeping, in process: which ids it takes, the cache, the include graph. The
// loads themselves (compilers, validation, bundlers) are judged in test/plugins.
import { describe, expect, it } from 'vitest';
import { ShaderCache } from '../cache.js';
import { IncludeGraph } from './includeGraph.js';
import { ShaderDriver } from './ShaderDriver.js';

describe('ShaderDriver', () => {
  const driver = new ShaderDriver({ exclude: ['**/vendor/**'] }, () => ({ root: '/app' }));

  it('resolves the runtime itself and shader queries through the bundler', () => {
    expect(driver.target('virtual:spvkit/runtime')).toEqual({ id: '\0spvkit/runtime' });
    expect(driver.target('./blur.comp?spvasm')).toEqual({ path: './blur.comp', query: '?spvasm' });
    expect(driver.target('./blur.comp')).toBeUndefined(); // no query: the bundler resolves it alone
    expect(driver.target('./blur.comp?raw')).toBeUndefined(); // another plugin's query
  });

  it('handles shader files that the filter lets through, and .glsl that a stage would take', () => {
    expect(driver.handles('/app/src/blur.comp')).toBe(true);
    expect(driver.handles('/app/src/lib/common.glsl')).toBe(true);
    expect(driver.handles('/app/vendor/blur.comp')).toBe(false);
    expect(driver.handles('/app/src/main.js')).toBe(false);
  });

  it('loads the runtime, and leaves ids that are not shaders alone', async () => {
    const emitAsset = (): string => {
      throw new Error('nothing to emit');
    };
    const runtime = await driver.load({ id: '\0spvkit/runtime', emitAsset });
    expect(runtime).toMatchObject({ status: 'loaded', warnings: [], watchFiles: [], missingFiles: [] });
    expect(await driver.load({ id: '/app/src/main.js', emitAsset })).toBeNull();
    expect(await driver.load({ id: '/app/vendor/blur.comp', emitAsset })).toBeNull();
  });

  it('names a pass that does not exist at the start of the build', () => {
    expect(new ShaderDriver({ passes: ['no-such-pass'] }).buildStart()?.message).toMatch(/no-such-pass/);
    expect(driver.buildStart()).toBeUndefined();
  });
});

describe('ShaderCache', () => {
  it('makes a result once per key, keeps the most recently used, and forgets failures', async () => {
    const cache = new ShaderCache<string>(2);
    let made = 0;
    const make = (v: string) => (): string => {
      made++;
      return v;
    };
    expect(await cache.get('a', make('A'))).toBe('A');
    expect(await cache.get('a', make('other'))).toBe('A');
    await cache.get('b', make('B'));
    await cache.get('a', make('other')); // a is now the most recently used
    await cache.get('c', make('C')); // over capacity: b goes
    expect(await cache.get('a', make('other'))).toBe('A');
    expect(await cache.get('b', make('B2'))).toBe('B2');
    expect(made).toBe(4);
    expect(cache.misses).toBe(4);
    await expect(
      cache.get('bad', () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await cache.get('bad', make('fixed'))).toBe('fixed');
  });
});

describe('IncludeGraph', () => {
  it('maps includes and missing includes to the shaders that read them, as of their last load', () => {
    const graph = new IncludeGraph();
    graph.record('/s/a.comp', ['/s/a.comp', '/s/lib/x.glsl'], ['/s/lib/y.glsl']);
    graph.record('/s/b.comp', ['/s/b.comp', '/s/lib/x.glsl'], []);
    expect(graph.dependents('/s/lib/x.glsl')).toEqual(['/s/a.comp', '/s/b.comp']);
    expect(graph.dependents('/s/lib/y.glsl')).toEqual(['/s/a.comp']);
    expect(graph.dependents('/s/a.comp')).toEqual([]);
    graph.record('/s/a.comp', ['/s/a.comp'], []); // the include was removed
    expect(graph.dependents('/s/lib/x.glsl')).toEqual(['/s/b.comp']);
    expect(graph.dependents('/s/lib/y.glsl')).toEqual([]);
  });
});
