// The operand cases judged by the validator alone; test/validator/operands.test.ts has spirv-val judge them too.
import { operandCases } from './operands.cases.js';

operandCases();
