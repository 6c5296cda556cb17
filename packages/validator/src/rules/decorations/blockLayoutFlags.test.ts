import { PassRegistry, assemble } from '@spvkit/core';
import { describe, expect, it } from 'vitest';
import { registerValidate } from '../../register.js';
import { blockLayoutOfFlags } from './blockLayoutFlags.js';
import { buffer, module, off } from './decorations.cases.js';

describe('blockLayoutOfFlags', () => {
  it("reads spirv-val's flag names, with or without the dashes", () => {
    expect(blockLayoutOfFlags('scalar-block-layout,--relax-block-layout')).toEqual({ scalarBlockLayout: true, relaxBlockLayout: true });
    expect(blockLayoutOfFlags('workgroup-scalar-block-layout')).toEqual({ workgroupScalarBlockLayout: true });
    expect(blockLayoutOfFlags('')).toEqual({});
  });

  it('refuses an unknown name, listing the known ones', () => {
    expect(() => blockLayoutOfFlags('scalar-layout')).toThrow(/unknown block layout option 'scalar-layout'; expected relax-block-layout, .*skip-block-layout/);
  });
});

describe('the registered pass validate=FLAGS', () => {
  // A vec3 at offset 4 after a float breaks std140 in Vulkan 1.0; scalar layout allows it.
  const ubo = buffer('Uniform', off('%S', 0, 4), '%S = OpTypeStruct %float %v3float');

  it('judges blocks by its flags', () => {
    const registry = new PassRegistry();
    registerValidate(registry);
    const codes = (spec: string): string[] =>
      registry
        .create(spec)
        .run(assemble(module(ubo), { targetEnv: 'vulkan1.0' }), { targetEnv: 'vulkan1.0' })
        .diagnostics.map((d) => d.code ?? '');
    expect(codes('validate')).toEqual(['spvkit-decorations-layout-offset']);
    expect(codes('validate=scalar-block-layout')).toEqual([]);
    expect(() => registry.create('validate=scalar')).toThrow(/unknown block layout option 'scalar'/);
  });
});
