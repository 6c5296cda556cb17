/**
 * The extended instruction sets spvkit has a grammar for that spirv-dis prints by number: their
 * import names are missing from spvExtInstImportTypeGet() in SPIRV-Tools (source/ext_inst.cpp),
 * so it disassembles them as any unknown `NonSemantic.*` set (`OpExtInst %void %1 1 %fmt %x`),
 * and spirv-as reads only that form of them (tried with SPIRV-Tools v2026.4 and 2023.1). Printing
 * their names would be text neither tool reads back. The assembler takes both.
 */
export const PRINTED_BY_NUMBER: ReadonlySet<string> = new Set(['NonSemantic.DebugPrintf', 'NonSemantic.DebugBreak']);
