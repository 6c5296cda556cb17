/**
 * WGSL's keywords and reserved words: a SPIR-V name that is one of these (or not an identifier at
 * all) is renamed, so user names survive wherever WGSL lets them.
 */
const RESERVED = new Set(
  (
    'alias break case const const_assert continue continuing default diagnostic discard else enable false fn for if let loop override requires return struct switch true var while ' +
    'NULL Self abstract active alignas alignof as asm asm_fragment async attribute auto await become cast catch class co_await co_return co_yield coherent column_major common compile compile_fragment concept const_cast consteval constexpr constinit crate debugger decltype delete demote demote_to_helper do dynamic_cast enum explicit export extends extern external fallthrough filter final finally friend from fxgroup get goto groupshared highp impl implements import inline instanceof interface layout lowp macro macro_rules match mediump meta mod module move mut mutable namespace new nil noexcept noinline nointerpolation non_coherent noncoherent noperspective null nullptr of operator package packoffset partition pass patch pixelfragment precise precision premerge priv protected pub public readonly ref regardless register reinterpret_cast require resource restrict self set shared sizeof smooth snorm static static_assert static_cast std subroutine super target template this thread_local throw trait try type typedef typeid typename typeof union unless unorm unsafe unsized use using varying virtual volatile wgsl where with writeonly yield ' +
    // Predeclared names a declaration would shadow (types and builtin functions we call).
    'bool i32 u32 f32 f16 vec2 vec3 vec4 mat2x2 mat2x3 mat2x4 mat3x2 mat3x3 mat3x4 mat4x2 mat4x3 mat4x4 array atomic ptr sampler sampler_comparison ' +
    'texture_1d texture_2d texture_2d_array texture_3d texture_cube texture_cube_array texture_multisampled_2d texture_depth_2d texture_depth_2d_array texture_depth_cube texture_depth_cube_array texture_storage_1d texture_storage_2d texture_storage_2d_array texture_storage_3d ' +
    'abs acos acosh all any asin asinh atan atan2 atanh bitcast ceil clamp cos cosh countLeadingZeros countOneBits countTrailingZeros cross degrees determinant distance dot dpdx dpdy exp exp2 extractBits faceForward firstLeadingBit firstTrailingBit floor fma fract frexp fwidth insertBits inverseSqrt ldexp length log log2 max min mix modf normalize pow radians reflect refract reverseBits round saturate select sign sin sinh smoothstep sqrt step tan tanh transpose trunc arrayLength ' +
    'textureSample textureSampleLevel textureSampleBias textureSampleGrad textureSampleCompare textureSampleCompareLevel textureLoad textureStore textureDimensions textureNumLayers textureNumLevels textureNumSamples textureGather textureGatherCompare ' +
    'atomicLoad atomicStore atomicAdd atomicSub atomicMax atomicMin atomicAnd atomicOr atomicXor atomicExchange atomicCompareExchangeWeak workgroupBarrier storageBarrier textureBarrier pack4x8snorm pack4x8unorm pack2x16snorm pack2x16unorm pack2x16float unpack4x8snorm unpack4x8unorm unpack2x16snorm unpack2x16unorm unpack2x16float'
  ).split(' '),
);

/**
 * Gives out unique WGSL identifiers, from SPIR-V debug names where there are any: characters WGSL
 * does not allow become `_`, reserved words and names already taken get a numeric suffix, and
 * names WGSL keeps for itself (a leading `__`) are avoided. Deterministic: the same requests in
 * the same order give the same names.
 */
export class Namer {
  private readonly taken = new Set<string>();
  /** Per base, the suffix to try first: every smaller one is taken (names are never given back). */
  private readonly nextSuffix = new Map<string, number>();

  /** A fresh identifier based on `wanted` (or `fallback` when `wanted` has nothing usable). */
  name(wanted: string | undefined, fallback: string): string {
    let base = sanitize(wanted ?? '');
    if (base === '') base = sanitize(fallback);
    if (RESERVED.has(base)) base = `${base}_`;
    if (!this.taken.has(base)) {
      this.taken.add(base);
      return base;
    }
    // Counting on from the last suffix keeps thousands of same-named ids linear, not quadratic.
    let n = this.nextSuffix.get(base) ?? 1;
    let candidate = `${base}_${n}`;
    while (this.taken.has(candidate) || RESERVED.has(candidate)) candidate = `${base}_${++n}`;
    this.nextSuffix.set(base, n + 1);
    this.taken.add(candidate);
    return candidate;
  }

  /** Marks `name` as used (for names fixed elsewhere). */
  reserve(name: string): void {
    this.taken.add(name);
  }
}

/** Whether `name` is a WGSL keyword, reserved word, or a predeclared name this translator uses. */
export function isReserved(name: string): boolean {
  return RESERVED.has(name);
}

/** `wanted` as a WGSL identifier: ASCII letters, digits and `_`, not starting with a digit or `__`. */
export function sanitize(wanted: string): string {
  // glslang names members and functions with signatures (`main(`, `f(vf3;`): keep the part before `(`.
  let s = wanted.split('(')[0].replace(/[^A-Za-z0-9_]/g, '_');
  s = s.replace(/^_+/, (m) => (m.length > 0 ? '_' : ''));
  if (/^[0-9]/.test(s)) s = `_${s}`;
  if (s === '_') return '';
  // A single leading underscore followed by nothing usable is not an identifier.
  return s.startsWith('__') ? s.slice(1) : s;
}
