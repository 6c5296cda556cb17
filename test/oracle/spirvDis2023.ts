// What may differ between spvkit's disassembly and Debian's spirv-dis (SPIRV-Tools 2023.1), in
// one place for every test that compares the two (disassembler.test.ts, textCli.test.ts).

/**
 * The only differences allowed: our grammar (SPIR-V 1.6 rev 7 and the current extended sets) is
 * newer than the one built into Debian's spirv-tools 2023.1, so a few values have another name.
 * Each entry maps a token of our text to spirv-dis's: one between spaces, `|`, `%`, `_` or color
 * escapes (so `%_ptr_HitAttributeKHR_float` is mapped too, but not a name inside a quoted string).
 *
 * - Ray tracing and mesh shading values that NV and KHR/EXT share: the 2023.1 tables list the NV
 *   enumerant first, so spirv-dis prints that one; the current grammar makes the KHR/EXT name the
 *   enumerant and the NV name its alias.
 */
export const ALIASES: ReadonlyArray<readonly [ours: string, spirvDis: string]> = [
  // ExecutionModel
  ['RayGenerationKHR', 'RayGenerationNV'],
  ['IntersectionKHR', 'IntersectionNV'],
  ['AnyHitKHR', 'AnyHitNV'],
  ['ClosestHitKHR', 'ClosestHitNV'],
  ['MissKHR', 'MissNV'],
  ['CallableKHR', 'CallableNV'],
  // StorageClass
  ['CallableDataKHR', 'CallableDataNV'],
  ['IncomingCallableDataKHR', 'IncomingCallableDataNV'],
  ['RayPayloadKHR', 'RayPayloadNV'],
  ['HitAttributeKHR', 'HitAttributeNV'],
  ['IncomingRayPayloadKHR', 'IncomingRayPayloadNV'],
  // BuiltIn
  ['LaunchIdKHR', 'LaunchIdNV'],
  ['LaunchSizeKHR', 'LaunchSizeNV'],
  ['WorldRayOriginKHR', 'WorldRayOriginNV'],
  ['WorldRayDirectionKHR', 'WorldRayDirectionNV'],
  ['ObjectRayOriginKHR', 'ObjectRayOriginNV'],
  ['ObjectRayDirectionKHR', 'ObjectRayDirectionNV'],
  ['RayTminKHR', 'RayTminNV'],
  ['RayTmaxKHR', 'RayTmaxNV'],
  ['InstanceCustomIndexKHR', 'InstanceCustomIndexNV'],
  ['ObjectToWorldKHR', 'ObjectToWorldNV'],
  // ExecutionMode, Decoration (mesh shading)
  ['OutputPrimitivesEXT', 'OutputPrimitivesNV'],
  ['OutputTrianglesEXT', 'OutputTrianglesNV'],
  ['PerPrimitiveEXT', 'PerPrimitiveNV'],
];

// A token starts after a space, `_`, `|`, `%` or a color escape (--color), and ends before one.
const aliasPattern = new RegExp(`(?<=[ _|%]|\x1b\\[\\d+m)(?:${ALIASES.map(([ours]) => ours).join('|')})(?=[ _|\\n\x1b])`, 'g');
const aliasMap = new Map(ALIASES.map(([ours, theirs]) => [ours, theirs]));

/** Our text with the known grammar aliases spelled as spirv-dis 2023.1 spells them. */
export function asSpirvDis2023(text: string): string {
  return ALIASES.length === 0 ? text : text.replace(aliasPattern, (token) => aliasMap.get(token)!);
}

/** The first differing lines, for a readable failure. */
export function firstDifferences(want: string, got: string): string {
  const a = want.split('\n');
  const b = got.split('\n');
  const out: string[] = [];
  for (let i = 0; i < Math.max(a.length, b.length) && out.length < 8; i++) {
    if (a[i] !== b[i]) out.push(`line ${i + 1}:\n  spirv-dis: ${a[i] ?? '<end>'}\n  spvkit:    ${b[i] ?? '<end>'}`);
  }
  return out.join('\n');
}
