// The generated writers, compiled by TypeScript and run: bytes checked at offsets worked out by hand.
import { readFileSync } from 'node:fs';
import { runInThisContext } from 'node:vm';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { blockLayoutOf } from './blockLayout.js';
import { blockWritersExpression, blockWritersSource } from './blockWritersSource.js';
import { blocksModule, structNamed } from './webgpu.cases.js';

const module = blocksModule();
const layouts = ['Camera', 'Particles', 'Packed', 'Push', 'Camera'].map((name) => blockLayoutOf(module, structNamed(module, name)));
const source = blockWritersSource(layouts);

interface Writer {
  byteLength: number;
  write(value: unknown, target?: ArrayBuffer, byteOffset?: number): ArrayBuffer;
  read(source: ArrayBuffer, byteOffset?: number, count?: number): unknown;
  byteLengthFor?(count: number): number;
}

/** The generated module, transpiled to CommonJS and run. */
function load(): Record<string, Writer> {
  const js = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 } }).outputText;
  const exports: Record<string, Writer> = {};
  const run = runInThisContext(`(function (exports) {\n${js}\n})`) as (exports: Record<string, Writer>) => void;
  run(exports);
  return exports;
}

const identity4 = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
const camera = {
  mvp: identity4.map((v, i) => v + i / 2),
  eye: [0.5, 1.5, 2.5],
  time: 3.25,
  lights: [
    { position: [1, 2, 3], intensity: 4, color: [5, 6, 7] },
    { position: [8, 9, 10], intensity: 11, color: [12, 13, 14] },
  ],
  weights: [0.25, 0.5, 0.75],
  normal: [1, 2, 3, 4, 5, 6, 7, 8, 9],
  uv: [-1, -2],
};

