export {
  reflectModule,
  type Reflection,
  type ReflectedEntryPoint,
  type ReflectedBinding,
  type ReflectedPushConstants,
  type ReflectedSpecConstant,
  type BindingKind,
} from './reflectModule.js';
export { workgroupSizeOf, type WorkgroupSize, type WorkgroupDimension, type WorkgroupSizeSource } from './workgroupSize.js';
export { byteSizeOf } from './typeLayout.js';
