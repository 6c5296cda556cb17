// The Builder's module of packages/core/src/builder/Builder.test.ts, judged by spirv-val.
import { expect, it } from 'vitest';
import { encodeModule } from '@spvkit/core';
import { buildShader } from '../../packages/core/src/builder/Builder.cases.js';
import { describeWithOracle } from '../support/oracles.js';
import { spirvToolsAvailable, spirvVal } from '../support/spirvTools.js';

describeWithOracle('Builder: a module from scratch', spirvToolsAvailable(), () => {
  it.each(['spv1.0', 'vulkan1.0'])('passes spirv-val --target-env %s', (env) => {
    const verdict = spirvVal(encodeModule(buildShader().module), env);
    expect(verdict.message).toBe('');
    expect(verdict.ok).toBe(true);
  });
});
