// The control-flow cases (packages/validator/src/rules/controlFlow/controlFlow.cases.ts), each
// judged by the validator and by Debian's spirv-val.
import { controlFlowCases } from '../../packages/validator/src/rules/controlFlow/controlFlow.cases.js';
import { describeWithOracle } from '../support/oracles.js';
import { spirvToolsAvailable, spirvVal } from '../support/spirvTools.js';

describeWithOracle('control flow, as spirv-val judges it', spirvToolsAvailable(), () => {
  controlFlowCases(spirvVal);
});
