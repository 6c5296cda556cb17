export { toWgsl } from './toWgsl.js';
export type {
  PushConstantBinding,
  ToWgslOptions,
  WgslBinding,
  WgslBindingKind,
  WgslEntryPoint,
  WgslOverride,
  WgslResult,
  WgslSpecialized,
  WgslStage,
} from './WgslResult.js';
