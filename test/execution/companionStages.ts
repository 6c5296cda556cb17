/**
 * The other stage of a draw, made for the stage under test from its interface
 * (stageInterface.ts): a vertex shader that covers the target with a grid of quads and passes
 * deterministic values, different at every vertex, to every input a fragment shader reads; or a
 * fragment shader that writes every output a vertex shader gives to a color attachment of its
 * own. Either way what the stage under test computes reaches the image, whatever it reads.
 *
 * Both are copies from inputs to outputs, assembled here (spvkit's assembler) rather than
 * compiled: a glslangValidator process for each shader's companion was most of the suite's time.
 * The values the vertex shader passes on come in as vertex attributes, computed in JS.
 */
import { assemble, encodeModule } from '@spvkit/core';
import type { ColorTarget } from './runDraw.js';
import type { JobAttribute } from './spvrun.js';
import { UnsupportedInterface, type InterfaceSlot } from './stageInterface.js';

/** Quads per side of the grid; flat inputs change from triangle to triangle. */
export const GRID = 4;
/** Vertices of the grid: two triangles a quad. */
export const GRID_VERTICES = 6 * GRID * GRID;

const CORNERS = [
  [0, 0],
  [1, 0],
  [1, 1],
  [0, 0],
  [1, 1],
  [0, 1],
] as const;

/**
 * GLSL statements (for `main`) that set gl_Position for vertex gl_VertexIndex of the grid
 * covering clip space, as {@link feedingVertexShader} places it; the corners are multiples of
 * 2 / GRID, exact in binary.
 */
export function gridPosition(): string[] {
  const corners = CORNERS.map(([x, y]) => `vec2(${x}.0, ${y}.0)`).join(', ');
  return [
    `  const vec2 corners[6] = vec2[6](${corners});`,
    `  uint quad = uint(gl_VertexIndex) / 6u;`,
    `  vec2 corner = vec2(float(quad % ${GRID}u), float(quad / ${GRID}u)) + corners[uint(gl_VertexIndex) % 6u];`,
    `  gl_Position = vec4(corner * ${2 / GRID} - 1.0, 0.0, 1.0);`,
  ];
}

/** Clip-space position of vertex `v` of the grid. */
function gridVertex(v: number): [number, number, number, number] {
  const quad = Math.floor(v / 6);
  const [cx, cy] = CORNERS[v % 6];
  return [((quad % GRID) + cx) * (2 / GRID) - 1, (Math.floor(quad / GRID) + cy) * (2 / GRID) - 1, 0, 1];
}

/** Component `k` of `slot` at vertex `v`: small, exact, different at every vertex, location and component. */
function componentValue(slot: InterfaceSlot, k: number, v: number): number {
  const a = 3 + 2 * ((slot.location * 4 + k) % 7);
  const b = slot.location * 5 + k * 3 + 1;
  const n = v * a + b;
  if (slot.scalar === 'float') return ((n % 29) - 14) * 0.125;
  if (slot.scalar === 'int') return (n % 61) - 30;
  return Math.imul(n, 2654435761) >>> 0;
}

/** `slot`'s values at every vertex of the grid, as a vertex attribute at `location`. */
function attribute(slot: InterfaceSlot, location: number, value: (k: number, v: number) => number): JobAttribute {
  const words = Array.from({ length: GRID_VERTICES * slot.components }, (_, j) => value(j % slot.components, Math.floor(j / slot.components)));
  const data = slot.scalar === 'float' ? new Float32Array(words) : slot.scalar === 'int' ? new Int32Array(words) : new Uint32Array(words);
  return { location, format: `${slot.scalar[0]}32x${slot.components}`, stride: 4 * slot.components, data: new Uint8Array(data.buffer) };
}

/**
 * Vertex attributes for a vertex shader under test, one for each of its `inputs`: small values
 * (floats in quarters from -2 to 2, integers from -8 to 8), different at every vertex, so that
 * positions stay near the screen and indexes near their arrays.
 */
export function vertexAttributes(inputs: readonly InterfaceSlot[]): JobAttribute[] {
  return inputs.map((slot) =>
    attribute(slot, slot.location, (k, v) => {
      const n = (v * 3 + k * 5 + slot.location) % 17;
      return slot.scalar === 'float' ? (n - 8) * 0.25 : slot.scalar === 'int' ? n - 8 : n;
    }),
  );
}

const SCALAR_TYPE = { float: 'OpTypeFloat 32', int: 'OpTypeInt 32 1', uint: 'OpTypeInt 32 0' } as const;

const typeId = (scalar: InterfaceSlot['scalar'], components: number): string => (components === 1 ? `%${scalar}` : `%v${components}${scalar}`);

/** One input (a Location, or gl_FragCoord) copied to one output (a Location, or gl_Position), padded with zeros to `components`. */
interface Copy {
  from: InterfaceSlot & { builtIn?: 'FragCoord' };
  to: { location: number; components: number } | { builtIn: 'Position' };
}

