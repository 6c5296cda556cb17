// enums.ts and enum/*.ts: one module per enumeration (Op and every ValueEnum/BitEnum kind), one
// `export const` per name, re-exported as a namespace (`export * as Decoration`). A bundler then
// inlines `Decoration.BuiltIn` as 11 and keeps no table at all, where a plain object would keep
// every name of the kind. Names that are not identifiers (Dim's `1D`) are exported under their own
// name as a string.
import { fail, isEnumKind, parseValue } from './grammar.mjs';
import { IDENT, header, str } from './output.mjs';

/** The text of one enumeration's module: `entries` are `[name, value text]`, in order. */
export function enumModule(name, doc, entries, source) {
  const seen = new Set();
  const lines = [header(source), `// ${doc}`, ''];
  const odd = [];
  for (const [k, v] of entries) {
    if (seen.has(k)) fail(`duplicate key ${k} in ${name}`);
    seen.add(k);
    if (IDENT.test(k) && k !== '__proto__') lines.push(`export const ${k} = ${v};`);
    else {
      const local = `$${k.replace(/[^A-Za-z0-9_$]/g, '_')}`;
      if (seen.has(local)) fail(`local name ${local} of ${k} in ${name} is taken`);
      lines.push(`const ${local} = ${v};`);
      odd.push(`export { ${local} as ${str(k)} };`);
    }
  }
  return [...lines, ...odd, ''].join('\n');
}

export function enums({ core, sources }) {
  const modules = [];
  const enumsTs = [header(sources.core)];
  const opEntries = [];
  for (const i of core.instructions) {
    for (const n of [i.opname, ...(i.aliases ?? [])]) {
      if (!n.startsWith('Op')) fail(`opname without Op prefix: ${n}`);
      opEntries.push([n.slice(2), i.opcode]);
    }
  }
  const opDoc = 'Opcodes by name without the `Op` prefix (aliases included).';
  modules.push({ file: 'enum/Op.ts', text: enumModule('Op', opDoc, opEntries, sources.core) });
  enumsTs.push(`/** ${opDoc} */`, "export * as Op from './enum/Op.js';");
  for (const k of core.operand_kinds) {
    if (!isEnumKind(k)) continue;
    if (!IDENT.test(k.kind) || k.kind === 'Op') fail(`operand kind name ${k.kind} cannot be exported`);
    const entries = [];
    for (const e of k.enumerants) {
      const v = parseValue(e.value, `${k.kind}.${e.enumerant}`);
      const vs = k.category === 'BitEnum' ? `0x${v.toString(16)}` : String(v);
      for (const n of [e.enumerant, ...(e.aliases ?? [])]) entries.push([n, vs]);
    }
    const doc = `${k.kind} (${k.category}) values (aliases included).`;
    modules.push({ file: `enum/${k.kind}.ts`, text: enumModule(k.kind, doc, entries, sources.core) });
    enumsTs.push(`/** ${doc} */`, `export * as ${k.kind} from './enum/${k.kind}.js';`);
  }
  enumsTs.push('');
  return [{ file: 'enums.ts', text: enumsTs.join('\n') }, ...modules];
}
