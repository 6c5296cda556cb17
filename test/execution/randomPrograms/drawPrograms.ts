/**
 * Seeded random draw programs for proving the optimizer on a driver's graphics stages: the code
 * of a generated compute program (computePrograms.ts: loops, calls, local arrays and structs,
 * vectors, branches, switches, spec constants, Private globals, exact float arithmetic) moved
 * into a fragment shader, whose inputs are the pixel, flat integer varyings, an interpolated
 * varying, a uniform block and a storage buffer, and which may discard; or into a vertex shader,
 * whose results go to flat and interpolated varyings, to the vertex's position and to a storage
 * buffer. The program's other stage is written from its interface (companionStages.ts).
 *
 * Integer results are exact, and every float a program computes before the rasterizer is exact
 * in binary, so any difference in the image after a transformation is the transformation's.
 */
import { gridPosition } from '../companionStages.js';
import { generateProgramParts, SLOTS, type Feature } from './computePrograms.js';

/** Width and height of the target the programs draw to. */
export const DRAW_SIZE = 32;
/** Words of the storage buffer the programs read (`inputs`, binding 1). */
export const INPUT_WORDS = 256;

export type DrawFeature = Feature | 'discard';

export interface DrawProgram {
  seed: number;
  /** The stage the generated code runs in; the other one comes from its interface. */
  stage: 'frag' | 'vert';
  features: readonly DrawFeature[];
  source: string;
  specConstants?: Record<number, number>;
}

const RESOURCES = [
  'layout(std140, set = 0, binding = 0) uniform U { uvec4 k; } u;',
  'layout(std430, set = 0, binding = 1) readonly buffer Inputs { uint inputs[]; };',
];

function split(declarations: readonly string[]): [string[], string[]] {
  return [declarations.filter((d) => d.startsWith('#extension')), declarations.filter((d) => !d.startsWith('#extension'))];
}

function fragmentProgram(seed: number): DrawProgram {
  const parts = generateProgramParts(seed);
  const [extensions, declarations] = split(parts.declarations);
  // Where the fragment discards, from the seed: before the program, after it, or not at all.
  const discard = seed % 4 === 0 ? 'before' : seed % 4 === 1 ? 'after' : undefined;
  const kill = `  if ((x & 15u) == ${seed % 16}u) discard;`;
  const r = parts.results;
  const source = [
    '#version 450',
    ...extensions,
    'layout(location = 0) flat in uint vX;',
    'layout(location = 1) flat in ivec2 vI;',
    'layout(location = 2) in vec2 vUv;',
    'layout(location = 0) out uvec4 out0;',
    'layout(location = 1) out uvec4 out1;',
    'layout(location = 2) out vec4 out2;',
    ...RESOURCES,
    ...declarations,
    'void main() {',
    `  uint gid = uint(gl_FragCoord.y) * ${DRAW_SIZE}u + uint(gl_FragCoord.x);`,
    `  uint x = vX + inputs[gid % ${INPUT_WORDS}u] * u.k.x + uint(vI.x * vI.y);`,
    '  uint sink = 0u;',
    ...(discard === 'before' ? [kill] : []),
    ...parts.body,
    ...(discard === 'after' ? [kill.replace('(x & 15u)', '(sink & 15u)')] : []),
    `  out0 = uvec4(${r[0]}, ${r[1]}, ${r[2]}, ${r[3]});`,
    `  out1 = uvec4(${r[4]}, ${r[5]} + ${parts.sink}, gid, uint(vI.y));`,
    '  out2 = vec4(vUv * 4.0 + vec2(float(out0.y & 7u)), vUv.x * vUv.y, float(out0.z & 255u) * 0.5 - 3.0);',
    '}',
    '',
  ].join('\n');
  return {
    seed,
    stage: 'frag',
    features: discard ? [...parts.features, 'discard'] : parts.features,
    source,
    ...(parts.specConstants ? { specConstants: parts.specConstants } : {}),
  };
}

function vertexProgram(seed: number): DrawProgram {
  const parts = generateProgramParts(seed);
  const [extensions, declarations] = split(parts.declarations);
  const r = parts.results;
  const source = [
    '#version 450',
    ...extensions,
    'layout(location = 0) flat out uvec4 o0;',
    'layout(location = 1) flat out uvec4 o1;',
    'layout(location = 2) out vec4 o2;',
    ...RESOURCES,
    'layout(std430, set = 0, binding = 2) writeonly buffer Outputs { uint outputs[]; };',
    ...declarations,
    'void main() {',
    ...gridPosition(),
    '  uint gid = uint(gl_VertexIndex);',
    `  uint x = inputs[gid % ${INPUT_WORDS}u] ^ u.k.y;`,
    '  uint sink = 0u;',
    ...parts.body,
    `  o0 = uvec4(${r[0]}, ${r[1]}, ${r[2]}, ${r[3]});`,
    `  o1 = uvec4(${r[4]}, ${r[5]} + ${parts.sink}, gid, 0u);`,
    '  o2 = vec4(float(o0.y & 1023u) * 0.125, float(o0.z & 255u) - 100.0, float(o0.w >> 28), 1.0);',
    // Whole pixels of the target: the results move the triangles, and the image shows where to.
    `  gl_Position.xy += vec2(float(o0.y & 3u), float(o0.z & 3u)) * ${2 / DRAW_SIZE};`,
    ...Array.from({ length: SLOTS }, (_, k) => `  outputs[gid * ${SLOTS}u + ${k}u] = ${k < 4 ? `o0[${k}]` : `o1[${k - 4}]`};`),
    '}',
    '',
  ].join('\n');
  return { seed, stage: 'vert', features: parts.features, source, ...(parts.specConstants ? { specConstants: parts.specConstants } : {}) };
}

/**
 * The draw program for `seed`: the generated code of the compute program of the same seed, in a
 * fragment shader for two seeds of three and in a vertex shader for the third.
 */
export function generateDrawProgram(seed: number): DrawProgram {
  return seed % 3 === 2 ? vertexProgram(seed) : fragmentProgram(seed);
}
