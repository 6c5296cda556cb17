// The shaders the app imports. @spvkit/vite-plugin compiles, lowers and validates them at build
// time; each import gives the words (default export) and the reflection (named exports),
// `?spvasm` the disassembly after the passes, and `?untransformed` (inspector.config.ts) the
// disassembly before them.
import * as histogram from '../shaders/histogram.comp';
import histogramAfter from '../shaders/histogram.comp?spvasm';
import histogramBefore from '../shaders/histogram.comp?untransformed';
import * as scale from '../shaders/scale.spvasm';
import scaleAfter from '../shaders/scale.spvasm?spvasm';
import scaleBefore from '../shaders/scale.spvasm?untransformed';
// The demo's shader (glslang output of examples/shaders/reduce.comp).
import * as reduce from '../../shaders/reduce.spv';
import reduceAfter from '../../shaders/reduce.spv?spvasm';
import reduceBefore from '../../shaders/reduce.spv?untransformed';
import type { BundledShader, Step } from './inspect.js';

type Imported = typeof histogram;

const shader = (name: string, format: string, read: Step, m: Imported, before: string, after: string): BundledShader => ({
  name,
  format,
  read,
  words: m.default,
  reflection: {
    entryPoints: m.entryPoints,
    bindings: m.bindings,
    specConstants: m.specConstants,
    ...(m.pushConstants ? { pushConstants: m.pushConstants } : {}),
  },
  before,
  after,
});

export const bundledShaders: readonly BundledShader[] = [
  shader(
    'histogram.comp',
    'GLSL compute · #include "lib/color.glsl"',
    { label: 'compiled', detail: 'glslang, at build time' },
    histogram,
    histogramBefore,
    histogramAfter,
  ),
  shader('scale.spvasm', 'SPIR-V assembly', { label: 'assembled', detail: '@spvkit/core, at build time' }, scale, scaleBefore, scaleAfter),
  shader('reduce.spv', 'SPIR-V binary (glslang)', { label: 'decoded', detail: '@spvkit/core, at build time' }, reduce, reduceBefore, reduceAfter),
];
