/**
 * The flags of the native tool each command stands in for, so that an unknown option that one of
 * them takes is answered with what it is ("a spirv-opt flag spvkit opt does not have") instead
 * of a bare "unknown option". Lists, not parsers: only an option the command refused is looked
 * up here, and this module is loaded only then.
 *
 * spirv-opt, spirv-val, spirv-dis and spirv-as: every flag their `--help` lists (SPIRV-Tools
 * v2026.4). glslangValidator: every `--word` its command-line parser compares against and every
 * short flag of its `usage()` (glslang 90afccfbd, StandAlone/StandAlone.cpp).
 */
export interface NativeToolFlags {
  /** The tool's name, as its users know it. */
  readonly tool: string;
  /** Long flags, with their dashes (`--loop-fission`). */
  readonly long: ReadonlySet<string>;
  /** Whether the tool reads long flags in any case (glslangValidator lower-cases them first). */
  readonly longInAnyCase: boolean;
  /** Short flags spelled out whole (`-Os`, `-g0`, `-dumpversion`). */
  readonly short: ReadonlySet<string>;
  /**
   * Letters of short flags that take their value in the same word (glslangValidator's `-V100`,
   * `-DNAME`, `-fhlsl_functionality1`): `-X...` is that tool's flag `-X` for each of them.
   */
  readonly shortWithValue: string;
}

const SPIRV_OPT: NativeToolFlags = {
  tool: 'spirv-opt',
  long: new Set(
    (
      '--amd-ext-to-khr --before-hlsl-legalization --canonicalize-ids --ccp --cfg-cleanup --combine-access-chains --compact-ids ' +
      '--convert-local-access-chains --convert-relaxed-to-half --convert-to-sampled-image --copy-propagate-arrays ' +
      '--descriptor-array-scalar-replacement --descriptor-composite-scalar-replacement --descriptor-scalar-replacement ' +
      '--eliminate-dead-branches --eliminate-dead-code-aggressive --eliminate-dead-const --eliminate-dead-functions ' +
      '--eliminate-dead-input-components --eliminate-dead-inserts --eliminate-dead-variables --eliminate-insert-extract ' +
      '--eliminate-local-multi-store --eliminate-local-single-block --eliminate-local-single-store --fix-func-call-param ' +
      '--flatten-decorations --fold-spec-const-op-composite --freeze-spec-const --graphics-robust-access --help --if-conversion ' +
      '--inline-entry-points-exhaustive --legalize-hlsl --legalize-multidim-array --local-redundancy-elimination --loop-fission ' +
      '--loop-fusion --loop-invariant-code-motion --loop-peeling --loop-peeling-threshold --loop-unroll --loop-unroll-partial ' +
      '--loop-unswitch --max-id-bound --merge-blocks --merge-return --modify-maximal-reconvergence --preserve-bindings ' +
      '--preserve-interface --preserve-spec-constants --print-all --private-to-local --reduce-load-size --redundancy-elimination ' +
      '--relax-block-layout --relax-float-ops --relax-logical-pointer --relax-struct-store --remove-duplicates ' +
      '--remove-unused-interface-variables --replace-desc-array-access-using-var-index --replace-invalid-opcode ' +
      '--resolve-binding-conflicts --scalar-block-layout --scalar-replacement --set-spec-const-default-value ' +
      '--simplify-instructions --skip-block-layout --skip-validation --split-combined-image-sampler --spread-volatile-semantics ' +
      '--ssa-rewrite --strength-reduction --strip-debug --strip-nonsemantic --strip-reflect --struct-packing ' +
      '--switch-descriptorset --target-env --time-report --trim-capabilities --unify-const --upgrade-memory-model ' +
      '--validate-after-all --vector-dce --version --workaround-1209 --workgroup-scalar-block-layout --wrap-opkill'
    ).split(' '),
  ),
  longInAnyCase: false,
  short: new Set(['-O', '-Os', '-Oconfig', '-h', '-o']),
  shortWithValue: '',
};

const SPIRV_VAL: NativeToolFlags = {
  tool: 'spirv-val',
  long: new Set(
    (
      '--allow-localsizeid --allow-offset-texture-operand --allow-vulkan-32-bit-bitwise --before-hlsl-legalization ' +
      '--buffer-descriptor-layout --help --image-descriptor-layout --max-access-chain-indexes --max-control-flow-nesting-depth ' +
      '--max-function-args --max-global-variables --max-id-bound --max-local-variables --max-struct-depth --max-struct-members ' +
      '--max-switch-branches --relax-block-layout --relax-logical-pointer --relax-struct-store --sampler-descriptor-layout ' +
      '--scalar-block-layout --skip-block-layout --target-env --tensor-descriptor-layout --uniform-buffer-standard-layout ' +
      '--version --workgroup-scalar-block-layout'
    ).split(' '),
  ),
  longInAnyCase: false,
  short: new Set(['-h']),
  shortWithValue: '',
};

