import { describe, expect, it } from 'vitest';
import { assemble, decodeModule, encodeModule, Op, runPasses, SpirvError } from '@spvkit/core';
import '../index.js';
import { encodeReleased, FUSED_RELEASE_PASSES } from './encodeReleased.js';

const words = (text: string): Uint32Array => encodeModule(assemble(text));

/** The passes' result, for comparison: decode, run the list, encode. */
function byPasses(input: Uint32Array): Uint32Array {
  const module = decodeModule(input);
  const result = runPasses(module, FUSED_RELEASE_PASSES);
  expect(result.ok).toBe(true);
  return encodeModule(module);
}

/** The fused result; fails when the fused walk declined the module. */
function fused(input: Uint32Array): Uint32Array {
  const module = decodeModule(input);
  const out = encodeReleased(module, FUSED_RELEASE_PASSES);
  expect(out, 'the fused walk declined the module').toBeDefined();
  // The module is read, never changed.
  expect(Array.from(encodeModule(module))).toEqual(Array.from(input));
  return out!;
}

const HEAD = `
               OpCapability Shader
          %1 = OpExtInstImport "GLSL.std.450"
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main" %gid
               OpExecutionMode %main LocalSize 8 4 1
`;

const deadConstants = `${HEAD}
       %file = OpString "a.comp"
               OpSource GLSL 450 %file "void main() {}"
               OpName %main "main"
               OpName %unused "unused"
               OpModuleProcessed "client vulkan100"
               OpDecorate %gid BuiltIn GlobalInvocationId
               OpDecorate %unused SpecId 3
               OpDecorate %wgsize BuiltIn WorkgroupSize
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %uint = OpTypeInt 32 0
      %float = OpTypeFloat 32
     %v3uint = OpTypeVector %uint 3
        %ptr = OpTypePointer Input %v3uint
        %gid = OpVariable %ptr Input
     %uint_8 = OpConstant %uint 8
     %uint_4 = OpConstant %uint 4
     %uint_1 = OpConstant %uint 1
     %wgsize = OpConstantComposite %v3uint %uint_8 %uint_4 %uint_1
     %unused = OpSpecConstant %uint 7
      %f_one = OpConstant %float 1
       %vec2 = OpTypeVector %float 2
      %pair = OpConstantComposite %vec2 %f_one %f_one
               OpLine %file 1 1
       %main = OpFunction %void None %fn
      %entry = OpLabel
               OpLine %file 2 3
         %id = OpLoad %v3uint %gid
          %x = OpCompositeExtract %uint %id 0
          %y = OpExtInst %uint %1 UMin %x %uint_1
               OpNoLine
               OpReturn
               OpFunctionEnd
`;

