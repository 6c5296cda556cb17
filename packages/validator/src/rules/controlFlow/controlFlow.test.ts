// The control-flow cases judged by the validator alone; test/validator/controlFlow.test.ts has spirv-val judge them too.
import { controlFlowCases } from './controlFlow.cases.js';

controlFlowCases();
