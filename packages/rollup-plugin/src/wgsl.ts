/**
 * The WGSL output: the module translated by @spvkit/wgsl (loaded only when an import asks for
 * WGSL), a refusal turned into the import's error at the source line, and the translator's line
 * map turned into a version 3 source map from the WGSL back to the GLSL (or other source) lines.
 */
import { basename, extname } from 'node:path';
import {
  SpirvError,
  blockWritersExpression,
  mergeBindGroupLayouts,
  reflectWebGpu,
  type BindGroupLayoutDescriptor,
  type BlockLayout,
  type Module,
  type SourceLocation,
  type VertexBufferLayout,
  type WebGpuEntryPointReflection,
} from '@spvkit/core';
import type { WgslBinding, WgslEntryPoint, WgslOverride, WgslResult } from '@spvkit/wgsl';
import { displayPath } from './files.js';
import type { WgslOptions } from './options.js';
import { ShaderError, type ProblemLocation } from './problems/problem.js';

/** `toWgsl` of @spvkit/wgsl. */
export type Translate = (module: Module, options?: WgslOptions) => WgslResult;

let loading: Promise<Translate> | undefined;

/** @spvkit/wgsl's translator, imported on the first call only: builds without WGSL never load it. */
export function loadTranslator(): Promise<Translate> {
  loading ??= import('@spvkit/wgsl').then((m) => m.toWgsl);
  return loading;
}

/** A source map, version 3 (https://tc39.es/ecma426/), as a JSON-ready object. */
export interface WgslSourceMap {
  readonly version: 3;
  /** The WGSL it maps: the shader's name with `.wgsl`. */
  readonly file: string;
  /** The source files, relative to the root (`/` separators). */
  readonly sources: readonly string[];
  /** Each source's text, where the plugin read it. */
  readonly sourcesContent: readonly (string | null)[];
  readonly names: readonly string[];
  /** One segment at column 0 of each WGSL line that has a source line; none for the others. */
  readonly mappings: string;
}

/** What a WGSL import exports besides the SPIR-V reflection. */
export interface WgslOutput {
  readonly code: string;
  readonly entryPoints: readonly WgslEntryPoint[];
  readonly bindings: readonly WgslBinding[];
  readonly overrides: readonly WgslOverride[];
  readonly sourceMap: WgslSourceMap | undefined;
  /** The WebGPU bind group layouts of the WGSL, merged over its entry points (core's reflectWebGpu). */
  readonly bindGroupLayouts: readonly BindGroupLayoutDescriptor[];
  /** The vertex buffer layouts of its vertex entry point; empty without one. */
  readonly vertexBuffers: readonly VertexBufferLayout[];
  /** A JavaScript expression: an object with the writer of every uniform and storage block, by name (core's blockWritersExpression). */
  readonly blockWritersCode: string;
  /** The WebGPU features the WGSL's `enable` lines need (`requestDevice({ requiredFeatures })`). */
  readonly requiredFeatures: readonly string[];
}

/** How a translation places what it reports and maps. */
export interface WgslContext {
  /** The shader file (absolute). */
  readonly file: string;
  readonly root: string;
  /** A location of the module's debug info as a place in the user's files (GLSL: through the #line names). */
  readonly locate: (loc: SourceLocation) => ProblemLocation | undefined;
  /** Texts of the files read, for `sourcesContent`. */
  readonly texts: ReadonlyMap<string, string>;
  /** False when the build strips debug info (release passes): no source map then. */
  readonly sourceMap: boolean;
}

/**
 * Translates `module`; a construct WGSL cannot express is a ShaderError at the source line of its
 * instruction (where the module's debug info gives one), else at the shader with the byte offset.
 */
export function translateToWgsl(translate: Translate, module: Module, options: WgslOptions, context: WgslContext): WgslOutput {
  let result: WgslResult;
  let webgpu: WebGpuEntryPointReflection[];
  let blockWritersCode: string;
  try {
    result = translate(module, options);
    // The layouts of the WGSL just made: the same placement of push constants and samplers.
    webgpu = reflectWebGpu(module, options);
    blockWritersCode = blockWritersExpression(webgpu.flatMap((ep) => ep.blocks.map((b) => b.layout)).filter(hasWriter));
  } catch (e) {
    if (!(e instanceof SpirvError)) throw e;
    const location = e.location !== undefined ? context.locate(e.location) : undefined;
    const at = location === undefined && e.offset !== undefined ? ` (at byte offset ${e.offset}, 0x${e.offset.toString(16)})` : '';
    const op = e.opname !== undefined && !e.message.includes(e.opname) ? ` [${e.opname}]` : '';
    throw ShaderError.of(e.code, `${displayPath(context.file, context.root)}: cannot translate to WGSL: ${e.message}${op}${at}`, location, e.hint);
  }
  return {
    code: result.code,
    entryPoints: result.entryPoints,
    bindings: result.bindings,
    overrides: result.overrides,
    sourceMap: context.sourceMap ? wgslSourceMap(result.lineMap, context) : undefined,
    bindGroupLayouts: mergeBindGroupLayouts(webgpu.map((ep) => ep.bindGroupLayouts)),
    vertexBuffers: webgpu.find((ep) => ep.stage === 'vertex')?.vertexBuffers ?? [],
    blockWritersCode,
    requiredFeatures: result.requiredFeatures,
  };
}

/**
 * Whether a writer can be made for the block: not where a member is a type DataView has no
 * accessor for (f16), which must not fail an import whose WGSL is fine; that block has no writer.
 */
function hasWriter(layout: BlockLayout): boolean {
  try {
    blockWritersExpression([layout]);
    return true;
  } catch (e) {
    if (e instanceof SpirvError) return false;
    throw e;
  }
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** A number as a source map's base64 VLQ. */
export function vlq(n: number): string {
  let v = n < 0 ? (-n << 1) | 1 : n << 1;
  let out = '';
  do {
    let digit = v & 31;
    v >>>= 5;
    if (v > 0) digit |= 32;
    out += BASE64[digit];
  } while (v > 0);
  return out;
}

/**
 * The source map of a translation: WGSL line k (0-based) maps, at its column 0, to the place
 * `lineMap[k]` gives, located in the user's files. Undefined when no line has a place.
 */
export function wgslSourceMap(lineMap: readonly (SourceLocation | undefined)[], context: WgslContext): WgslSourceMap | undefined {
  const sources: string[] = [];
  const files: string[] = [];
  const index = new Map<string, number>();
  const lines: string[] = [];
  let prevSource = 0;
  let prevLine = 0;
  let prevColumn = 0;
  for (const loc of lineMap) {
    const place = loc === undefined ? undefined : context.locate(loc);
    if (place === undefined) {
      lines.push('');
      continue;
    }
    let s = index.get(place.file);
    if (s === undefined) {
      s = sources.length;
      index.set(place.file, s);
      files.push(place.file);
      sources.push(displayPath(place.file, context.root));
    }
    const line = place.line - 1;
    const column = Math.max(0, place.column - 1);
    lines.push(vlq(0) + vlq(s - prevSource) + vlq(line - prevLine) + vlq(column - prevColumn));
    prevSource = s;
    prevLine = line;
    prevColumn = column;
  }
  if (sources.length === 0) return undefined;
  return {
    version: 3,
    file: `${basename(context.file, extname(context.file))}.wgsl`,
    sources,
    sourcesContent: files.map((f) => context.texts.get(f) ?? null),
    names: [],
    mappings: lines.join(';'),
  };
}
