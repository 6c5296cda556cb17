export {
  reflectModule,
  type Reflection,
  type ReflectedEntryPoint,
  type ReflectedBinding,
  type ReflectedPushConstants,
  type ReflectedSpecConstant,
  type BindingKind,
} from './reflectModule.js';
export { workgroupSizeOf, type WorkgroupSize, type WorkgroupDimension, type ReflectedWorkgroupSizeSource } from './workgroupSize.js';
export { byteSizeOf } from './typeLayout.js';