/** A module whose entry point `main` of `model` does every copy. */
function passThrough(model: 'Vertex' | 'Fragment', copies: readonly Copy[]): Uint32Array {
  const types: string[] = [];
  for (const scalar of ['float', 'int', 'uint'] as const) {
    types.push(`%${scalar} = ${SCALAR_TYPE[scalar]}`);
    for (const n of [2, 3, 4]) types.push(`%v${n}${scalar} = OpTypeVector %${scalar} ${n}`);
  }
  const zero = { float: '%zero_float = OpConstant %float 0', int: '%zero_int = OpConstant %int 0', uint: '%zero_uint = OpConstant %uint 0' };
  const pointers = new Set<string>();
  const pointer = (storage: 'Input' | 'Output', type: string): string => {
    const id = `%ptr_${storage}_${type.slice(1)}`;
    pointers.add(`${id} = OpTypePointer ${storage} ${type}`);
    return id;
  };
  const decorations: string[] = [];
  const variables: string[] = [];
  const body: string[] = [];
  const iface: string[] = [];
  copies.forEach(({ from, to }, i) => {
    const inType = typeId(from.scalar, from.components);
    const outComponents = 'builtIn' in to ? 4 : to.components;
    const outType = typeId(from.scalar, outComponents);
    variables.push(`%in${i} = OpVariable ${pointer('Input', inType)} Input`, `%out${i} = OpVariable ${pointer('Output', outType)} Output`);
    iface.push(`%in${i}`, `%out${i}`);
    if (from.builtIn !== undefined) decorations.push(`OpDecorate %in${i} BuiltIn ${from.builtIn}`);
    else decorations.push(`OpDecorate %in${i} Location ${from.location}`);
    // Integer inputs of a fragment shader must be flat; floats are as the shader under test has them.
    if (model === 'Fragment' && from.builtIn === undefined && (from.flat || from.scalar !== 'float')) decorations.push(`OpDecorate %in${i} Flat`);
    decorations.push('builtIn' in to ? `OpDecorate %out${i} BuiltIn Position` : `OpDecorate %out${i} Location ${to.location}`);
    body.push(`%value${i} = OpLoad ${inType} %in${i}`);
    if (outComponents === from.components) body.push(`OpStore %out${i} %value${i}`);
    else {
      const padding = Array.from({ length: outComponents - from.components }, () => `%zero_${from.scalar}`);
      body.push(`%padded${i} = OpCompositeConstruct ${outType} %value${i} ${padding.join(' ')}`, `OpStore %out${i} %padded${i}`);
    }
  });
  const text = [
    'OpCapability Shader',
    'OpMemoryModel Logical GLSL450',
    `OpEntryPoint ${model} %main "main" ${iface.join(' ')}`,
    ...(model === 'Fragment' ? ['OpExecutionMode %main OriginUpperLeft'] : []),
    ...decorations,
    '%void = OpTypeVoid',
    '%fn = OpTypeFunction %void',
    ...types,
    ...Object.values(zero),
    ...pointers,
    ...variables,
    '%main = OpFunction %void None %fn',
    '%entry = OpLabel',
    ...body,
    'OpReturn',
    'OpFunctionEnd',
    '',
  ].join('\n');
  return encodeModule(assemble(text, { targetEnv: 'vulkan1.1' }));
}

/**
 * A vertex shader drawing the grid ({@link GRID_VERTICES} vertices) that writes every one of
 * `inputs` (a fragment shader's) at its location, and the vertex attributes it reads them from.
 */
export function feedingVertexShader(inputs: readonly InterfaceSlot[]): { words: Uint32Array; attributes: JobAttribute[] } {
  const free = Math.max(-1, ...inputs.map((s) => s.location)) + 1;
  const position: InterfaceSlot = { location: free, components: 4, scalar: 'float', flat: false };
  const copies: Copy[] = [
    { from: position, to: { builtIn: 'Position' } },
    ...inputs.map((slot) => ({ from: slot, to: { location: slot.location, components: slot.components } })),
  ];
  const attributes = [
    attribute(position, free, (k, v) => gridVertex(v)[k]),
    ...inputs.map((slot) => attribute(slot, slot.location, (k, v) => componentValue(slot, k, v))),
  ];
  return { words: passThrough('Vertex', copies), attributes };
}

const ATTACHMENT: Record<InterfaceSlot['scalar'], ColorTarget['format']> = { float: 'rgba32f', int: 'rgba32i', uint: 'rgba32ui' };

/**
 * A fragment shader that writes every one of `outputs` (a vertex shader's) to the color
 * attachment of its location, padded to four components, and gl_FragCoord to the attachment after
 * them (so the image shows where the vertex shader put its vertices, x, y, z and 1/w, even when it
 * has no other output); and those attachments.
 */
export function readingFragmentShader(outputs: readonly InterfaceSlot[]): { words: Uint32Array; colors: ColorTarget[] } {
  const free = Math.max(-1, ...outputs.map((s) => s.location)) + 1;
  if (free >= 8) throw new UnsupportedInterface(`output location ${free - 1}: a draw has 8 color attachments, and one is gl_FragCoord's`);
  const fragCoord = { location: free, components: 4, scalar: 'float' as const, flat: false, builtIn: 'FragCoord' as const };
  const read = [...outputs, fragCoord];
  return {
    words: passThrough(
      'Fragment',
      read.map((slot) => ({ from: slot, to: { location: slot.location, components: 4 } })),
    ),
    colors: read.map((slot) => ({ location: slot.location, format: ATTACHMENT[slot.scalar] })),
  };
}
