// Extended instruction numbers shared by NonSemantic.Shader.DebugInfo.100 and OpenCL.DebugInfo.100,
// the debug-info sets whose references to the index variable this pass rewrites.
export const DEBUG_INFO_NONE = 0;
export const DEBUG_GLOBAL_VARIABLE = 18;
/** Operand words of DebugGlobalVariable: set, inst, Name, Type, Source, Line, Column, Parent, LinkageName, Variable. */
export const DEBUG_GLOBAL_VARIABLE_VARIABLE_OPERAND = 9;
export const DEBUG_DECLARE = 28;
export const DEBUG_VALUE = 29;
export const DEBUG_INFO_SETS: ReadonlySet<string> = new Set(['NonSemantic.Shader.DebugInfo.100', 'OpenCL.DebugInfo.100']);
