// The compute modules the lowering suites write in assembly, for what glslang cannot write
// (several entry points, signed index types, pointer copies, a WorkgroupSize composite): shared by
// the oracle suite (test/oracle), which checks the pass's output, and the execution suite
// (test/execution), which runs it.

type Vec3 = [number, number, number];

/** What {@link computeAsm} writes. */
export interface AsmOptions {
  /** spirv-as / spirv-val env; from `vulkan1.1spv1.4` on, interfaces list every global. */
  env: string;
  eps: { name: string; size: Vec3 }[];
  liiSigned?: boolean;
  /** An existing LocalInvocationId variable. */
  lid?: 'uint' | 'int';
  /** A constant composite decorated BuiltIn WorkgroupSize (wins over every LocalSize). */
  wgsComposite?: Vec3;
  /** How `leaf` reads the index. */
  read?: 'load' | 'copy' | 'accesschain' | 'param' | 'memory-operands' | 'copymemory';
  /** Entry points read the index first thing, too. */
  readInEntry?: boolean;
}

/**
 * Compute module(s): each entry point computes slot from GlobalInvocationId and calls
 * `record(slot)`, which loops twice calling `leaf(i)` = index * (i + 1) and stores rec[2*slot+i].
 * So rec[2*slot] = index, rec[2*slot+1] = 2*index, with the index read two calls deep in a loop.
 */
