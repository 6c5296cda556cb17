// The types family's operand cases (packages/validator/src/rules/operands/operands.cases.ts), each
// judged by the validator and by Debian's spirv-val.
import { operandCases } from '../../packages/validator/src/rules/operands/operands.cases.js';
import { describeWithOracle } from '../support/oracles.js';
import { spirvToolsAvailable, spirvVal } from '../support/spirvTools.js';
import { spirvValFamily } from './spirvValFamilies.js';

describeWithOracle('operands, as spirv-val judges them', spirvToolsAvailable(), () => {
  operandCases({ verdict: spirvVal, family: spirvValFamily });
});