describe('blockWritersSource', () => {
  const writers = load();

  it('std140: every member lands at its offset, matrix columns at their stride, and reads back', () => {
    const bytes = writers.Camera.write(camera);
    expect(bytes.byteLength).toBe(256);
    const view = new DataView(bytes);
    const f = (at: number) => view.getFloat32(at, true);
    expect(f(4 * 5)).toBe(camera.mvp[5]);
    expect([f(64), f(68), f(72), f(76)]).toEqual([0.5, 1.5, 2.5, 3.25]);
    // lights[1]: 80 + 32; its color at +16.
    expect([f(112), f(124), f(128), f(136)]).toEqual([8, 11, 12, 14]);
    // float weights[3] step by 16 in std140.
    expect([f(144), f(160), f(176)]).toEqual([0.25, 0.5, 0.75]);
    // mat3 columns at 192, 208, 224; the fourth float of each column is padding.
    expect([f(192), f(200), f(204), f(208), f(228), f(232)]).toEqual([1, 3, 0, 4, 8, 9]);
    expect([f(240), f(244)]).toEqual([-1, -2]);
    expect(writers.Camera.read(bytes)).toEqual(camera);
  });

  it('std430 with a runtime-sized array: sized by the count, read back with as many as the buffer holds', () => {
    const items = [0, 1, 2].map((i) => ({ pos: [i, i + 0.5, i + 0.25], mass: 10 + i, vel: [-i, i * 2] }));
    const value = { count: 3, weights: [1, 2, 3], gravity: [0, -9.75, 0], rot: [1, 2, 3, 4], items };
    const bytes = writers.Particles.write(value);
    expect([writers.Particles.byteLength, writers.Particles.byteLengthFor?.(3), bytes.byteLength]).toEqual([80, 144, 144]);
    const view = new DataView(bytes);
    expect(view.getUint32(0, true)).toBe(3);
    expect([4, 8, 12, 20, 36, 44].map((at) => view.getFloat32(at, true))).toEqual([1, 2, 3, -9.75, 2, 4]);
    // items[2]: 48 + 64; mass at +12, vel[1] at +20.
    expect([view.getFloat32(124, true), view.getFloat32(132, true)]).toEqual([12, 4]);
    expect(writers.Particles.read(bytes)).toEqual(value);
    expect(writers.Particles.read(bytes, 0, 1)).toEqual({ ...value, items: items.slice(0, 1) });
  });

  it('scalar layout: vec3 array elements 12 bytes apart; push constants; a block listed twice written once', () => {
    const bytes = writers.Packed.write({ x: 1, y: [2, 3, 4], z: [new Float32Array([5, 6, 7]), [8, 9, 10]] });
    const view = new DataView(bytes);
    expect([0, 4, 12, 16, 28, 36].map((at) => view.getFloat32(at, true))).toEqual([1, 2, 4, 5, 8, 10]);
    const push = new DataView(writers.Push.write({ tint: [1, 1, 1, 1], flags: 0xdeadbeef }));
    expect([push.byteLength, push.getUint32(16, true)]).toEqual([32, 0xdeadbeef]);
    expect(Object.keys(writers).sort()).toEqual(['Camera', 'Packed', 'Particles', 'Push']);
  });

  it('writes at an offset into a buffer of the caller, and refuses values that do not fit', () => {
    const target = new ArrayBuffer(512);
    writers.Push.write({ tint: [0, 0, 0, 0], flags: 7 }, target, 256);
    expect(new DataView(target).getUint32(256 + 16, true)).toBe(7);
    expect(() => writers.Camera.write({ ...camera, eye: [1, 2] })).toThrow('Camera.eye: 3 components expected, got 2');
    expect(() => writers.Camera.write({ ...camera, lights: [...camera.lights, ...camera.lights] })).toThrow('Camera.lights: at most 2 elements, got 4');
  });

  it('types that pass tsc --strict, where a wrong member type is an error', () => {
    const usage = `import { Camera, Particles, type CameraInput } from './blocks.js';
import type { BlockWriter } from './BlockWriter.js';
// The generated writers are core's BlockWriters, and a loose one (a ?wgsl import's) converts to them.
const loose: BlockWriter = Camera;
const exact: BlockWriter<CameraInput, Camera> = loose as BlockWriter<CameraInput, Camera>;
const runtime: BlockWriter = Particles;
const good: CameraInput = ${JSON.stringify(camera)};
const bytes: ArrayBuffer = Camera.write({ ...good, mvp: new Float32Array(16) });
const back: Camera = Camera.read(bytes);
const first: number = back.lights[0]?.color[2] ?? 0;
const items: number = Particles.read(bytes).items.length + first;
// @ts-expect-error a vec3 is three numbers
Camera.write({ ...good, eye: [0, 1] });
// @ts-expect-error time is a number
Camera.write({ ...good, time: 'soon' });
// @ts-expect-error no such member
Camera.write({ ...good, fov: 1 });
// @ts-expect-error a light has an intensity
Camera.write({ ...good, lights: [{ position: [0, 0, 0], color: [1, 1, 1] }] });
export { items, exact, runtime };
`;
    const files = new Map([
      ['/virtual/blocks.ts', source],
      ['/virtual/usage.ts', usage],
      ['/virtual/BlockWriter.ts', readFileSync(new URL('./BlockWriter.ts', import.meta.url), 'utf8')],
    ]);
    const options: ts.CompilerOptions = {
      strict: true,
      noUncheckedIndexedAccess: true,
      exactOptionalPropertyTypes: true,
      noUnusedLocals: true,
      noUnusedParameters: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2022.d.ts'],
      types: [],
    };
    const host = ts.createCompilerHost(options);
    const getSourceFile = host.getSourceFile.bind(host);
    host.getSourceFile = (name, version) => {
      const text = files.get(name);
      return text === undefined ? getSourceFile(name, version) : ts.createSourceFile(name, text, version);
    };
    const fileExists = host.fileExists.bind(host);
    host.fileExists = (name) => files.has(name) || fileExists(name);
    const directoryExists = host.directoryExists?.bind(host);
    host.directoryExists = (name) => name === '/virtual' || (directoryExists?.(name) ?? false);
    const readFile = host.readFile.bind(host);
    host.readFile = (name) => files.get(name) ?? readFile(name);
    const program = ts.createProgram(['/virtual/usage.ts'], options, host);
    const messages = ts.getPreEmitDiagnostics(program).map((d) => `${d.file?.fileName ?? ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
    expect(messages).toEqual([]);
  });
  it('blockWritersExpression: the same writers as plain JavaScript, one frozen object, nothing declared outside it', () => {
    const expression = blockWritersExpression(layouts);
    // Plain JavaScript: no TypeScript to strip (the engine parses it as it is), in a block whose own
    // `code` and `entryPoints` (names of a ?wgsl module) it must not clash with.
    const plain = () => runInThisContext(`'use strict'; { const code = 1, entryPoints = 2; ${expression}; }`) as Record<string, Writer>;
    const js = plain();
    expect(Object.isFrozen(js)).toBe(true);
    expect(Object.keys(js).sort()).toEqual(['Camera', 'Packed', 'Particles', 'Push']);
    expect(new Uint8Array(js.Camera.write(camera))).toEqual(new Uint8Array(writers.Camera.write(camera)));
    expect(js.Camera.read(writers.Camera.write(camera))).toEqual(camera);
    const particles = { count: 1, weights: [1, 2, 3], gravity: [0, 1, 0], rot: [1, 0, 0, 1], items: [{ pos: [1, 2, 3], mass: 4, vel: [5, 6] }] };
    expect(js.Particles.byteLengthFor?.(5)).toBe(writers.Particles.byteLengthFor?.(5));
    expect(js.Particles.read(js.Particles.write(particles))).toEqual(particles);
    expect(() => js.Camera.write({ ...camera, eye: [1, 2] })).toThrow('Camera.eye: 3 components expected, got 2');
  });
});
