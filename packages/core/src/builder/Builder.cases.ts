// The module the Builder tests build, shared with test/core/builder.test.ts, which has spirv-val
// judge it. Not shipped (tsconfig.build.json and package.json leave *.cases.ts out).
import {
  AddressingModel,
  Builder,
  BuiltIn,
  Capability,
  Decoration,
  ExecutionMode,
  ExecutionModel,
  FunctionControl,
  MemoryAccess,
  MemoryModel,
  Module,
  StorageClass,
} from '@spvkit/core';

/** The compute shader of the first test, built through the generated methods. */
export function buildShader() {
  const module = new Module();
  const b = new Builder(module);
  b.capability(Capability.Shader);
  b.memoryModel(AddressingModel.Logical, MemoryModel.GLSL450);
  const void_ = b.typeVoid().resultId; // 1
  const fnType = b.typeFunction(void_).resultId; // 2
  const uint = b.typeInt(32, 0).resultId; // 3
  const v3uint = b.typeVector(uint, 3).resultId; // 4
  const inPtr = b.typePointer(StorageClass.Input, v3uint).resultId; // 5
  const fnPtr = b.typePointer(StorageClass.Function, uint).resultId; // 6
  const five = b.constant(uint, 5).resultId; // 7
  const gid = b.variable(inPtr, StorageClass.Input).resultId; // 8
  const main = b.function(void_, FunctionControl.None, fnType).resultId; // 9
  b.entryPoint(ExecutionModel.GLCompute, main, 'main', [gid]);
  b.executionMode(main, ExecutionMode.LocalSize, 1, 1, 1);
  b.name(main, 'main');
  b.decorate(gid, Decoration.BuiltIn, BuiltIn.GlobalInvocationId);
  const entry = b.label(); // 10
  const v = b.variable(fnPtr, StorageClass.Function).resultId; // 11
  const g = b.load(v3uint, gid).resultId; // 12
  const x = b.compositeExtract(uint, g, [0]).resultId; // 13
  b.store(v, x, MemoryAccess.Aligned, 4);
  const y = b.load(uint, v, MemoryAccess.Aligned, 4).resultId; // 14
  b.iMul(uint, y, five); // 15
  const exit = b.newId(); // 16
  b.branch(exit);
  b.withId(exit).label();
  b.return();
  b.functionEnd();
  return { module, b, ids: { void_, fnType, uint, v3uint, fnPtr, five, gid, main, entry, v, x, y, exit } };
}
