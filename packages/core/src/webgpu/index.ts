export * from './WebGpuDescriptors.js';
export { blockLayoutOf, type BlockLayout, type MemberLayout, type BufferType, type BufferScalar } from './blockLayout.js';
export { bindGroupLayoutsOf, type WebGpuBindingOptions, type WebGpuBindings, type ReflectedBlock } from './bindGroupLayoutsOf.js';
export { vertexBufferLayoutsOf, type VertexBufferOptions, type ReflectedVertexInput } from './vertexBufferLayoutsOf.js';
export { webGpuEntryPoint, webGpuStageOf, type EntryPointChoice } from './entryPointStage.js';
export { blockWritersSource } from './blockWritersSource.js';
export { mergeBindGroupLayouts } from './mergeBindGroupLayouts.js';
export { reflectWebGpu, type WebGpuEntryPointReflection } from './reflectWebGpu.js';
export { webGpuModuleSource } from './webGpuModuleSource.js';
