import { describe, expect, it } from 'vitest';
import {
  AddressingModel,
  Builder,
  BuiltIn,
  Capability,
  Decoration,
  ExecutionMode,
  ExecutionModel,
  FunctionControl,
  Instruction,
  LinkageType,
  MemoryAccess,
  MemoryModel,
  Module,
  Op,
  SourceLanguage,
  SpirvError,
  StorageClass,
  decodeModule,
  encodeLiteralString,
  encodeModule,
} from '@spvkit/core';
import { buildShader } from './Builder.cases.js';

const w = (count: number, opcode: number) => ((count << 16) | opcode) >>> 0;
const MAIN = [0x6e69616d, 0]; // "main"

const EXPECTED = [
  0x07230203,
  0x00010000,
  0,
  17,
  0,
  w(2, Op.Capability),
  Capability.Shader,
  w(3, Op.MemoryModel),
  AddressingModel.Logical,
  MemoryModel.GLSL450,
  w(6, Op.EntryPoint),
  ExecutionModel.GLCompute,
  9,
  ...MAIN,
  8,
  w(6, Op.ExecutionMode),
  9,
  ExecutionMode.LocalSize,
  1,
  1,
  1,
  w(4, Op.Name),
  9,
  ...MAIN,
  w(4, Op.Decorate),
  8,
  Decoration.BuiltIn,
  BuiltIn.GlobalInvocationId,
  w(2, Op.TypeVoid),
  1,
  w(3, Op.TypeFunction),
  2,
  1,
  w(4, Op.TypeInt),
  3,
  32,
  0,
  w(4, Op.TypeVector),
  4,
  3,
  3,
  w(4, Op.TypePointer),
  5,
  StorageClass.Input,
  4,
  w(4, Op.TypePointer),
  6,
  StorageClass.Function,
  3,
  w(4, Op.Constant),
  3,
  7,
  5,
  w(4, Op.Variable),
  5,
  8,
  StorageClass.Input,
  w(5, Op.Function),
  1,
  9,
  FunctionControl.None,
  2,
  w(2, Op.Label),
  10,
  w(4, Op.Variable),
  6,
  11,
  StorageClass.Function,
  w(4, Op.Load),
  4,
  12,
  8,
  w(5, Op.CompositeExtract),
  3,
  13,
  12,
  0,
  w(5, Op.Store),
  11,
  13,
  MemoryAccess.Aligned,
  4,
  w(6, Op.Load),
  3,
  14,
  11,
  MemoryAccess.Aligned,
  4,
  w(5, Op.IMul),
  3,
  15,
  14,
  7,
  w(2, Op.Branch),
  16,
  w(2, Op.Label),
  16,
  w(1, Op.Return),
  w(1, Op.FunctionEnd),
];

/** Runs `fn`, expecting a SpirvError with `code` whose message matches every pattern. */
function expectError(fn: () => unknown, code: string, ...patterns: (string | RegExp)[]): SpirvError {
  let error: unknown;
  try {
    fn();
  } catch (e) {
    error = e;
  }
  expect(error, 'expected a SpirvError').toBeInstanceOf(SpirvError);
  const e = error as SpirvError;
  expect(e.code, e.message).toBe(code);
  for (const p of patterns) expect(e.message).toMatch(p);
  return e;
}

