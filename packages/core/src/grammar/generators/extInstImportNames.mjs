// OpExtInstImport names of the extended instruction sets (file stem -> import name). They follow
// spvExtInstImportTypeGet() in SPIRV-Tools source/ext_inst.cpp where that function knows the set.
// exactName: false means the name is a prefix and the import carries a version suffix (`<prefix>N`).
// Choices for the sets SPIRV-Tools' ext_inst.cpp does not list (yet):
//   - nonsemantic.shader.debuginfo: its json says version 101, i.e. the 101 revision of
//     NonSemantic.Shader.DebugInfo (a superset of .100 with the same numbering), so it is the
//     exact name "NonSemantic.Shader.DebugInfo.101"; ".100" keeps its own grammar file.
//   - arm.experimental-ml-operations: "Arm.ExperimentalMLOperations." prefix with a version
//     suffix (SPIRV-Tools tests import "Arm.ExperimentalMLOperations.1"; the json has no version).
//   - nonsemantic.graph.debuginfo: "NonSemantic.Graph.DebugInfo.1" (json revision 1; the name
//     SPIRV-Tools' tests and MLIR use).
// A grammar file with no entry here is an error: a new set must never be skipped silently.
export const EXT_INST_NAMES = {
  'glsl.std.450': { name: 'GLSL.std.450', exactName: true },
  'opencl.std.100': { name: 'OpenCL.std', exactName: true },
  debuginfo: { name: 'DebugInfo', exactName: true },
  'opencl.debuginfo.100': { name: 'OpenCL.DebugInfo.100', exactName: true },
  'nonsemantic.shader.debuginfo.100': { name: 'NonSemantic.Shader.DebugInfo.100', exactName: true },
  'nonsemantic.shader.debuginfo': { name: 'NonSemantic.Shader.DebugInfo.101', exactName: true, expectVersion: 101 },
  'spv-amd-gcn-shader': { name: 'SPV_AMD_gcn_shader', exactName: true },
  'spv-amd-shader-ballot': { name: 'SPV_AMD_shader_ballot', exactName: true },
  'spv-amd-shader-explicit-vertex-parameter': { name: 'SPV_AMD_shader_explicit_vertex_parameter', exactName: true },
  'spv-amd-shader-trinary-minmax': { name: 'SPV_AMD_shader_trinary_minmax', exactName: true },
  'nonsemantic.clspvreflection': { name: 'NonSemantic.ClspvReflection.', exactName: false },
  'nonsemantic.debugprintf': { name: 'NonSemantic.DebugPrintf', exactName: true },
  'nonsemantic.debugbreak': { name: 'NonSemantic.DebugBreak', exactName: true },
  'nonsemantic.vkspreflection': { name: 'NonSemantic.VkspReflection.', exactName: false },
  'arm.motion-engine.100': { name: 'Arm.MotionEngine.100', exactName: true },
  'tosa.001000.1': { name: 'TOSA.001000.1', exactName: true },
  'arm.experimental-ml-operations': { name: 'Arm.ExperimentalMLOperations.', exactName: false },
  'nonsemantic.graph.debuginfo': { name: 'NonSemantic.Graph.DebugInfo.1', exactName: true },
};
