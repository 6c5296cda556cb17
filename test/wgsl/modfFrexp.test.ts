// GLSL.std.450 Modf and Frexp (GLSL's modf and frexp) translated to WGSL's modf and frexp, whose
// struct results the translator takes apart: the WGSL compiles in Chromium's WebGPU and computes
// what GLSL defines for normal numbers (SwiftShader flushes denormals, so none are used).
import { decodeModule } from '@spvkit/core';
import { toWgsl } from '@spvkit/wgsl';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { corpusToolsAvailable } from '../corpus/index.js';
import { describeWithOracle } from '../support/oracles.js';
import { spirvAs, spirvVal } from '../support/spirvTools.js';
import { openWebGpu, webGpuAvailable, type WebGpuBrowser } from './WebGpuBrowser.js';
import { glslangValidatorModule } from './glslangValidatorModule.js';

// glslang writes modf with a pointer (Modf) and frexp as a struct (FrexpStruct): both forms.
const SHADER = `#version 450
layout(local_size_x = 4) in;
layout(set = 0, binding = 0) buffer Data { float x[4]; float fracts[4]; float wholes[4]; float mantissas[4]; int exponents[4]; };
void main() {
  uint i = gl_LocalInvocationID.x;
  float whole;
  fracts[i] = modf(x[i], whole);
  wholes[i] = whole;
  int e;
  mantissas[i] = frexp(x[i], e);
  exponents[i] = e;
}
`;

// The other two forms, which glslang does not write: ModfStruct, and Frexp storing an unsigned exponent.
const OTHER_FORMS = `OpCapability Shader
%std = OpExtInstImport "GLSL.std.450"
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
OpMemberDecorate %Data 0 Offset 0
OpMemberDecorate %Data 1 Offset 4
OpMemberDecorate %Data 2 Offset 8
OpMemberDecorate %Data 3 Offset 12
OpMemberDecorate %Data 4 Offset 16
OpDecorate %Data Block
OpDecorate %data DescriptorSet 0
OpDecorate %data Binding 0
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%uint = OpTypeInt 32 0
%int = OpTypeInt 32 1
%Data = OpTypeStruct %float %float %float %float %uint
%ModfResult = OpTypeStruct %float %float
%p_data = OpTypePointer StorageBuffer %Data
%p_float = OpTypePointer StorageBuffer %float
%p_uint = OpTypePointer StorageBuffer %uint
%data = OpVariable %p_data StorageBuffer
%i0 = OpConstant %int 0
%i1 = OpConstant %int 1
%i2 = OpConstant %int 2
%i3 = OpConstant %int 3
%i4 = OpConstant %int 4
%main = OpFunction %void None %fn
%entry = OpLabel
%px = OpAccessChain %p_float %data %i0
%x = OpLoad %float %px
%parts = OpExtInst %ModfResult %std ModfStruct %x
%fract = OpCompositeExtract %float %parts 0
%whole = OpCompositeExtract %float %parts 1
%pfract = OpAccessChain %p_float %data %i1
OpStore %pfract %fract
%pwhole = OpAccessChain %p_float %data %i2
OpStore %pwhole %whole
%pexp = OpAccessChain %p_uint %data %i4
%mantissa = OpExtInst %float %std Frexp %x %pexp
%pmantissa = OpAccessChain %p_float %data %i3
OpStore %pmantissa %mantissa
OpReturn
OpFunctionEnd
`;

function compileCompute(source: string): Uint32Array {
  return glslangValidatorModule('shader.comp', source);
}

const tools = corpusToolsAvailable();
const gpu = tools.ok ? await webGpuAvailable() : tools;

describeWithOracle('modf and frexp in WGSL', gpu, () => {
  let browser: WebGpuBrowser;
  beforeAll(async () => {
    browser = await openWebGpu();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('splits modf and frexp results as GLSL does: fraction and whole, mantissa in [0.5, 1) and exponent', async () => {
    const result = toWgsl(decodeModule(compileCompute(SHADER)));
    expect(result.code).toMatch(/let modf\d+ = modf\(/);
    expect(result.code).toMatch(/let frexp\d+ = frexp\(/);
    expect(result.code).toMatch(/\.fract/);
    const x = [2.75, -3.5, 0.15625, 1000];
    const init = new Uint8Array(80);
    new Float32Array(init.buffer, 0, 4).set(x);
    const [out] = await browser.runCompute({
      code: result.code,
      entryPoint: result.entryPoints[0].wgslName,
      groups: [1, 1, 1],
      buffers: [{ binding: 0, size: 80, init }],
    });
    const floats = new Float32Array(out.buffer, out.byteOffset, 16);
    const ints = new Int32Array(out.buffer, out.byteOffset + 64, 4);
    expect([...floats.subarray(4, 8)]).toEqual([0.75, -0.5, 0.15625, 0]);
    expect([...floats.subarray(8, 12)]).toEqual([2, -3, 0, 1000]);
    expect([...floats.subarray(12, 16)]).toEqual([0.6875, -0.875, 0.625, 0.9765625]);
    expect([...ints]).toEqual([2, 2, -2, 10]);
  });

  it('builds the SPIR-V struct of ModfStruct and stores an unsigned Frexp exponent through its pointer', async () => {
    const words = spirvAs(OTHER_FORMS, 'vulkan1.1');
    expect(spirvVal(words, 'vulkan1.1').message).toBe('');
    const result = toWgsl(decodeModule(words));
    expect(result.code).toMatch(/bitcast<u32>\(frexp\d+\.exp\)/);
    expect(result.code).toMatch(/= \w+\(modf\d+\.fract, modf\d+\.whole\);/);
    const init = new Uint8Array(20);
    new Float32Array(init.buffer, 0, 1).set([-3.5]);
    const [out] = await browser.runCompute({
      code: result.code,
      entryPoint: result.entryPoints[0].wgslName,
      groups: [1, 1, 1],
      buffers: [{ binding: 0, size: 20, init }],
    });
    expect([...new Float32Array(out.buffer, out.byteOffset, 4)]).toEqual([-3.5, -0.5, -3, -0.875]);
    expect(new Uint32Array(out.buffer, out.byteOffset + 16, 1)[0]).toBe(2);
  });
});
