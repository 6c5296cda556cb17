// Which of the validator's rule families a Debian spirv-val 2023.1 message belongs to, by its
// wording: how the differential test checks that both name the same family where both reject.
import type { RuleFamily } from '@spvkit/validator';

const PATTERNS: readonly [RuleFamily, RegExp][] = [
  [
    'control-flow',
    /must immediately precede|is already a merge block|^Merge Block|^Continue Target|loop controls must not|IterationMultiple loop control|are referenced but not defined in function|'Target Label' operands|The '(True|False) Label' operand|Condition operand for OpBranchConditional|^Selector type must be|True Label and False Label|^Default must be an OpLabel|^First block .* is targeted|appears in the binary before its dominator|^Back-edges|back-edge blocks|structurally (post )?dominat|^block <ID> .* (exits the|branches to the)|is contained in the .* construct headed by|branches to the loop continue target|[Cc]ase construct|Selection must be structured|OpSwitch must be preceded/,
  ],
  // Before binary: the version is one SPIR-V has, but not one the target environment takes.
  ['environment', /^Invalid SPIR-V binary version .* for target environment/],
  ['binary', /Invalid SPIR-V magic|Invalid SPIR-V header|Invalid SPIR-V binary version|word count|truncated|Invalid instruction word count/i],
  // Before layout, whose "is not allowed" would take "Capability X is not allowed by Vulkan 1.0".
  [
    'capabilities',
    /requires one of these capabilities|requires capability|^Using an? \d+-bit .* type requires the|components for TypeVector requires the Vector16|Use of device scope with VulkanKHR memory model requires|64-bit atomics require the Int64Atomics|Cannot form constants of 8- or 16-bit types|requires one of (these|the following) extensions|requires SPIR-V version|is not allowed by Vulkan|is reserved for future use|NonSemantic extended instruction sets cannot be declared|extension requires SPIR-V version/,
  ],
  [
    'decorations',
    /decorated as (Block|BufferBlock)|must be explicitly laid out|layout rules: member|decoration on target <id>|can only be applied to structure members|cannot be applied to structure members|^OpMemberDecorate|^OpGroup(Member)?Decorate|provided in OpGroupMemberDecorate|Result id of OpDecorationGroup|decorated with both|multiple times is not allowed|decoration on a non-struct type|Decorations (taking|that don't take) ID parameters|BuiltIns can only target|^Target of \w+ (member )?decoration|decoration applied to|decoration may not be applied to|RelaxPrecision decoration|Location decoration can only|Component decoration|Sequence of components|banned when using the Vulkan memory model|is missing Block|BufferBlock is disallowed|cannot have any Location or Component|Interface struct has no Block|must have a Flat decoration|decorated variable must not be used|at most one object per Storage Class|is not valid for the Vulkan execution environment|decoration must not be applied to this storage class|Attempted to get underlying data type via member index|^Function (declaration|definition) \(id|Import Linkage [Tt]ype|The LinkageAttributes Decoration|FPRoundingMode (decoration|mode)|When BuiltIn decoration is applied to a structure-type member/,
  ],
  [
    'layout',
    /A block must end with a branch|is in an invalid layout section|cannot appear in|must appear in a block|is not allowed|Missing required OpMemoryModel|All OpVariable instructions|OpPhi must appear|Function end cannot|cannot be called in blocks|must be the first|Invalid layout|can only appear|in a function declaration|appear before|Missing OpFunctionEnd|nested/,
  ],
  ['ssa', /does not dominate|OpPhi's|not a predecessor|defined in another function/],
  [
    'ids',
    /forward referenced IDs have not been defined|requires a previous definition|is not a type|has not been defined|has already been defined|exceeds the bound/,
  ],
  [
    'types',
    /^Expected |cannot be a type|Operand .* cannot be|^OpStore Pointer .*type does not match|^OpLoad Result Type|is not a logical pointer|^OpReturnValue Value|^Result type \(Op|access is out of bounds|OpAccessChain|Index is out of bounds|Reached non-composite type|PtrAccessChain|^OpVariable |section 3.32.8 on OpVariable|^Initializer type must match|^Variables (must|can not) have a function|^(Target|Source|Size) (operand )?<id>|^OpFunction(Parameter|Call)? (Result Type|Function Type|Function <id>|Argument <id>)|^Too many OpFunctionParameters|^Component index \d+ is out of bounds|^OpVectorShuffle |^The Result Type of Op|^The type of Vector|^The Component Type of Vector|^The Result Type must be the same as Composite|^The Object type|^Atomic\w+: expected|^(Control|Memory)Barrier: expected|ids must be OpConstant when Shader capability|from OpSampledImage instruction must not appear|^Image 'MS' must|^Image must have either|^Invalid scope value|Result-04780\] Expected Result Type|^Result Type has \d+ components/,
  ],
  [
    'environment',
    /is not listed as an interface|Interfaces passed to OpEntryPoint|OpEntryPoint interfaces|Non-unique OpEntryPoint interface|execution model entry points|Execution mode can only be used|Entry Point operand of an OpEntryPoint|^OpExecutionMode(Id)? is only valid|function parameter count is not zero|function return type is not void|callgraph contains function|has illegal type|is missing (DescriptorSet|Binding) decoration|uses more than one PushConstant|disallowed initializer|Invalid (Depth|Arrayed|MS|Sampled) |Dim SubpassData requires|Sampled image type requires|Entry points cannot share the same name|may not be targeted by both an OpEntryPoint|Variable must be decorated with a location|Entry-point has conflicting (input|output) location|Members cannot be assigned a location|is missing a location assignment|\[VUID-StandaloneSpirv-(OriginLowerLeft-04653|PixelCenterInteger-04654|LocalSize-06426|None-0463[35]|None-0464[345]|OpTypeImage-0465[67]|OpTypeImage-06214|Input-07290|OpTypeRuntimeArray-04680)\]/,
  ],
  // The current spirv-val's wording of the buffer layout rules (Debian's says "layout rules: member").
  ['decorations', /Instantiated via .* storage class using (standard|extended|scalar|relaxed)? ?layout rules/],
  [
    'types',
    /^Storage class must match result type storage class|^If OpTypeBool is stored in conjunction with OpVariable|^OpStore Pointer <id> .* storage class is read-only/,
  ],
  // The Vulkan BuiltIn rules: their VUIDs are VUID-<BuiltIn>-<BuiltIn>-<number>.
  ['builtins', /^\[VUID-(\w+)-\1-\d+\]|Vulkan spec allows BuiltIn|According to the Vulkan spec BuiltIn/],
];

/** The family of a spirv-val message (its first line, `error: line N: ` stripped), or undefined where none matches. */
export function spirvValFamily(message: string): RuleFamily | undefined {
  const first = (message.split('\n')[0] ?? '').replace(/^error: (line \d+: )?/, '');
  return PATTERNS.find(([, re]) => re.test(first))?.[0];
}

/**
 * spirv-val's first line with line numbers, ids and numbers made alike, so that one rule's
 * messages make one class of disagreement (the test's and the campaign's reports group by it).
 */
export function spirvValPattern(message: string): string {
  return (message.split('\n')[0] ?? '')
    .replace(/^error: (line \d+: )?/, '')
    .replace(/'\d+\[%[^\]]*\]'/g, "'ID'")
    .replace(/%[\w.$-]+/g, '%X')
    .replace(/\d+/g, 'N')
    .slice(0, 140);
}
