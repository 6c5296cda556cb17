// What goes wrong around a compile: a wasm that cannot be read, compiled or instantiated, glslang
// trapping, and hostile sources. Each ends in a GlslangError or in diagnostics, never a crash.
import { describe, expect, it } from 'vitest';
import type { GlslangModule } from '../wasm/glslang.js';
import { createGlslang, Glslang, GlslangError } from './index.js';

async function loadError(wasm: Parameters<typeof createGlslang>[0]): Promise<GlslangError> {
  try {
    await createGlslang(wasm);
  } catch (e) {
    expect(e).toBeInstanceOf(GlslangError);
    return e as GlslangError;
  }
  throw new Error('createGlslang succeeded');
}

describe('loading', () => {
  it('a wasm that is not there', async () => {
    const e = await loadError({ wasm: new URL('file:///nonexistent/glslang.wasm') });
    expect(e.code).toBe('GLSLANG_LOAD_FAILED');
    expect(e.message).toContain('file:///nonexistent/glslang.wasm');
  });

  it('bytes that are not WebAssembly', async () => {
    const e = await loadError({ wasm: new Uint8Array([1, 2, 3, 4]) });
    expect(e.code).toBe('GLSLANG_LOAD_FAILED');
    expect(e.message).toMatch(/does not compile/);
  });

  it('a wasm whose imports the glue does not have', async () => {
    // (module (import "nope" "f" (func)))
    const wasm = new Uint8Array([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0, 1, 4, 1, 0x60, 0, 0, 2, 10, 1, 4, 0x6e, 0x6f, 0x70, 0x65, 1, 0x66, 0, 0]);
    const e = await loadError({ wasm });
    expect(e.code).toBe('GLSLANG_LOAD_FAILED');
    expect(e.message).toMatch(/cannot instantiate/);
  });
});

describe('glslang trapping', () => {
  it('becomes GLSLANG_ABORTED, and the instance refuses further work', () => {
    const heap = new Uint8Array(1 << 16);
    heap.set(new TextEncoder().encode('9.9.9\0'), 8);
    let next = 64;
    const fake = {
      HEAPU8: heap,
      HEAPU32: new Uint32Array(heap.buffer),
      _malloc: (n: number) => ((next += n + 8), next - n - 8),
      _free: () => {},
      _spvkit_glslang_version: () => 8,
      _spvkit_glslang_compile: () => {
        throw new WebAssembly.RuntimeError('unreachable');
      },
    } as unknown as GlslangModule;
    const glslang = new Glslang(fake, () => {});
    expect(glslang.version).toBe('9.9.9');
    const first = (() => {
      try {
        glslang.compile('void main() {}', { stage: 'comp', file: 'x.comp' });
      } catch (e) {
        return e as GlslangError;
      }
      throw new Error('no error');
    })();
    expect(first).toBeInstanceOf(GlslangError);
    expect(first.code).toBe('GLSLANG_ABORTED');
    expect(first.message).toMatch(/aborted compiling x\.comp: unreachable; this Glslang instance cannot be used again/);
    expect(() => glslang.compile('void main() {}', { stage: 'comp' })).toThrow(first);
  });
});

describe('a source deeper than the stack', () => {
  it('aborts that instance with GLSLANG_ABORTED; a new one compiles', async () => {
    // A 20000-term expression is a 20000-deep tree that glslang walks recursively: past the JS
    // engine's stack (Node's default stops near 5000) or, with a larger one, past the wasm's own
    // 4 MiB stack, whose every move the build checks (STACK_OVERFLOW_CHECK=2), so running over it
    // aborts instead of overwriting the static data below it.
    const glslang = await createGlslang();
    const source = `#version 450\nlayout(location = 0) out float o;\nvoid main() { float x = 1.0; o = ${'x+'.repeat(20000)}x; }\n`;
    // vitest types its asymmetric matchers `any`; held as unknown, they cannot leak into typed code.
    const outOfStack: unknown = expect.stringMatching(/ran out of stack compiling deep\.frag: an expression or nesting in it is too deep/);
    expect(() => glslang.compile(source, { stage: 'frag', file: 'deep.frag' })).toThrow(
      expect.objectContaining({ code: 'GLSLANG_ABORTED', message: outOfStack }),
    );
    expect(() => glslang.compile('#version 450\nvoid main() {}\n', { stage: 'frag' })).toThrow(/cannot be used again/);
    const fresh = await createGlslang();
    expect(fresh.compile('#version 450\nvoid main() {}\n', { stage: 'frag' }).ok).toBe(true);
  });
});

describe('hostile sources end in diagnostics', () => {
  it.each([
    ['20000 nested parentheses', `#version 450\nvoid main() { float x = ${'('.repeat(20000)}1.0${')'.repeat(20000)}; }\n`, /memory exhausted/],
    ['20000 nested blocks', `#version 450\nvoid main() { ${'{'.repeat(20000)}${'}'.repeat(20000)} }\n`, /memory exhausted/],
    ['a NUL in the source', '#version 450\nvoid main() {\0}\n', /unexpected token/],
    ['a comment never closed', '#version 450\n/* open\nvoid main() {}\n', /End of input in comment/],
  ])('%s', async (_, source, message) => {
    const glslang = await createGlslang();
    const r = glslang.compile(source, { stage: 'frag', file: 'hostile.frag' });
    expect(r.ok).toBe(false);
    const expected: unknown = expect.stringMatching(message);
    expect(r.diagnostics[0]).toMatchObject({ severity: 'error', file: 'hostile.frag', line: 2, message: expected });
    expect(glslang.compile('#version 450\nvoid main() {}\n', { stage: 'frag' }).ok).toBe(true);
  });
});
