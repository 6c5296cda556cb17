// A Node program that imports a compute shader. Rollup and @spvkit/rollup-plugin turned the import
// into the lowered module's words and its reflection (and, with ?spvasm, its disassembly).
import mirror, { entryPoints, bindings, pushConstants, specConstants } from './shaders/mirror.comp';
import disassembly from './shaders/mirror.comp?spvasm';

const hex = (n) => `0x${n.toString(16).padStart(8, '0')}`;
const workgroup = (ep) => {
  if (!ep.workgroupSize) return '';
  const spec = ep.workgroupSizeSpecIds.map((id, i) => (id === null ? null : `${'xyz'[i]}: SpecId ${id}`)).filter(Boolean);
  return `  workgroup ${ep.workgroupSize.join(' x ')}${spec.length ? ` (${spec.join(', ')})` : ''}`;
};

console.log(`mirror.comp: ${mirror.length} words (${mirror.byteLength} bytes), magic ${hex(mirror[0])}, bound ${mirror[3]}`);
console.log('\nentry points:');
for (const ep of entryPoints) console.log(`  ${ep.name}  ${ep.executionModel}${workgroup(ep)}`);
console.log('bindings:');
for (const b of bindings) console.log(`  set ${b.set} binding ${b.binding}  ${b.kind}  ${b.name}${b.count === 1 ? '' : `[${b.count || ''}]`}`);
console.log(`push constants: ${pushConstants ? `${pushConstants.size} bytes` : 'none'}`);
for (const m of pushConstants?.members ?? []) console.log(`  ${m.name} at offset ${m.offset}, ${m.size} bytes`);
console.log('spec constants:');
for (const s of specConstants) console.log(`  SpecId ${s.id}  ${s.type} ${s.name} = ${s.default}`);
console.log('\nlowered disassembly (lower-local-invocation-index):');
process.stdout.write(disassembly);
