// extEnums.ts and extEnum/*.ts: the instruction numbers of each extended instruction set as a
// namespace of constants, like the core enums (`NonSemanticShaderDebugInfo100.DebugLine` is 103),
// named after the set's import name without its dots.
import { fail } from './grammar.mjs';
import { IDENT, header } from './output.mjs';
import { enumModule } from './enums.mjs';

export function extEnums({ extSets, sources }) {
  const modules = [];
  const extEnumsTs = [header(sources.ext)];
  for (const { file, importName, exactName, grammar: g } of extSets) {
    const name = importName.replace(/[^A-Za-z0-9]/g, '');
    if (!IDENT.test(name)) fail(`${file}: ${name} is not an identifier`);
    const doc = `Instruction numbers of the extended instruction set ${importName}${exactName ? '' : '*'}.`;
    modules.push({
      file: `extEnum/${name}.ts`,
      text: enumModule(
        name,
        doc,
        g.instructions.map((i) => [i.opname, String(i.opcode)]),
        file,
      ),
    });
    extEnumsTs.push(`/** ${doc} */`, `export * as ${name} from './extEnum/${name}.js';`);
  }
  extEnumsTs.push('');
  return [{ file: 'extEnums.ts', text: extEnumsTs.join('\n') }, ...modules];
}
