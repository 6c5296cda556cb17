import { describe, expect, it } from 'vitest';
import { assemble, decodeModule, disassemble, encodeModule, runPasses } from '@spvkit/core';
import { stripDebug } from '../strip/stripDebug.js';
import { compactIds } from './compactIds.js';

const sparse = `
               OpCapability Shader
               OpCapability Int64
        %900 = OpExtInstImport "GLSL.std.450"
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %500 "main" %70
               OpExecutionMode %500 LocalSize 1 1 1
               OpName %500 "main"
               OpDecorate %70 BuiltIn GlobalInvocationId
         %40 = OpTypeVoid
         %41 = OpTypeFunction %40
         %30 = OpTypeInt 32 0
         %31 = OpTypeVector %30 3
         %32 = OpTypePointer Input %31
         %70 = OpVariable %32 Input
         %33 = OpTypeInt 64 0
         %34 = OpConstant %33 5000000000
        %500 = OpFunction %40 None %41
        %600 = OpLabel
        %601 = OpLoad %31 %70
        %602 = OpCompositeExtract %30 %601 0
        %603 = OpExtInst %30 %900 UMin %602 %602
        %604 = OpUConvert %33 %603
               OpSelectionMerge %700 None
               OpSwitch %604 %700 5000000000 %650 7 %660
        %650 = OpLabel
               OpBranch %700
        %660 = OpLabel
               OpBranch %700
        %700 = OpLabel
        %710 = OpPhi %30 %602 %600 %603 %650 %602 %660
               OpReturn
               OpFunctionEnd
`;

describe('compact-ids', () => {
  it('renumbers in order of first appearance from 1, and sets the bound to the count + 1', () => {
    const module = assemble(sparse, { targetEnv: 'vulkan1.1', preserveNumericIds: true });
    expect(runPasses(module, [compactIds], { checkConsistency: true }).changed).toBe(true);
    expect(module.header.bound).toBe(20);
    const text = disassemble(module, { header: false, rawId: true });
    // What HEAD spirv-opt --compact-ids gives for this module (checked by hand): the import, the entry point's function and
    // interface, then each new id where it first appears (64-bit switch literals are not ids).
    expect(text).toContain('%1 = OpExtInstImport "GLSL.std.450"');
    expect(text).toContain('OpEntryPoint GLCompute %2 "main" %3');
    expect(text).toContain('OpName %2 "main"');
    expect(text).toContain('%4 = OpTypeVoid');
    expect(text).toMatch(/%2 = OpFunction %4 None %5\n\s*%11 = OpLabel/);
    expect(text).toMatch(/OpSwitch %15 %16 5000000000 %17 7 %18/);
    expect(text).toMatch(/%19 = OpPhi %6 %13 %11 %14 %17 %13 %18/);
  });

  it('gives the same bytes whether the bodies were decoded or still words, and keeps them words', () => {
    const decoded = assemble(sparse, { targetEnv: 'vulkan1.1', preserveNumericIds: true });
    const lazy = decodeModule(encodeModule(decoded));
    void decoded.functions;
    compactIds.run(decoded, {});
    compactIds.run(lazy, {});
    expect(lazy.hasLazyFunctions).toBe(true);
    expect(Array.from(encodeModule(lazy))).toEqual(Array.from(encodeModule(decoded)));
  });

  it('is idempotent, and leaves a compact module byte for byte as it was', () => {
    const module = assemble(sparse, { targetEnv: 'vulkan1.1', preserveNumericIds: true });
    compactIds.run(module, {});
    const words = encodeModule(module);
    const again = decodeModule(words);
    expect(compactIds.run(again, {}).changed).toBe(false);
    expect(Array.from(encodeModule(again))).toEqual(Array.from(words));
    expect(again.hasLazyFunctions).toBe(true);
  });

  it('lowers the bound of a module numbered in order but with a bound too large', () => {
    const module = assemble(sparse, { targetEnv: 'vulkan1.1' });
    compactIds.run(module, {});
    const words = encodeModule(module);
    words[3] = 100;
    const loose = decodeModule(words);
    expect(compactIds.run(loose, {}).changed).toBe(true);
    expect(loose.header.bound).toBe(20);
  });

  it('renames bodies strip-debug made where they are, as it renames a decoded module, and never the input', () => {
    // With OpLines in the bodies strip-debug gives the module bodies of its own, which compact-ids
    // then renames in place; a decoded module's bodies (the caller's bytes) are copied first.
    const lined = sparse.replace(/(%60[1-4] = )/g, 'OpLine %901 3 4\n$1').replace('%900 = OpExtInstImport', '%901 = OpString "a.comp"\n%900 = OpExtInstImport');
    const input = encodeModule(assemble(lined, { targetEnv: 'vulkan1.1', preserveNumericIds: true }));
    const before = Array.from(input);
    const inPlace = decodeModule(input);
    runPasses(inPlace, [stripDebug, compactIds], { checkConsistency: true });
    const copied = decodeModule(encodeModule(assemble(lined, { targetEnv: 'vulkan1.1', preserveNumericIds: true })));
    runPasses(copied, [stripDebug], {});
    void copied.functions; // decoded bodies: compact-ids renames an encoding of them
    runPasses(copied, [compactIds], {});
    expect(Array.from(input)).toEqual(before);
    expect(inPlace.hasLazyFunctions).toBe(true);
    expect(Array.from(encodeModule(inPlace))).toEqual(Array.from(encodeModule(copied)));
    // Decoding the renamed bodies later gives the same module.
    expect(disassemble(inPlace)).toBe(disassemble(decodeModule(encodeModule(copied))));
    expect(inPlace.functions[0].blocks[0].instructions.length).toBeGreaterThan(0);
    // Running it again finds nothing to rename: what it remembered of the bodies is still right.
    expect(compactIds.run(inPlace, {}).changed).toBe(false);
  });
});
