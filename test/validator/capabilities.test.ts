// The capability cases (packages/validator/src/rules/capabilities/capabilities.cases.ts) judged by
// the validator and by Debian's spirv-val, and the Vulkan capability table against spirv-val's.
import { enumerantByName, enumerantNames } from '@spvkit/core';
import { expect, it } from 'vitest';
import { accepted, ours, rejected, words } from '../../packages/validator/src/rules/capabilities/capabilities.cases.js';
import { vulkanCapabilities } from '../../packages/validator/src/rules/capabilities/vulkanCapabilities.js';
import { validate } from '@spvkit/validator';
import { describeWithOracle } from '../support/oracles.js';
import { spirvToolsAvailable, spirvVal } from '../support/spirvTools.js';

describeWithOracle('capabilities: what opcodes and operands require, as spirv-val judges it', spirvToolsAvailable(), () => {
  it.each(rejected)('%s', (_, parts, version, env, codes) => {
    const w = words(parts, version);
    expect(spirvVal(w, env).ok, 'spirv-val rejects it').toBe(false);
    expect(
      ours(w, env),
      validate(w, { targetEnv: env })
        .map((d) => d.message)
        .join('; '),
    ).toEqual(codes);
  });

  it.each(accepted)('accepts %s', (_, parts, version, env) => {
    const w = words(parts, version);
    const theirs = spirvVal(w, env);
    expect(theirs.ok, theirs.message).toBe(true);
    expect(ours(w, env)).toEqual([]);
  });

  it('tells the capabilities a Vulkan 1.0, 1.1 or 1.2 module may declare from the others, as spirv-val does', { timeout: 120_000 }, () => {
    // Those some Vulkan version allows, and every fifth of the others (each is one spirv-val run).
    const sample = enumerantNames('Capability').filter(
      (c, i) => [0, 1, 2, 3].some((minor) => vulkanCapabilities(minor)!.has(enumerantByName('Capability', c)!.value)) || i % 5 === 0,
    );
    const checked: string[] = [];
    const differences: string[] = [];
    for (const [env, version] of [
      ['vulkan1.0', '1.0'],
      ['vulkan1.1', '1.3'],
      ['vulkan1.2', '1.5'],
    ]) {
      for (const cap of sample) {
        const w = words({ caps: `Shader ${cap}` }, version);
        const theirs = spirvVal(w, env);
        // Capabilities newer than Debian's grammar: it cannot read the module.
        if (/Invalid capability operand/.test(theirs.message)) continue;
        checked.push(cap);
        const notAllowed = /is not allowed by Vulkan/.test(theirs.message);
        const found = ours(w, env).includes('VUID-VkShaderModuleCreateInfo-pCode-08739');
        if (notAllowed !== found) differences.push(`${env} ${cap}: spirv-val ${notAllowed ? 'rejects' : 'allows'} it, we ${found ? 'reject' : 'allow'} it`);
      }
    }
    expect(checked.length).toBeGreaterThan(250);
    expect(differences).toEqual([]);
  });
});
