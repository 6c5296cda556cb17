/**
 * The other stage of a draw, written for the stage under test from its interface
 * (stageInterface.ts): a vertex shader that covers the target with a grid of quads and writes
 * deterministic values, varying from vertex to vertex, to every input a fragment shader reads; or
 * a fragment shader that writes every output a vertex shader gives to a color attachment of its
 * own. Either way what the stage under test computes reaches the image, whatever it reads.
 */
import type { ColorTarget } from './runDraw.js';
import { UnsupportedInterface, type InterfaceSlot } from './stageInterface.js';

/** Quads per side of the grid; the grid's flat inputs change from triangle to triangle. */
export const GRID = 4;
/** Vertices of the grid: two triangles a quad. */
export const GRID_VERTICES = 6 * GRID * GRID;

/**
 * GLSL statements (for `main`) that set gl_Position for vertex gl_VertexIndex of the grid
 * covering clip space; the corners are multiples of 2 / GRID, exact in binary.
 */
export function gridPosition(): string[] {
  return [
    '  const vec2 corners[6] = vec2[6](vec2(0.0, 0.0), vec2(1.0, 0.0), vec2(1.0, 1.0), vec2(0.0, 0.0), vec2(1.0, 1.0), vec2(0.0, 1.0));',
    `  uint quad = uint(gl_VertexIndex) / 6u;`,
    `  vec2 corner = vec2(float(quad % ${GRID}u), float(quad / ${GRID}u)) + corners[uint(gl_VertexIndex) % 6u];`,
    `  gl_Position = vec4(corner * ${2 / GRID} - 1.0, 0.0, 1.0);`,
  ];
}

const TYPE_NAMES: Record<InterfaceSlot['scalar'], readonly string[]> = {
  float: ['float', 'vec2', 'vec3', 'vec4'],
  int: ['int', 'ivec2', 'ivec3', 'ivec4'],
  uint: ['uint', 'uvec2', 'uvec3', 'uvec4'],
};

const typeName = (slot: InterfaceSlot): string => TYPE_NAMES[slot.scalar][slot.components - 1];

/** A value of component `k` of `slot` for vertex `v` (a uint): small, exact, and different at every vertex, location and component. */
function componentValue(slot: InterfaceSlot, k: number): string {
  const a = 3 + 2 * ((slot.location * 4 + k) % 7);
  const b = slot.location * 5 + k * 3 + 1;
  switch (slot.scalar) {
    case 'float':
      return `float(int((v * ${a}u + ${b}u) % 29u) - 14) * 0.125`;
    case 'int':
      return `int((v * ${a}u + ${b}u) % 61u) - 30`;
    case 'uint':
      return `(v * ${a}u + ${b}u) * 2654435761u`;
  }
}

/**
 * A vertex shader drawing the grid ({@link GRID_VERTICES} vertices) that writes every one of
 * `inputs` (a fragment shader's) at its location.
 */
export function feedingVertexShader(inputs: readonly InterfaceSlot[]): string {
  const lines = ['#version 450'];
  for (const slot of inputs) lines.push(`layout(location = ${slot.location}) out ${typeName(slot)} in${slot.location};`);
  lines.push('void main() {', ...gridPosition(), '  uint v = uint(gl_VertexIndex);');
  for (const slot of inputs) {
    const parts = Array.from({ length: slot.components }, (_, k) => componentValue(slot, k));
    lines.push(`  in${slot.location} = ${slot.components === 1 ? parts[0] : `${typeName(slot)}(${parts.join(', ')})`};`);
  }
  lines.push('}', '');
  return lines.join('\n');
}

const ATTACHMENT: Record<InterfaceSlot['scalar'], { format: ColorTarget['format']; zero: string }> = {
  float: { format: 'rgba32f', zero: '0.0' },
  int: { format: 'rgba32i', zero: '0' },
  uint: { format: 'rgba32ui', zero: '0u' },
};

/**
 * A fragment shader that writes every one of `outputs` (a vertex shader's) to the color
 * attachment of its location, padded to four components; and those attachments. Integers are
 * read flat, as they must be; floats as the vertex shader declared them.
 */
export function readingFragmentShader(outputs: readonly InterfaceSlot[]): { source: string; colors: ColorTarget[] } {
  const lines = ['#version 450'];
  const colors: ColorTarget[] = [];
  for (const slot of outputs) {
    if (slot.location >= 8) throw new UnsupportedInterface(`output location ${slot.location}: a draw has 8 color attachments`);
    const flat = slot.flat || slot.scalar !== 'float' ? 'flat ' : '';
    const four = TYPE_NAMES[slot.scalar][3];
    lines.push(`layout(location = ${slot.location}) ${flat}in ${typeName(slot)} in${slot.location};`);
    lines.push(`layout(location = ${slot.location}) out ${four} out${slot.location};`);
    colors.push({ location: slot.location, format: ATTACHMENT[slot.scalar].format });
  }
  lines.push('void main() {');
  for (const slot of outputs) {
    const padding = Array.from({ length: 4 - slot.components }, () => ATTACHMENT[slot.scalar].zero);
    lines.push(`  out${slot.location} = ${TYPE_NAMES[slot.scalar][3]}(${[`in${slot.location}`, ...padding].join(', ')});`);
  }
  lines.push('}', '');
  return { source: lines.join('\n'), colors };
}
