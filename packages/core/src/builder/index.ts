export { Builder } from './Builder.js';
export { InstructionBuilders } from './generated/instructionBuilders.js';