const SPIRV_DIS: NativeToolFlags = {
  tool: 'spirv-dis',
  long: new Set(
    '--color --comment --handle-unknown-opcodes --help --nested-indent --no-color --no-header --no-indent --offsets --raw-id --reorder-blocks --version'.split(
      ' ',
    ),
  ),
  longInAnyCase: false,
  short: new Set(['-h', '-o']),
  shortWithValue: '',
};

const SPIRV_AS: NativeToolFlags = {
  tool: 'spirv-as',
  long: new Set(['--help', '--preserve-numeric-ids', '--target-env', '--version']),
  longInAnyCase: false,
  short: new Set(['-h', '-o']),
  shortWithValue: '',
};

const GLSLANG_VALIDATOR: NativeToolFlags = {
  tool: 'glslangValidator',
  long: new Set(
    (
      '--absolute-path --amb --aml --auto-map-binding --auto-map-bindings --auto-map-locations --auto-sampled-textures ' +
      '--bindings-per-resource-type --client --d --define-macro --depfile --discard-is-terminate --dump-builtin-symbols ' +
      '--enhanced-msgs --entry-point --error-column --flatten-uniform-array --flatten-uniform-arrays --fua --glsl-version --help ' +
      '--hlsl-dx-position-w --hlsl-dx9-compatible --hlsl-enable-16bit-types --hlsl-iomap --hlsl-iomapper --hlsl-iomapping ' +
      '--hlsl-offsets --invert-y --iy --keep-uncalled --ku --lto --nan-clamp --no-link --no-storage-format --nsf --p ' +
      '--preamble-text --quiet --reflect-all-block-variables --reflect-all-io-variables --reflect-basic-array-suffix ' +
      '--reflect-intermediate-io --reflect-separate-buffers --reflect-shared-std140-ssbo --reflect-shared-std140-ubo ' +
      '--reflect-strict-array-suffix --reflect-unwrap-io-blocks --relax-set-binding-limits --relaxed-errors ' +
      '--resource-set-binding --resource-set-bindings --rsb --sab --sacb --sbb --sbs --scb --scsb --sdub --sep ' +
      '--set-atomic-counter-block --set-block-storage --set-default-uniform-block --shift-as-binding --shift-as-bindings ' +
      '--shift-cbuffer-binding --shift-cbuffer-bindings --shift-combined-sampler-binding --shift-combined-sampler-bindings ' +
      '--shift-image-binding --shift-image-bindings --shift-sampler-binding --shift-sampler-bindings --shift-ssbo-binding ' +
      '--shift-ssbo-bindings --shift-texture-binding --shift-texture-bindings --shift-uav-binding --shift-uav-bindings ' +
      '--shift-ubo-binding --shift-ubo-bindings --sib --source-entrypoint --spirv-dis --spirv-val --ssb --stb --stdin --suavb ' +
      '--sub --suppress-warnings --target-env --u --undef-macro --uniform-base --validate-io --variable-name --version --vn'
    ).split(' '),
  ),
  longInAnyCase: true,
  short: new Set(['-Od', '-Os', '-g0', '-gV', '-gVS', '-dumpversion', '-dumpfullversion']),
  // glslangValidator switches on the letter after the dash, whatever follows it.
  shortWithValue: 'CDEGHIOPRSUVcdefghilmoqrstuvwx',
};

/** The native tool each spvkit command stands in for. */
const TOOL_OF: ReadonlyMap<string, NativeToolFlags> = new Map([
  ['opt', SPIRV_OPT],
  ['val', SPIRV_VAL],
  ['dis', SPIRV_DIS],
  ['as', SPIRV_AS],
  ['glsl', GLSLANG_VALIDATOR],
]);

/**
 * The native tool of `command` when it takes `flag` (as written on the command line, a value
 * after `=` or attached to a short flag included); undefined when it does not, or `command`
 * stands in for no tool.
 *
 * @example
 * ```ts
 * nativeToolOf('opt', '--loop-fission'); // 'spirv-opt'
 * nativeToolOf('glsl', '-V100'); // 'glslangValidator'
 * ```
 */
export function nativeToolOf(command: string, flag: string): string | undefined {
  const flags = TOOL_OF.get(command);
  if (flags === undefined || !flag.startsWith('-') || flag === '-' || flag === '--') return undefined;
  if (flag.startsWith('--')) {
    const name = flag.split('=', 1)[0];
    return flags.long.has(flags.longInAnyCase ? name.toLowerCase() : name) ? flags.tool : undefined;
  }
  if (flags.short.has(flag.split('=', 1)[0]) || flags.shortWithValue.includes(flag[1])) return flags.tool;
  return undefined;
}