describe('encodeReleased', () => {
  it('gives the bytes of strip-debug, eliminate-dead-functions, eliminate-dead-const and compact-ids: lines, names, sources gone; dead constants and the types only they used swept; ids compacted', () => {
    const input = words(deadConstants);
    const out = fused(input);
    expect(Array.from(out)).toEqual(Array.from(byPasses(input)));
    // The walk reads the debug sections as words: it never builds them.
    const held = decodeModule(input);
    expect(Array.from(encodeReleased(held, FUSED_RELEASE_PASSES)!)).toEqual(Array.from(out));
    expect(held.lazyDebugWords()).not.toBeNull();
    // The same whether the decoder still holds the debug sections as words or they were read.
    const read = decodeModule(input);
    expect(read.lazyDebugWords()).not.toBeNull();
    expect(read.debugNames.length).toBeGreaterThan(0);
    expect(read.lazyDebugWords()).toBeNull();
    expect(Array.from(encodeReleased(read, FUSED_RELEASE_PASSES)!)).toEqual(Array.from(out));
    // What went: the constant pair and its vector type and float (only the pair used them), the
    // unused spec constant with its SpecId, the WorkgroupSize constant that repeats LocalSize.
    const after = decodeModule(out);
    expect(after.debugNames).toHaveLength(0);
    expect(after.debugStrings).toHaveLength(0);
    expect(after.globals.map((inst) => inst.opcode)).not.toContain(22 /* OpTypeFloat */);
    expect(after.header.bound).toBe([...after.instructions()].filter((inst) => inst.resultId !== 0).length + 1);
  });

  it('gives the same bytes for an assembled module (its sections and bodies held as words by the assembler)', () => {
    const assembled = assemble(deadConstants);
    const out = encodeReleased(assembled, FUSED_RELEASE_PASSES);
    expect(out).toBeDefined();
    expect(Array.from(out!)).toEqual(Array.from(byPasses(words(deadConstants))));
  });

  it('keeps a WorkgroupSize constant over spec constants (the size can still be specialized), as the passes do', () => {
    const text = deadConstants
      .replace('%uint_8 = OpConstant %uint 8', '%uint_8 = OpSpecConstant %uint 8')
      .replace('OpDecorate %unused SpecId 3', 'OpDecorate %unused SpecId 3\n               OpDecorate %uint_8 SpecId 0');
    const input = words(text);
    expect(Array.from(fused(input))).toEqual(Array.from(byPasses(input)));
  });

  it('drops SPV_KHR_non_semantic_info when it strips and no non-semantic set is left, as strip-debug does', () => {
    const text = deadConstants.replace('OpCapability Shader', 'OpCapability Shader\n               OpExtension "SPV_KHR_non_semantic_info"');
    const input = words(text);
    const out = fused(input);
    expect(Array.from(out)).toEqual(Array.from(byPasses(input)));
    expect(decodeModule(out).extensions).toHaveLength(0);
  });

  it('gives the same bytes for a module with nothing to strip (only compacting and sweeping)', () => {
    const plain = deadConstants
      .split('\n')
      .filter((l) => !/Op(String|Source|Name|ModuleProcessed|Line|NoLine)\b/.test(l))
      .join('\n');
    const input = words(plain);
    expect(Array.from(fused(input))).toEqual(Array.from(byPasses(input)));
  });

  it("makes the decoder's structural check of the bodies as it walks them (deferBodyScan): anything amiss and it declines, where the passes' read of the bodies fails as the decode would have", () => {
    const sound = words(deadConstants);
    const deferred = decodeModule(sound, { deferBodyScan: true });
    expect(Array.from(encodeReleased(deferred, FUSED_RELEASE_PASSES)!)).toEqual(Array.from(fused(sound)));
    // Where the body instructions are, and the ids defined before them.
    const module = decodeModule(sound);
    const start = sound.length - module.lazyFunctionWords()!.length;
    const at: Record<string, number> = {};
    for (let pos = start; pos < sound.length; pos += sound[pos] >>> 16) at[sound[pos] & 0xffff] ??= pos;
    const label = at[Op.Label];
    const load = at[Op.Load];
    const constant = module.globals.find((inst) => inst.opcode === Op.Constant)!.resultId;
    const string = decodeModule(sound).debugStrings.find((inst) => inst.opcode === Op.String)!.resultId;
    const patched = (patch: (w: Uint32Array) => void): Uint32Array => {
      const w = sound.slice();
      patch(w);
      return w;
    };
    const broken = {
      'a label defining a constant id': patched((w) => (w[label + 1] = constant)),
      'a load defining an OpString id': patched((w) => (w[load + 2] = string)),
      'a load defining the import id': patched((w) => (w[load + 2] = module.extInstImports[0].resultId)),
      'a load defining the label id': patched((w) => (w[load + 2] = w[label + 1])),
      'a result id of 0': patched((w) => (w[label + 1] = 0)),
      'a result id at the bound': patched((w) => (w[load + 2] = w[3])),
      'a word count of 0': patched((w) => (w[label] = Op.Label)),
      'a word count past the end': patched((w) => (w[w.length - 1] = (9 << 16) | Op.FunctionEnd)),
      'a label without its result id': patched((w) => (w[label] = (1 << 16) | Op.Label)),
    };
    const failure = (read: () => unknown): unknown => {
      try {
        read();
      } catch (e) {
        return e;
      }
      return undefined;
    };
    for (const [what, input] of Object.entries(broken)) {
      const eager = failure(() => decodeModule(input));
      expect(eager, what).toBeInstanceOf(SpirvError);
      const m = decodeModule(input, { deferBodyScan: true });
      expect(encodeReleased(m, FUSED_RELEASE_PASSES), what).toBeUndefined();
      // The passes' read of the bodies fails as the decode did.
      expect(
        failure(() => m.lazyFunctionWords()),
        what,
      ).toEqual(eager);
    }
  });

  it('declines what the passes handle in their general paths: dead functions, non-semantic sets, decoration groups, linkage, other pass lists, other byte orders', () => {
    const declined = (text: string, passes = FUSED_RELEASE_PASSES): boolean => encodeReleased(decodeModule(words(text)), passes) === undefined;
    expect(declined(deadConstants)).toBe(false);
    // A function no entry point calls.
    expect(declined(`${deadConstants}  %dead = OpFunction %void None %fn\n  %l2 = OpLabel\n  OpReturn\n  OpFunctionEnd\n`)).toBe(true);
    // A non-semantic set (its instructions name what they describe).
    expect(declined(deadConstants.replace('OpMemoryModel', '%ns = OpExtInstImport "NonSemantic.DebugPrintf"\n               OpMemoryModel'))).toBe(true);
    expect(declined(deadConstants.replace('OpDecorate %unused SpecId 3', '%grp = OpDecorationGroup\n OpGroupDecorate %grp %unused'))).toBe(true);
    expect(declined(deadConstants, ['strip-debug', 'compact-ids'])).toBe(true);
    const swapped = words(deadConstants).map((w) => ((w & 0xff) << 24) | ((w & 0xff00) << 8) | ((w >>> 8) & 0xff00) | (w >>> 24));
    expect(encodeReleased(decodeModule(swapped), FUSED_RELEASE_PASSES)).toBeUndefined();
  });
});
