/** The JavaScript a shader import becomes. */
import type { Reflection } from '@spvkit/core';
import type { WgslOutput } from './wgsl.js';

/** The import specifier of the small runtime module the generated code shares. */
export const RUNTIME_SPECIFIER = 'virtual:spvkit/runtime';
/** Its resolved id (a `\0` id, so no other plugin treats it as a file). */
export const RUNTIME_ID = '\0spvkit/runtime';

/** The runtime: base64 to bytes or words, and the fetch of emitted binaries. */
export const RUNTIME_CODE = `const decode = typeof atob === 'function' ? atob : (s) => globalThis.Buffer.from(s, 'base64').toString('latin1');
export function toBytes(base64) {
  const s = decode(base64);
  const bytes = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) bytes[i] = s.charCodeAt(i);
  return bytes;
}
export function bytesToWords(bytes) {
  const words = new Uint32Array(bytes.length >>> 2);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = 0; i < words.length; i++) words[i] = view.getUint32(i * 4, true);
  return words;
}
export function toWords(base64) {
  return bytesToWords(toBytes(base64));
}
export function bytesToBase64(bytes) {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  return typeof btoa === 'function' ? btoa(s) : globalThis.Buffer.from(s, 'latin1').toString('base64');
}
export async function fetchBytes(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error('spvkit: cannot load the shader binary ' + url + ': HTTP ' + response.status);
  return new Uint8Array(await response.arrayBuffer());
}
`;

/** Little-endian bytes of words, whatever the host's byte order. */
export function wordsToBytes(words: Uint32Array): Uint8Array {
  const bytes = new Uint8Array(words.length * 4);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < words.length; i++) view.setUint32(i * 4, words[i], true);
  return bytes;
}

/** A JavaScript expression for a reflection value (numbers, bigints, booleans, strings, arrays, plain objects). */
export function toJs(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  switch (typeof value) {
    case 'bigint':
      return `${value}n`;
    case 'number':
      if (Number.isNaN(value)) return 'NaN';
      if (!Number.isFinite(value)) return value > 0 ? 'Infinity' : '-Infinity';
      return Object.is(value, -0) ? '-0' : String(value);
    case 'boolean':
      return String(value);
    case 'string':
      return JSON.stringify(value);
    case 'object':
      if (Array.isArray(value)) return `[${value.map(toJs).join(', ')}]`;
      return `{ ${Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => `${JSON.stringify(k)}: ${toJs(v)}`)
        .join(', ')} }`;
    default:
      throw new TypeError(`cannot write a ${typeof value} into generated code`);
  }
}

export type Output = 'words' | 'bytes' | 'base64';

/** Where the binary is. */
export type BinarySource = { inline: Uint8Array } | { urlExpression: string };

/** The module of a shader import: default export the binary, named exports the reflection. */
export function shaderModuleCode(binary: BinarySource, output: Output, reflection: Reflection): string {
  const lines: string[] = [];
  if ('inline' in binary) {
    const base64 = Buffer.from(binary.inline.buffer, binary.inline.byteOffset, binary.inline.byteLength).toString('base64');
    if (output === 'base64') lines.push(`const binary = ${JSON.stringify(base64)};`);
    else {
      lines.push(`import { ${output === 'words' ? 'toWords' : 'toBytes'} } from ${JSON.stringify(RUNTIME_SPECIFIER)};`);
      lines.push(`const binary = /*#__PURE__*/ ${output === 'words' ? 'toWords' : 'toBytes'}(${JSON.stringify(base64)});`);
    }
  } else {
    const convert = output === 'words' ? 'bytesToWords' : output === 'base64' ? 'bytesToBase64' : '';
    lines.push(`import { fetchBytes${convert ? `, ${convert}` : ''} } from ${JSON.stringify(RUNTIME_SPECIFIER)};`);
    lines.push(`const binary = ${convert ? `${convert}(await fetchBytes(${binary.urlExpression}))` : `await fetchBytes(${binary.urlExpression})`};`);
  }
  lines.push('export default binary;');
  lines.push(...reflectionExports(reflection));
  return lines.join('\n') + '\n';
}

/** The named exports of the SPIR-V reflection, the same for words and WGSL. */
function reflectionExports(reflection: Reflection): string[] {
  return [
    `export const entryPoints = ${toJs(reflection.entryPoints)};`,
    `export const bindings = ${toJs(reflection.bindings)};`,
    `export const pushConstants = ${toJs(reflection.pushConstants)};`,
    `export const specConstants = ${toJs(reflection.specConstants)};`,
  ];
}

/**
 * The module of a WGSL import: default export the WGSL text, named exports the SPIR-V reflection
 * (as for words) and the WGSL's own (entry points, bindings, overrides) and its source map, the
 * WebGPU layouts and the block writers.
 */
export function wgslModuleCode(wgsl: WgslOutput, reflection: Reflection): string {
  return (
    [
      `const code = ${JSON.stringify(wgsl.code)};`,
      'export default code;',
      ...reflectionExports(reflection),
      `export const wgslEntryPoints = ${toJs(wgsl.entryPoints)};`,
      `export const wgslBindings = ${toJs(wgsl.bindings)};`,
      `export const overrides = ${toJs(wgsl.overrides)};`,
      `export const sourceMap = ${toJs(wgsl.sourceMap)};`,
      `export const bindGroupLayouts = ${toJs(wgsl.bindGroupLayouts)};`,
      `export const vertexBuffers = ${toJs(wgsl.vertexBuffers)};`,
      `export const requiredFeatures = ${toJs(wgsl.requiredFeatures)};`,
      // Pure: a bundle that never names blockWriters drops the writers' code.
      `export const blockWriters = /*#__PURE__*/ ${wgsl.blockWritersCode};`,
    ].join('\n') + '\n'
  );
}

/** The module of a `?spvasm` import. */
export function disassemblyModuleCode(text: string): string {
  return `export default ${JSON.stringify(text)};\n`;
}

/** The module of a `?url` import. */
export function urlModuleCode(urlExpression: string): string {
  return `export default ${urlExpression};\n`;
}

/**
 * The module of a query of a shader whose failure another module (`reporterId`, a query of the
 * same shader) reports (see FailureLedger). It throws the failure if it ever runs, so that it is
 * never silent; it does not import the reporter, because a dev server would then fetch that
 * module again to warm it up and log its error once more. It has the exports of a working module
 * of its kind, so that linking its importers adds no errors of its own.
 */
export function failedQueryModuleCode(reporterId: string, kind: 'module' | 'spvasm' | 'url' | 'wgsl', message: string): string {
  const lines = [
    `// spvkit: this shader failed; its error is reported for ${JSON.stringify(reporterId)}.`,
    `throw new Error(${JSON.stringify(message)});`,
    'export default undefined;',
  ];
  if (kind === 'module' || kind === 'wgsl') {
    lines.push('export const entryPoints = [], bindings = [], pushConstants = undefined, specConstants = [];');
    // A module import is WGSL too under the `wgsl` option: its importers may name these.
    lines.push(
      'export const wgslEntryPoints = [], wgslBindings = [], overrides = [], sourceMap = undefined, bindGroupLayouts = [], vertexBuffers = [], requiredFeatures = [], blockWriters = {};',
    );
  }
  return lines.join('\n') + '\n';
}
