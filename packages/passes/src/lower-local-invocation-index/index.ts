export { lowerLocalInvocationIndex, PASS_NAME as LOWER_LOCAL_INVOCATION_INDEX } from './lowerLocalInvocationIndex.js';
