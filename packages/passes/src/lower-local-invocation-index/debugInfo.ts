// What this pass knows of the debug-info sets whose references to the index variable it
// rewrites: NonSemantic.Shader.DebugInfo.100 and OpenCL.DebugInfo.100, which number the
// instructions it touches alike (DebugInfoNone, DebugGlobalVariable, DebugDeclare, DebugValue:
// the numbers are core's, generated from the grammar).
/** Operand words of DebugGlobalVariable: set, inst, Name, Type, Source, Line, Column, Parent, LinkageName, Variable. */
export const DEBUG_GLOBAL_VARIABLE_VARIABLE_OPERAND = 9;
export const DEBUG_INFO_SETS: ReadonlySet<string> = new Set(['NonSemantic.Shader.DebugInfo.100', 'OpenCL.DebugInfo.100']);
