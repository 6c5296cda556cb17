/**
 * The sections of the logical layout (SPIR-V spec 2.4), numbered in the order they must come.
 * The numbers are core's section indexes (`headerSection` gives a header opcode's); the globals
 * section (types, constants, global variables) and the functions are told apart by where the
 * opcode may appear.
 */
export const enum Section {
  Capability = 0,
  Extension = 1,
  ExtInstImport = 2,
  MemoryModel = 3,
  EntryPoint = 4,
  ExecutionMode = 5,
  DebugSource = 6,
  DebugName = 7,
  ModuleProcessed = 8,
  Annotation = 9,
  Globals = 10,
  Functions = 11,
}
