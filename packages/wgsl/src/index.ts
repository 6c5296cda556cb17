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
  WgslStage,
  WgslStorageTextureLayout,
  WgslTextureLayout,
  WgslTextureViewDimension,
} from './WgslResult.js';
