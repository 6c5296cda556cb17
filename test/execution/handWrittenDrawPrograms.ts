/**
 * Draw programs written by hand for what the optimizer's recipes rewrite in graphics stages and
 * the generated programs (randomPrograms/drawPrograms.ts) reach only by chance: discard inside a
 * called function (the inliner must keep OpKill's meaning), loops over float arithmetic that does
 * not round exactly (unrolled, the driver gets other code; the values must not change), constant
 * float locals the folder may not fold, spec constants steering loops and branches, matrices,
 * structs of arrays indexed at run time, and flat integer varyings from a vertex shader.
 * Each is one stage; its other stage comes from its interface (companionStages.ts).
 */
import type { DrawProgram } from './randomPrograms/drawPrograms.js';

export interface HandWrittenDrawProgram extends Omit<DrawProgram, 'seed' | 'features'> {
  name: string;
}

export const HAND_WRITTEN_DRAW_PROGRAMS: readonly HandWrittenDrawProgram[] = [
  {
    name: 'discard in a called function, called twice, with early returns',
    stage: 'frag',
    source: `#version 450
layout(location = 0) flat in uint vX;
layout(location = 1) in vec2 vUv;
layout(location = 0) out uvec4 result;
uint check(uint v, uint k) {
  if ((v & 7u) == k) discard;
  if (v > 1000u) return v - 1000u;
  return v * 3u + k;
}
void main() {
  uint p = uint(gl_FragCoord.x) + 7u * uint(gl_FragCoord.y);
  uint a = check(p ^ vX, 3u);
  uint b = check(a + uint(vUv.x * 8.0), 5u);
  result = uvec4(a, b, p, vX);
}
`,
  },
  {
    name: 'unrolled loops over inexact float arithmetic and a constant float table',
    stage: 'frag',
    source: `#version 450
#extension GL_EXT_control_flow_attributes : require
layout(location = 0) in vec2 vUv;
layout(location = 1) in vec4 vColor;
layout(location = 0) out vec4 result;
layout(location = 1) out vec4 second;
const float weights[5] = float[5](0.1, 0.2, 0.3, 0.15, 0.25);
void main() {
  float acc = vUv.x;
  [[unroll]] for (int i = 0; i < 5; ++i) acc = acc * 1.1 + weights[i] * vUv.y;
  vec4 c = vColor;
  [[unroll]] for (int i = 0; i < 3; ++i) c = c * 0.7 + vec4(weights[i + 1]) / (1.0 + float(i));
  float s = 0.0;
  for (int i = 0; i < 4; ++i) s += sqrt(abs(c[i]) + 0.3) * exp2(-float(i));
  result = vec4(acc, s, fract(acc * 17.3), c.x * c.y - c.z);
  second = c;
}
`,
  },
  {
    name: 'float locals with constant values, through functions (folding them would be a rule, not spvkit)',
    stage: 'frag',
    source: `#version 450
layout(location = 0) in vec2 vUv;
layout(location = 0) out vec4 result;
float scaled(float a, float b) { return a * b + 0.1; }
void main() {
  float third = 1.0;
  third /= 3.0;
  float tenth = 0.1;
  float sum = tenth + 0.2;
  float big = 16777216.0;
  big += 1.0;
  float p = pow(2.0, 0.5) * scaled(third, 3.0);
  result = vec4(sum + vUv.x, big - 16777216.0, p, scaled(tenth, vUv.y) - sin(third));
}
`,
  },
  {
    name: 'spec constants steering a loop, a branch and a float',
    stage: 'frag',
    specConstants: { 0: 5, 1: 0, 2: 0x40200000 },
    source: `#version 450
layout(constant_id = 0) const int N = 2;
layout(constant_id = 1) const bool FAST = true;
layout(constant_id = 2) const float SCALE = 1.0;
layout(location = 0) flat in int vI;
layout(location = 1) in vec2 vUv;
layout(location = 0) out ivec4 result;
layout(location = 1) out vec4 second;
void main() {
  int acc = vI;
  for (int i = 0; i < N; ++i) acc = acc * 3 + i;
  int mode = FAST ? acc & 15 : acc % 7;
  result = ivec4(acc, mode, N, FAST ? 1 : 0);
  second = vec4(vUv * SCALE, SCALE * 2.0, float(mode) * SCALE);
}
`,
  },
  {
    name: 'a struct of arrays indexed at run time, copied and modified',
    stage: 'frag',
    source: `#version 450
layout(location = 0) flat in uvec2 vKey;
layout(location = 0) out uvec4 result;
struct Bucket { uint keys[4]; uvec2 range; };
struct Table { Bucket buckets[3]; uint count; };
void main() {
  Table t;
  t.count = 0u;
  for (uint b = 0u; b < 3u; ++b) {
    for (uint k = 0u; k < 4u; ++k) t.buckets[b].keys[k] = vKey.x * (b + 1u) + k * vKey.y;
    t.buckets[b].range = uvec2(b, b + uint(gl_FragCoord.x));
    t.count += t.buckets[b].range.y;
  }
  Table copy = t;
  copy.buckets[vKey.y % 3u].keys[vKey.x & 3u] = 99u;
  uint i = uint(gl_FragCoord.y) % 3u;
  result = uvec4(copy.buckets[i].keys[uint(gl_FragCoord.x) & 3u], t.buckets[i].keys[1], copy.count, copy.buckets[2].range.y);
}
`,
  },
  {
    name: 'vertex matrices of exact values, an inlined helper and flat integer outputs',
    stage: 'vert',
    source: `#version 450
#extension GL_EXT_control_flow_attributes : require
layout(location = 0) flat out ivec4 ids;
layout(location = 1) out vec3 shade;
layout(std140, set = 0, binding = 0) uniform U { vec4 tint; } u;
mat3 rotation(int quarterTurns) {
  mat3 m = mat3(1.0);
  [[unroll]] for (int i = 0; i < 4; ++i) {
    if (i >= quarterTurns) break;
    m = mat3(0.0, 1.0, 0.0, -1.0, 0.0, 0.0, 0.0, 0.0, 1.0) * m;
  }
  return m;
}
void main() {
  int v = gl_VertexIndex;
  int quad = v / 6;
  const vec2 corners[6] = vec2[6](vec2(0.0, 0.0), vec2(1.0, 0.0), vec2(1.0, 1.0), vec2(0.0, 0.0), vec2(1.0, 1.0), vec2(0.0, 1.0));
  vec2 corner = (vec2(float(quad % 4), float(quad / 4)) + corners[v % 6]) * 0.5 - 1.0;
  vec3 r = rotation(quad & 3) * vec3(corner, 1.0);
  gl_Position = vec4(r.xy * 0.5, 0.0, 1.0);
  ids = ivec4(v, quad, int(r.x * 4.0), int(r.y * 4.0));
  shade = vec3(r.xy * u.tint.xy, u.tint.z);
}
`,
  },
  {
    name: 'a vertex shader whose integer results go through a switch, a loop with break and a local array',
    stage: 'vert',
    specConstants: { 3: 4 },
    source: `#version 450
layout(constant_id = 3) const uint LIMIT = 2u;
layout(location = 0) flat out uvec4 values;
layout(std430, set = 0, binding = 1) readonly buffer Inputs { uint inputs[]; };
void main() {
  uint v = uint(gl_VertexIndex);
  uint quad = v / 6u;
  const vec2 corners[6] = vec2[6](vec2(0.0, 0.0), vec2(1.0, 0.0), vec2(1.0, 1.0), vec2(0.0, 0.0), vec2(1.0, 1.0), vec2(0.0, 1.0));
  gl_Position = vec4((vec2(float(quad % 4u), float(quad / 4u)) + corners[v % 6u]) * 0.5 - 1.0, 0.0, 1.0);
  uint a[6];
  for (uint i = 0u; i < 6u; ++i) a[i] = inputs[(v + i) % 64u] + i;
  uint acc = 0u;
  for (uint i = 0u; i < 6u; ++i) {
    if (i == LIMIT) break;
    switch (a[i] & 3u) {
      case 0u: acc += a[i]; break;
      case 1u: acc ^= a[i] << 3; // falls through
      case 2u: acc *= 3u; break;
      default: acc -= 1u;
    }
  }
  values = uvec4(acc, a[quad % 6u], LIMIT, v);
}
`,
  },
];