export function computeAsm(o: AsmOptions): string {
  const spv14 = /spv1\.[4-6]|vulkan1\.[23]/.test(o.env);
  const read = o.read ?? 'load';
  const consts = new Set<number>([0, 1, 2, 4]);
  for (const ep of o.eps) for (const n of o.wgsComposite ?? ep.size) consts.add(n);
  const lidVar = o.lid ? ' %lid' : '';
  const iface = `%lii %gid %nwg${lidVar}${spv14 ? ' %out' : ''}`;
  const L: string[] = [];
  L.push('OpCapability Shader', 'OpMemoryModel Logical GLSL450');
  for (const ep of o.eps) L.push(`OpEntryPoint GLCompute %ep_${ep.name} "${ep.name}" ${iface}`);
  for (const ep of o.eps) L.push(`OpExecutionMode %ep_${ep.name} LocalSize ${ep.size.join(' ')}`);
  L.push('OpName %lii "gl_LocalInvocationIndex"', 'OpName %leaf "leaf"', 'OpName %record "record"');
  L.push('OpDecorate %lii BuiltIn LocalInvocationIndex', 'OpDecorate %gid BuiltIn GlobalInvocationId', 'OpDecorate %nwg BuiltIn NumWorkgroups');
  if (o.lid) L.push('OpDecorate %lid BuiltIn LocalInvocationId');
  if (o.wgsComposite) L.push('OpDecorate %wgsize BuiltIn WorkgroupSize');
  L.push(
    'OpDecorate %rarr ArrayStride 4',
    'OpMemberDecorate %Out 0 Offset 0',
    'OpDecorate %Out Block',
    'OpDecorate %out DescriptorSet 0',
    'OpDecorate %out Binding 0',
  );
  L.push(
    '%void = OpTypeVoid',
    '%bool = OpTypeBool',
    '%uint = OpTypeInt 32 0',
    '%int = OpTypeInt 32 1',
    '%v3uint = OpTypeVector %uint 3',
    '%v3int = OpTypeVector %int 3',
    '%fn = OpTypeFunction %void',
    '%fn_u = OpTypeFunction %void %uint',
  );
  for (const c of consts) L.push(`%c${c} = OpConstant %uint ${c}`);
  if (o.wgsComposite) L.push(`%wgsize = OpConstantComposite %v3uint ${o.wgsComposite.map((n) => `%c${n}`).join(' ')}`);
  const idxT = o.liiSigned ? '%int' : '%uint';
  L.push(
    '%rarr = OpTypeRuntimeArray %uint',
    '%Out = OpTypeStruct %rarr',
    '%p_sb_Out = OpTypePointer StorageBuffer %Out',
    '%p_sb_uint = OpTypePointer StorageBuffer %uint',
    `%p_idx = OpTypePointer Input ${idxT}`,
    '%p_v3uint = OpTypePointer Input %v3uint',
    '%p_v3int = OpTypePointer Input %v3int',
    '%p_fn_idx = OpTypePointer Function ' + idxT,
    read === 'param' ? '%fn_leaf = OpTypeFunction %uint %uint %p_idx' : '%fn_leaf = OpTypeFunction %uint %uint',
    '%out = OpVariable %p_sb_Out StorageBuffer',
    '%lii = OpVariable %p_idx Input',
    '%gid = OpVariable %p_v3uint Input',
    '%nwg = OpVariable %p_v3uint Input',
  );
  if (o.lid) L.push(`%lid = OpVariable ${o.lid === 'int' ? '%p_v3int' : '%p_v3uint'} Input`);
  // leaf(k) = index * (k + 1)
  L.push('%leaf = OpFunction %uint None %fn_leaf', '%k = OpFunctionParameter %uint');
  if (read === 'param') L.push('%pp = OpFunctionParameter %p_idx');
  L.push('%leaf_l = OpLabel');
  if (read === 'copymemory') L.push('%tmp = OpVariable %p_fn_idx Function');
  switch (read) {
    case 'load':
      L.push(`%x = OpLoad ${idxT} %lii`);
      break;
    case 'memory-operands':
      L.push(`%x = OpLoad ${idxT} %lii Volatile|Aligned 4`);
      break;
    case 'copy':
      L.push('%c_1 = OpCopyObject %p_idx %lii', '%c_2 = OpCopyObject %p_idx %c_1', `%x = OpLoad ${idxT} %c_2`);
      break;
    case 'accesschain':
      L.push('%ac = OpAccessChain %p_idx %lii', `%x = OpLoad ${idxT} %ac`);
      break;
    case 'param':
      L.push(`%x = OpLoad ${idxT} %pp`);
      break;
    case 'copymemory':
      L.push('OpCopyMemory %tmp %lii', `%x = OpLoad ${idxT} %tmp`);
      break;
  }
  L.push(o.liiSigned ? '%xu = OpBitcast %uint %x' : '%xu = OpCopyObject %uint %x');
  L.push('%k1 = OpIAdd %uint %k %c1', '%res = OpIMul %uint %xu %k1', 'OpReturnValue %res', 'OpFunctionEnd');
  // record(slot): for i in 0..1: rec[2*slot + i] = leaf(i)
  L.push(
    '%record = OpFunction %void None %fn_u',
    '%slot = OpFunctionParameter %uint',
    '%r0 = OpLabel',
    'OpBranch %hdr',
    '%hdr = OpLabel',
    '%i = OpPhi %uint %c0 %r0 %inext %body',
    '%cond = OpULessThan %bool %i %c2',
    'OpLoopMerge %merge %body None',
    'OpBranchConditional %cond %body %merge',
    '%body = OpLabel',
    `%v = OpFunctionCall %uint %leaf %i${read === 'param' ? ' %lii' : ''}`,
    '%s2 = OpIMul %uint %slot %c2',
    '%s = OpIAdd %uint %s2 %i',
    '%p = OpAccessChain %p_sb_uint %out %c0 %s',
    'OpStore %p %v',
    '%inext = OpIAdd %uint %i %c1',
    'OpBranch %hdr',
    '%merge = OpLabel',
    'OpReturn',
    'OpFunctionEnd',
  );
  for (const ep of o.eps) {
    const [X, Y] = o.wgsComposite ?? ep.size;
    const n = ep.name;
    L.push(`%ep_${n} = OpFunction %void None %fn`, `%${n}_l = OpLabel`);
    if (o.readInEntry) L.push(`%${n}_first = OpLoad ${idxT} %lii`);
    L.push(
      `%${n}_g = OpLoad %v3uint %gid`,
      `%${n}_w = OpLoad %v3uint %nwg`,
      `%${n}_gx = OpCompositeExtract %uint %${n}_g 0`,
      `%${n}_gy = OpCompositeExtract %uint %${n}_g 1`,
      `%${n}_gz = OpCompositeExtract %uint %${n}_g 2`,
      `%${n}_wx = OpCompositeExtract %uint %${n}_w 0`,
      `%${n}_wy = OpCompositeExtract %uint %${n}_w 1`,
      `%${n}_nx = OpIMul %uint %${n}_wx %c${X}`,
      `%${n}_ny = OpIMul %uint %${n}_wy %c${Y}`,
      `%${n}_t0 = OpIMul %uint %${n}_ny %${n}_gz`,
      `%${n}_t1 = OpIAdd %uint %${n}_gy %${n}_t0`,
      `%${n}_t2 = OpIMul %uint %${n}_nx %${n}_t1`,
      `%${n}_slot = OpIAdd %uint %${n}_gx %${n}_t2`,
      `%${n}_call = OpFunctionCall %void %record %${n}_slot`,
      'OpReturn',
      'OpFunctionEnd',
    );
  }
  return L.join('\n') + '\n';
}
