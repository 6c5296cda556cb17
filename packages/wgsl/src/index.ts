export { toWgsl } from './toWgsl.js';
export type {
  PushConstantBinding,
  ToWgslOptions,
  WgslBinding,
  WgslBindingKind,
  WgslEntryPoint,
  WgslOverride,
  WgslResult,
  WgslSamplerLayout,
  WgslSpecialized,
  WgslStage,
  WgslStorageTextureLayout,
  WgslTextureLayout,
  WgslTextureViewDimension,
} from './WgslResult.js';
