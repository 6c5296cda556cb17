// Writes client.d.ts, client-bytes.d.ts and client-base64.d.ts: the module types of every import
// the plugin handles, for the three `output` modes. Run: node scripts/generate-client.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
// --check: exit 1 when a committed file differs from what this script writes.
const check = process.argv.includes('--check');
let stale = 0;
function put(file, text) {
  if (!check) return writeFileSync(file, text);
  let old = '';
  try {
    old = readFileSync(file, 'utf8');
  } catch {
    /* missing */
  }
  if (old !== text) {
    console.error(`stale: ${file} (run node scripts/generate-client.mjs)`);
    stale++;
  }
}
const STAGES = ['vert', 'tesc', 'tese', 'geom', 'frag', 'comp', 'mesh', 'task', 'rgen', 'rint', 'rahit', 'rchit', 'rmiss', 'rcall'];
const SHADER_PATTERNS = ['*.spv', '*.spvasm', ...STAGES.map((s) => `*.${s}`), ...STAGES.map((s) => `*.glsl?stage=${s}`)];
const FILE_PATTERNS = ['*.spv', '*.spvasm', ...STAGES.map((s) => `*.${s}`)];

const variants = [
  { file: 'client.d.ts', output: 'words', type: 'Uint32Array', note: "`output: 'words'` (the default)" },
  { file: 'client-bytes.d.ts', output: 'bytes', type: 'Uint8Array', note: "`output: 'bytes'`" },
  { file: 'client-base64.d.ts', output: 'base64', type: 'string', note: "`output: 'base64'`" },
  { file: 'client-wgsl.d.ts', output: 'wgsl', type: 'string', note: '`wgsl: true` (every import gives WGSL)' },
];

const shared = `declare namespace SpvkitShader {
  /** An entry point: name, execution model (e.g. \`GLCompute\`) and, for compute-like stages, workgroup size. */
  interface EntryPoint {
    readonly name: string;
    readonly executionModel: string;
    readonly workgroupSize?: readonly [number, number, number];
    /** For each dimension the SpecId that can change it, or null. */
    readonly workgroupSizeSpecIds?: readonly [number | null, number | null, number | null];
  }
  /** A descriptor binding; \`kind\` is named after its VkDescriptorType. */
  interface Binding {
    readonly set: number;
    readonly binding: number;
    readonly kind:
      | 'uniform-buffer'
      | 'storage-buffer'
      | 'sampler'
      | 'sampled-image'
      | 'combined-image-sampler'
      | 'storage-image'
      | 'uniform-texel-buffer'
      | 'storage-texel-buffer'
      | 'input-attachment'
      | 'acceleration-structure'
      | 'unknown';
    readonly name: string;
    /** 1 for one descriptor, the array length, or 0 for a runtime-sized array. */
    readonly count: number;
  }
  interface PushConstants {
    readonly size: number;
    readonly members: readonly { readonly name: string; readonly offset: number; readonly size: number | null }[];
  }
  interface SpecConstant {
    readonly id: number;
    readonly name: string;
    readonly type: string;
    readonly default: boolean | number | bigint;
  }
  /** An entry point of the WGSL: its SPIR-V name, its function's name in the WGSL, its stage. */
  interface WgslEntryPoint {
    readonly name: string;
    readonly wgslName: string;
    readonly stage: 'compute' | 'vertex' | 'fragment';
    readonly workgroupSize?: readonly [number, number, number];
  }
  /** A resource of the WGSL at its \`@group\`/\`@binding\`; \`kind\` is the WebGPU binding type (the push constants' uniform buffer is \`'push-constant'\`). */
  interface WgslBinding {
    readonly group: number;
    readonly binding: number;
    readonly name: string;
    readonly kind: 'uniform' | 'storage' | 'read-only-storage' | 'texture' | 'storage-texture' | 'sampler' | 'push-constant';
    /** For buffers: the byte size of the fixed part (without a runtime array's elements). */
    readonly size?: number;
  }
  /** A spec constant as a WGSL \`override\` with \`@id\`: \`id\` is its key in \`GPUProgrammableStage.constants\`. */
  interface WgslOverride {
    readonly id: number;
    readonly name: string;
    readonly type: 'bool' | 'i32' | 'u32' | 'f32';
    readonly default: number | boolean;
  }
  /** A source map (version 3) from the WGSL's lines to the source lines they came from. */
  interface WgslSourceMap {
    readonly version: 3;
    readonly file: string;
    readonly sources: readonly string[];
    readonly sourcesContent: readonly (string | null)[];
    readonly names: readonly string[];
    readonly mappings: string;
  }
}
`;

function wgslDecl(pattern) {
  return `declare module '${pattern}' {
  /** The WGSL text of the transformed module. */
  const code: string;
  export default code;
  export const entryPoints: readonly SpvkitShader.EntryPoint[];
  export const bindings: readonly SpvkitShader.Binding[];
  export const pushConstants: SpvkitShader.PushConstants | undefined;
  export const specConstants: readonly SpvkitShader.SpecConstant[];
  export const wgslEntryPoints: readonly SpvkitShader.WgslEntryPoint[];
  export const wgslBindings: readonly SpvkitShader.WgslBinding[];
  export const overrides: readonly SpvkitShader.WgslOverride[];
  /** Undefined where the module has no debug info, and in builds that strip it. */
  export const sourceMap: SpvkitShader.WgslSourceMap | undefined;
}
`;
}

function moduleDecl(pattern, type) {
  return `declare module '${pattern}' {
  const binary: ${type};
  export default binary;
  export const entryPoints: readonly SpvkitShader.EntryPoint[];
  export const bindings: readonly SpvkitShader.Binding[];
  export const pushConstants: SpvkitShader.PushConstants | undefined;
  export const specConstants: readonly SpvkitShader.SpecConstant[];
}
`;
}

function stringDecl(pattern, what) {
  return `declare module '${pattern}' {
  /** ${what} */
  const value: string;
  export default value;
}
`;
}

for (const v of variants) {
  let text = `// Generated by scripts/generate-client.mjs; do not edit.
// Module types for shader imports handled by @spvkit/rollup-plugin and @spvkit/vite-plugin with
// ${v.note}. Reference it from a .d.ts (\`/// <reference types="@spvkit/rollup-plugin/${v.file.replace(/\.d\.ts$/, '')}" />\`)
// or list it in compilerOptions.types.

${shared}
`;
  for (const p of SHADER_PATTERNS) text += v.output === 'wgsl' ? wgslDecl(p) : moduleDecl(p, v.type);
  for (const p of FILE_PATTERNS) {
    text += stringDecl(`${p}?spvasm`, 'The transformed module as SPIR-V assembly.');
    text += stringDecl(`${p}?url`, 'The URL of the transformed binary (emitted as an asset in builds, served in dev).');
    text += wgslDecl(`${p}?wgsl`);
  }
  text += wgslDecl('*&wgsl');
  text += stringDecl('*&spvasm', 'The transformed module as SPIR-V assembly (`.glsl?stage=...&spvasm`).');
  text += stringDecl('*&url', 'The URL of the transformed binary (`.glsl?stage=...&url`).');
  put(join(here, '..', v.file), text);
  put(
    join(here, '..', '..', 'vite-plugin', v.file),
    `// Module types for shader imports handled by @spvkit/vite-plugin with ${v.note}; the same as\n// @spvkit/rollup-plugin's. Generated by packages/rollup-plugin/scripts/generate-client.mjs.\n/// <reference types="@spvkit/rollup-plugin/${v.file.replace(/\.d\.ts$/, '')}" />\n`,
  );
}

if (stale > 0) process.exitCode = 1;