describe('Builder: a module from scratch', () => {
  it('encodes to exactly the expected words', () => {
    const { module } = buildShader();
    expect([...encodeModule(module)]).toEqual(EXPECTED);
  });

  it('takes result ids from the allocator', () => {
    const module = new Module();
    const b = new Builder(module);
    expect(module.header.bound).toBe(1);
    const t = b.typeInt(32, 0);
    expect(t.resultId).toBe(1);
    expect(module.header.bound).toBe(2);
    b.capability(Capability.Shader); // no result: no id
    expect(module.ids.bound).toBe(2);
    const reserved = b.newId();
    expect(reserved).toBe(2);
    expect(b.withId(reserved).typeFloat(32).resultId).toBe(2);
    expect(module.ids.bound).toBe(3);
    const { module: shader } = buildShader();
    expect(shader.header.bound).toBe(17);
  });

  it('places instructions in their sections and blocks', () => {
    const { module, ids } = buildShader();
    expect(module.capabilities.map((i) => i.opcode)).toEqual([Op.Capability]);
    expect(module.entryPoints.length).toBe(1);
    expect(module.debugNames.length).toBe(1);
    expect(module.annotations.length).toBe(1);
    expect(module.globals.map((i) => i.resultId)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const [fn] = module.functions;
    expect(fn.id).toBe(ids.main);
    expect(fn.blocks.map((bl) => bl.id)).toEqual([10, 16]);
    expect(fn.blocks[0].instructions.map((i) => i.opcode)).toEqual([Op.Variable, Op.Load, Op.CompositeExtract, Op.Store, Op.Load, Op.IMul, Op.Branch]);
    expect(fn.end.opcode).toBe(Op.FunctionEnd);
  });

  it('round-trips through the decoder', () => {
    const words = encodeModule(buildShader().module);
    expect([...encodeModule(decodeModule(words))]).toEqual([...words]);
  });
});

describe('Builder: generated methods', () => {
  function setup() {
    const module = new Module();
    const b = new Builder(module);
    const uint = b.typeInt(32, 0).resultId;
    const ulong = b.typeInt(64, 0).resultId;
    const float = b.typeFloat(32).resultId;
    const ptr = b.typePointer(StorageClass.Function, uint).resultId;
    const void_ = b.typeVoid().resultId;
    const fnType = b.typeFunction(void_).resultId;
    b.function(void_, FunctionControl.None, fnType);
    const label = b.label();
    const v = b.variable(ptr, StorageClass.Function).resultId;
    return { module, b, uint, ulong, float, ptr, v, label };
  }

  it('load and store take MemoryAccess and its parameters', () => {
    const { b, uint, v } = setup();
    const load = b.load(uint, v);
    expect([load.opcode, load.typeId, ...load.operands]).toEqual([Op.Load, uint, v]);
    const store = b.store(v, load.resultId, MemoryAccess.Aligned | MemoryAccess.Nontemporal, 16);
    expect([...store.operands]).toEqual([v, load.resultId, MemoryAccess.Aligned | MemoryAccess.Nontemporal, 16]);
    expectError(() => b.store(v, load.resultId, undefined, 16), 'BAD_OPERAND', /OpStore/, /memoryAccessParams/);
  });

  it('decorate encodes string and enum parameters', () => {
    const { b, v } = setup();
    const d = b.decorate(v, Decoration.LinkageAttributes, 'f', LinkageType.Export);
    expect([...d.operands]).toEqual([v, Decoration.LinkageAttributes, ...encodeLiteralString('f'), LinkageType.Export]);
  });

  it('constant takes a number, a bigint or words, as wide as its type', () => {
    const { b, uint, ulong } = setup();
    expect([...b.constant(uint, -1).operands]).toEqual([0xffffffff]);
    expect([...b.constant(ulong, 0x1_0000_0002n).operands]).toEqual([2, 1]);
    expect([...b.constant(ulong, -1n).operands]).toEqual([0xffffffff, 0xffffffff]);
    expect([...b.constant(ulong, [7, 0]).operands]).toEqual([7, 0]);
    expectError(() => b.constant(ulong, 7), 'BAD_OPERAND', "missing operand 'Value' (LiteralContextDependentNumber)");
    expectError(() => b.constant(uint, 7n), 'BAD_OPERAND', /extra operand word/);
  });

  it('phi, switch, extInst and specConstantOp', () => {
    const { module, b, uint, float, label } = setup();
    const one = b.constant(uint, 1).resultId;
    const [l1, l2] = [b.newId(), b.newId()];
    const sw = b.switch(one, l1, [
      [1, l1],
      [2, l2],
    ]);
    expect([...sw.operands]).toEqual([one, l1, 1, l1, 2, l2]);
    b.withId(l1).label();
    const phi = b.phi(uint, [
      [one, label.resultId],
      [one, l2],
    ]);
    expect([...phi.operands]).toEqual([one, label.resultId, one, l2]);
    const glsl = b.extInstImport('GLSL.std.450').resultId;
    expect(module.extInstImports.length).toBe(1);
    const half = b.constant(float, 0x3f000000).resultId;
    const sqrt = b.extInst(float, glsl, 31, [half]);
    expect([...sqrt.operands]).toEqual([glsl, 31, half]);
    expectError(() => b.extInst(float, glsl, 31), 'BAD_OPERAND', "missing operand 'x' (IdRef)", /Instruction/);
    const sum = b.specConstantOp(uint, Op.IAdd, one, one);
    expect([...sum.operands]).toEqual([Op.IAdd, one, one]);
    expect(module.globals).toContain(sum);
  });

  it('optional operands can only be left out at the end', () => {
    const { b } = setup();
    b.source(SourceLanguage.GLSL, 450);
    expectError(() => b.source(SourceLanguage.GLSL, 450, undefined, 'void main() {}'), 'BAD_OPERAND', /'source' is given but 'file'/);
  });
});

describe('Builder: checked errors', () => {
  function setup() {
    const module = new Module();
    const b = new Builder(module);
    const uint = b.typeInt(32, 0).resultId;
    const ptr = b.typePointer(StorageClass.Function, uint).resultId;
    const v = b.global(Op.Variable, ptr, [StorageClass.Function]).resultId;
    return { module, b, uint, ptr, v };
  }

  it('missing operand', () => {
    const { b, v } = setup();
    expectError(() => b.make(Op.Store, 0, [v]), 'BAD_OPERAND', /^OpStore: /, "missing operand 'Object' (IdRef)");
    expectError(() => b.make(Op.Load, 1, [v, MemoryAccess.Aligned]), 'BAD_OPERAND', 'missing operand LiteralInteger (a parameter of operand MemoryAccess)');
    expectError(() => b.make(Op.TypeInt, 0, [32]), 'BAD_OPERAND', "missing operand 'Signedness' (LiteralInteger)");
  });

  it('extra operand', () => {
    const { b, uint, v } = setup();
    expectError(() => b.make(Op.Return, 0, [1]), 'BAD_OPERAND', /^OpReturn: 1 extra operand word/);
    expectError(() => b.make(Op.Load, uint, [v, 0, 5]), 'BAD_OPERAND', '1 extra operand word (from operand word 2) after operand MemoryAccess');
    const e = expectError(() => b.make(Op.TypeInt, 0, [32, 0, 9]), 'BAD_OPERAND', "after operand 'Signedness' (LiteralInteger)");
    expect(e.opname).toBe('OpTypeInt');
    expect(e.hint).toContain("'Width' (LiteralInteger), 'Signedness' (LiteralInteger)");
  });

  it('missing or unexpected result type', () => {
    const { b, uint, v } = setup();
    expectError(() => b.make(Op.Load, 0, [v]), 'BAD_OPERAND', /^OpLoad: /, "'Result Type' (IdResultType)");
    expectError(() => b.make(Op.Store, uint, [v, v]), 'BAD_OPERAND', 'has no result type');
    expectError(() => b.make(Op.Load, 99, [v]), 'BAD_OPERAND', "'Result Type' (IdResultType) is id 99");
  });

  it('unknown enumerant', () => {
    const { b, v } = setup();
    expectError(() => b.capability(99999), 'BAD_OPERAND', "OpCapability: operand 'Capability' (Capability) has value 99999, which is no Capability enumerant");
    expectError(
      () => b.decorate(v, Decoration.BuiltIn, 0x7fff0000),
      'BAD_OPERAND',
      'operand Decoration, its BuiltIn parameter, has value 2147418112, which is no BuiltIn enumerant',
    );
    expectError(() => b.make(Op.Store, 0, [v, v, 0x80000000]), 'BAD_OPERAND', /operand MemoryAccess has value 2147483648/);
  });

  it('id 0 or out of bound', () => {
    const { module, b, uint, v } = setup();
    const bound = module.ids.bound;
    expectError(() => b.store(v, bound), 'BAD_OPERAND', `operand 'Object' (IdRef) is id ${bound}, not below the module's id bound ${bound}`);
    expectError(() => b.store(0, v), 'BAD_OPERAND', "operand 'Pointer' (IdRef) is id 0");
    expectError(() => b.typeStruct([uint, 1234]), 'BAD_OPERAND', /operand 'Member 0 type, member 1 type, \.\.\.' \(IdRef\) is id 1234/);
    expectError(() => b.withId(bound).typeFloat(32), 'BAD_OPERAND', /withId/);
    expect(module.ids.bound).toBe(bound); // failed makes allocate nothing
  });

  it('other construction errors', () => {
    const { b, uint } = setup();
    expectError(() => b.make(0xfff0, 0, []), 'UNKNOWN_OPCODE');
    expectError(() => b.make(Op.Name, 0, [uint, 0x41414141]), 'BAD_OPERAND', "operand 'Name' (LiteralString) is not terminated");
    expectError(() => b.withId(b.newId()).capability(Capability.Shader), 'BAD_OPERAND', 'has no result id');
    expectError(() => b.iAdd(uint, uint, uint), 'BAD_FUNCTION_LAYOUT', /no insertion point/);
    expectError(() => b.label(), 'BAD_FUNCTION_LAYOUT', /outside a function/);
  });
});

describe('Builder: insertion points and context', () => {
  it('inserts before, after and at an index, keeping emission order', () => {
    const { module, b, ids } = buildShader();
    const block = module.functions[0].blocks[0];
    const branch = block.instructions[block.instructions.length - 1];
    const a = b.before(block, branch).iAdd(ids.uint, ids.x, ids.five);
    const c = b.iSub(ids.uint, a.resultId, ids.five);
    expect(block.instructions.slice(-3)).toEqual([a, c, branch]);
    const d = b.after(block, block.label).undef(ids.uint);
    expect(block.instructions[0]).toBe(d);
    const e = b.at(block, 2).undef(ids.uint);
    expect(block.instructions[2]).toBe(e);
    const exitBlock = module.functions[0].blocks[1];
    const f = b.atEndOf(exitBlock).nop();
    expect(exitBlock.instructions.at(-1)).toBe(f);
    expectError(() => b.before(exitBlock, branch), 'BAD_FUNCTION_LAYOUT');
    const u = b.global(Op.Undef, ids.uint, []);
    expect(module.globals.at(-1)).toBe(u);
  });

  it('adds blocks to an existing function', () => {
    const { module, b, ids } = buildShader();
    const fn = module.functions[0];
    b.atEndOf(fn);
    const l = b.label();
    b.unreachable();
    expect(fn.blocks.at(-1)!.label).toBe(l);
    expect(fn.blocks.at(-1)!.instructions.map((i) => i.opcode)).toEqual([Op.Unreachable]);
    expect(ids.main).toBe(fn.id);
  });

  it('uses the module context, and refresh() picks up changes made around the builder', () => {
    const module = new Module();
    const long1 = new Instruction(Op.TypeInt, 0, module.ids.allocate(), [64, 0]);
    module.globals.push(long1);
    const b = new Builder(module);
    expect([...b.constant(long1.resultId, 3n).operands]).toEqual([3, 0]); // from moduleOperandContext
    expectError(() => b.constant(long1.resultId, 3), 'BAD_OPERAND', /missing operand 'Value'/);
    const long2 = new Instruction(Op.TypeInt, 0, module.ids.allocate(), [64, 0]);
    module.globals.push(long2);
    b.refresh();
    expectError(() => b.constant(long2.resultId, 3), 'BAD_OPERAND', /missing operand 'Value'/);
  });
});
